// Ctrl-C (SIGINT) or SIGTERM of a real `judge run`, `judge verify` or `judge play` while its
// contestants run: it exits with 130 or 143, blames no contestant for the runs it stopped (no
// verdict, no summary), and no process it started (contestant, compiler),
// no directory of it (/tmp/entrapment-judge-<its pid>-*) and no control group of its boxes
// remains. A SIGKILL, which it cannot handle, leaves nothing either: its boxes and its sweeper
// see their lifeline break.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <fstream>
#include <thread>

#include "box/proc_table.hpp"
#include "containment/interrupts.hpp"
#include "tests/support/runs.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

// How long a wait on a condition may last before the test gives up: long, because the machine
// may be busy (on a 2-core machine at a load of 30 to 100, `judge run` took more than 30 s to
// start its contestants); what the test checks is the condition, never how soon it came.
constexpr double kPatience = 600;

// Waits until `count` contestants carrying `token` run, or `judge` has exited.
bool wait_for_processes(Process& judge, const std::string& token, int count) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(kPatience);
  while (std::chrono::steady_clock::now() < deadline && judge.running()) {
    if (staged_programs_with(token) >= count) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

void expect_clean_interrupt(Process& judge, int signal, const std::string& token, int running) {
  ASSERT_TRUE(wait_for_processes(judge, token, running)) << "the contestants did not start\n"
                                                         << judge.out() << judge.err();
  ASSERT_FALSE(judge_leftovers(judge.pid()).empty()) << "a judge at work has scratch directories";
  ::kill(judge.pid(), signal);
  const int status = judge.wait_for(kPatience);
  EXPECT_EQ(status, 128 + signal) << judge.out() << judge.err();
  EXPECT_NE(judge.err().find("judge: interrupted"), std::string::npos) << judge.err();
  // The runs the interrupt stopped are no verdict of the contestant's, nor is the submission's
  // (red team: "RTE ... killed by signal 9", then "Verdict: RTE" for an accepted program).
  for (const char* blamed : {"RTE", "Verdict:", "NOT as expected", "got "})
    EXPECT_EQ(judge.out().find(blamed), std::string::npos) << blamed << " in\n" << judge.out();
  EXPECT_EQ(processes_with(token), 0) << "contestant processes are left";
  EXPECT_EQ(judge_leftovers(judge.pid()), std::vector<std::string>{}) << "left behind";
}

std::string player_path() { return fs::absolute(bin_dir() / "test_player").string(); }

// Four tests of the first sample's board, in a directory of their own.
struct Tests {
  TempDir dir{"entrapment-test-tests", 0755};
  Tests() {
    for (int i = 1; i <= 4; ++i)
      std::ofstream(dir.path / (std::to_string(i) + ".in"))
          << "3 6\n1 2 3 7 8 9\nadversary adaptive " << i << "\n";
  }
};

TEST(Interrupt, SigintStopsJudgeRunWithTheSandbox) {
  Tests tests;
  const std::string token = "interrupt-run-" + std::to_string(::getpid());
  Process judge = start_judge(
      {"run", "--trust", tests.dir.path.string(), "-j", "2", "--", player_path(), "sleep", token},
      in_package());
  expect_clean_interrupt(judge, SIGINT, token, 2);
}

TEST(Interrupt, SigtermStopsJudgeRunWithoutTheSandbox) {
  Tests tests;
  const std::string token = "interrupt-run-plain-" + std::to_string(::getpid());
  Process judge = start_judge({"run", "--trust", tests.dir.path.string(), "-j", "2", "--no-sandbox",
                               "--", player_path(), "sleep", token},
                              in_package());
  expect_clean_interrupt(judge, SIGTERM, token, 2);
}

TEST(Interrupt, SigtermStopsJudgePlay) {
  const std::string token = "interrupt-play-" + std::to_string(::getpid());
  Process judge = start_judge(
      {"play", "--trust", "--board", "2 0", "--", player_path(), "sleep", token}, in_package());
  expect_clean_interrupt(judge, SIGTERM, token, 1);
}

TEST(Interrupt, SigintStopsJudgeVerify) {
  // A package of its own whose accepted solution sleeps.
  TempDir root("entrapment-test-package", 0755);
  fs::copy_file(package_root() / "problem.yaml", root.path / "problem.yaml");
  fs::copy_file(package_root() / "judge.yaml", root.path / "judge.yaml");
  fs::create_directories(root.path / "testdata" / "sample");
  fs::copy_file(package_root() / "testdata" / "sample" / "1.in",
                root.path / "testdata" / "sample" / "1.in");
  fs::create_directories(root.path / "solutions" / "accepted");
  const std::string token = "interrupt_verify_" + std::to_string(::getpid());
  std::ofstream(root.path / "solutions" / "accepted" / (token + ".py"))
      << "import time\ntime.sleep(1000)\n";
  const std::string root_path = root.path.string();
  Process judge =
      start_judge({"verify", "-j", "1"}, {{}, {{"ENTRAPMENT_ROOT", root_path.c_str()}}, ""});
  expect_clean_interrupt(judge, SIGINT, token, 1);
}

// Issue 36: a SIGKILL of the judge, which it cannot handle, left its runs' directories and
// control groups (and, without a PID namespace, a process with a run's id). Now each box sees
// its lifeline break and stops and clears its run, and the judge's sweeper removes the judge's
// directory: soon (seconds on an idle machine; the test waits for the condition, however long
// a busy machine takes) nothing of it is left, in bwrap and without.
TEST(Interrupt, NothingOfAJudgeKilledWithSigkillIsLeft) {
  for (const bool sandbox : {true, false}) {
    Tests tests;
    const std::string token =
        "sigkill-run-" + std::string(sandbox ? "bwrap-" : "none-") + std::to_string(::getpid());
    std::vector<std::string> args = {"run", "--trust", tests.dir.path.string(), "-j", "2"};
    if (!sandbox) args.push_back("--no-sandbox");
    args.insert(args.end(), {"--", player_path(), "sleep", token});
    Process judge = start_judge(args, in_package());
    ASSERT_TRUE(wait_for_processes(judge, token, 2)) << "the contestants did not start\n"
                                                     << judge.out() << judge.err();
    ASSERT_FALSE(judge_leftovers(judge.pid()).empty()) << "a judge at work has directories";
    ::kill(judge.pid(), SIGKILL);
    EXPECT_EQ(judge.wait_for(kPatience), 128 + SIGKILL);
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::duration<double>(kPatience);
    while ((processes_with(token) > 0 || !judge_leftovers(judge.pid()).empty()) &&
           std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_EQ(processes_with(token), 0)
        << (sandbox ? "bwrap: " : "none: ") << "processes of its runs are left";
    EXPECT_EQ(judge_leftovers(judge.pid()), std::vector<std::string>{})
        << (sandbox ? "bwrap: " : "none: ") << "left behind";
  }
}

// Compilers run as contestants: an interrupt while submissions compile ahead stops every
// compiler and leaves no directory (it left a g++ and a work directory 2 times in 6).
TEST(Interrupt, SigintWhileCompilingLeavesNoCompilerAndNoDirectory) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    TempDir root("entrapment-test-package", 0755);
    fs::copy_file(package_root() / "problem.yaml", root.path / "problem.yaml");
    fs::copy_file(package_root() / "judge.yaml", root.path / "judge.yaml");
    fs::create_directories(root.path / "testdata" / "sample");
    fs::copy_file(package_root() / "testdata" / "sample" / "1.in",
                  root.path / "testdata" / "sample" / "1.in");
    fs::create_directories(root.path / "solutions" / "accepted");
    const std::string token =
        "interrupt_compile_" + std::to_string(::getpid()) + "_" + std::to_string(attempt);
    for (int k = 0; k < 4; ++k)  // a few seconds of compiling each
      std::ofstream(root.path / "solutions" / "accepted" /
                    (token + "_" + std::to_string(k) + ".cpp"))
          << "#include <bits/stdc++.h>\nint main() { std::regex r(\"a+\"); std::cout << " << k
          << " << std::regex_match(\"aa\", r); }\n";
    const std::string root_path = root.path.string();
    Process judge = start_judge(
        {"verify", "--only", "submissions", "-j", "2"},
        {{}, {{"ENTRAPMENT_ROOT", root_path.c_str()}, {"ENTRAPMENT_CACHE_DIR", "off"}}, ""});
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::duration<double>(kPatience);
    while (processes_with(token) == 0 && judge.running() &&
           std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    ASSERT_GT(processes_with(token), 0) << "no compiler started\n" << judge.out() << judge.err();
    std::this_thread::sleep_for(std::chrono::milliseconds(150 * attempt));
    ::kill(judge.pid(), SIGINT);
    EXPECT_EQ(judge.wait_for(kPatience), 130) << judge.out() << judge.err();
    EXPECT_EQ(processes_with(token), 0) << "a compiler is left";
    EXPECT_EQ(judge_leftovers(judge.pid()), std::vector<std::string>{}) << "left behind";
  }
}

// The judge's own threads make entries in its work directory (the next submission's
// directory, a compiled program) up to the moment it exits, the clean-up's removal included: an
// interrupt must remove the directory all the same (a full run left
// /tmp/entrapment-judging-<pid>-... once). Here a thread of a judge-like process makes
// directories in a registered one as fast as it can, until it cannot.
TEST(Interrupt, ADirectoryFilledWhileTheInterruptRemovesItIsRemovedAll) {
  TempDir parent("entrapment-test-interrupt", 0755);
  const fs::path dir = parent.path / "work";
  fs::create_directory(dir);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    handle_interrupts();
    register_directory(dir);
    std::thread([dir] {
      for (long i = 0;; ++i)
        if (::mkdir((dir / std::to_string(i)).c_str(), 0700) != 0 && errno != EEXIST) return;
    }).detach();
    while (!fs::exists(dir / "100")) {
    }
    ::raise(SIGINT);  // the clean-up ends the process
    for (;;) ::pause();
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 130) << status;
  std::vector<std::string> left;
  for (const auto& entry : fs::directory_iterator(parent.path)) left.push_back(entry.path());
  EXPECT_EQ(left, std::vector<std::string>{}) << "the directory being filled is left";
}

}  // namespace
}  // namespace entrapment::testing
