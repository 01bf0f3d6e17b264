// The interactors as contest systems run them: a process of their own on pipes to the
// contestant, under a memory limit (contest systems limit the validator too). A correct game
// followed by 5 MiB of newlines gets a wrong answer with a message and the judge's memory
// stays small (it used to store every blank line: 1 GB, then std::bad_alloc and an abort); a
// CRLF blank line after the game is accepted, as an LF one; a test file far too large is a
// judge error with a message, read no further than 1 MiB. The testing tool reaches the same
// verdicts.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/exec_arguments.hpp"
#include "tests/support/files.hpp"
#include "tests/support/repository.hpp"

namespace {

namespace fs = std::filesystem;

using entrapment::testing::build_bin;
using entrapment::testing::ExecArguments;
using entrapment::testing::read_text;
using entrapment::testing::repository;

struct TempDir {
  fs::path path;
  TempDir() {
    char name[] = "/tmp/entrapment-transports-test-XXXXXX";
    if (!::mkdtemp(name)) throw std::runtime_error("mkdtemp failed");
    path = name;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

struct Exit {
  int code = -1;   // the exit code, or -1
  int signal = 0;  // the signal that killed it, or 0
  long long peak_kib = 0;
};

Exit exit_of(int status, const rusage& usage) {
  Exit e;
  if (WIFEXITED(status)) e.code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) e.signal = WTERMSIG(status);
  e.peak_kib = usage.ru_maxrss;
  return e;
}

// The arguments are built before the fork (exec_arguments.hpp says why).
[[noreturn]] void exec(const ExecArguments& arguments) {
  ::execv(arguments.argv()[0], arguments.argv());
  ::_exit(127);
}

// The judge and the contestant on two pipes; the judge's address space capped at `memory_mib`
// (0: not capped), its stderr into `judge_stderr` when given. Returns the judge's exit.
Exit run_pair(const std::vector<std::string>& judge, const std::vector<std::string>& contestant,
              long long memory_mib, const fs::path& judge_stderr = {}) {
  int to_judge[2], to_contestant[2];
  if (::pipe(to_judge) != 0 || ::pipe(to_contestant) != 0) return {};
  const int all[4] = {to_judge[0], to_judge[1], to_contestant[0], to_contestant[1]};
  const ExecArguments judge_exec(judge), contestant_exec(contestant);
  const pid_t judge_pid = ::fork();
  if (judge_pid == 0) {
    ::dup2(to_judge[0], 0);
    ::dup2(to_contestant[1], 1);
    for (int fd : all) ::close(fd);
    if (!judge_stderr.empty()) {
      const int err = ::open(judge_stderr.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (err >= 0) ::dup2(err, 2);
    }
    if (memory_mib > 0) {
      const rlimit cap{static_cast<rlim_t>(memory_mib) << 20, static_cast<rlim_t>(memory_mib)
                                                                  << 20};
      ::setrlimit(RLIMIT_AS, &cap);
    }
    exec(judge_exec);
  }
  const pid_t contestant_pid = ::fork();
  if (contestant_pid == 0) {
    ::signal(SIGPIPE, SIG_DFL);
    ::dup2(to_contestant[0], 0);
    ::dup2(to_judge[1], 1);
    for (int fd : all) ::close(fd);
    exec(contestant_exec);
  }
  for (int fd : all) ::close(fd);
  int status = 0, ignored = 0;
  rusage usage{};
  ::wait4(judge_pid, &status, 0, &usage);
  ::kill(contestant_pid, SIGKILL);  // it may still be writing newlines to a judge that is gone
  ::waitpid(contestant_pid, &ignored, 0);
  return exit_of(status, usage);
}

// CMS's wiring of a Communication task (cms/grading/tasktypes/Communication.py): two FIFOs, the
// manager started as `manager FROM_USER TO_USER` with the test on stdin, the contestant with
// its stdin and stdout on the FIFOs, opened in the order CMS's sandbox opens them (stdin
// first). The manager's stdout and stderr go to files in `dir`.
Exit run_cms(const fs::path& manager, const fs::path& test,
             const std::vector<std::string>& contestant, const fs::path& dir) {
  const fs::path to_manager = dir / "u0_to_m", to_user = dir / "m_to_u0";
  ::unlink(to_manager.c_str());
  ::unlink(to_user.c_str());
  if (::mkfifo(to_manager.c_str(), 0666) != 0 || ::mkfifo(to_user.c_str(), 0666) != 0) return {};
  const ExecArguments manager_exec({manager.string(), to_manager.string(), to_user.string()}),
      contestant_exec(contestant);
  const std::string manager_out = (dir / "manager.out").string(),
                    manager_err = (dir / "manager.err").string();
  const pid_t manager_pid = ::fork();
  if (manager_pid == 0) {
    const int in = ::open(test.c_str(), O_RDONLY);
    const int out = ::open(manager_out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open(manager_err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(in, 0);
    ::dup2(out, 1);
    ::dup2(err, 2);
    exec(manager_exec);
  }
  const pid_t contestant_pid = ::fork();
  if (contestant_pid == 0) {
    ::signal(SIGPIPE, SIG_DFL);
    const int in = ::open(to_user.c_str(), O_RDONLY);
    const int out = ::open(to_manager.c_str(), O_WRONLY);
    ::dup2(in, 0);
    ::dup2(out, 1);
    exec(contestant_exec);
  }
  int status = 0, ignored = 0;
  rusage usage{};
  ::wait4(manager_pid, &status, 0, &usage);
  ::kill(contestant_pid, SIGKILL);
  ::waitpid(contestant_pid, &ignored, 0);
  return exit_of(status, usage);
}

// The first sample's board: the test contestant wins it as the Trapper.
constexpr const char* kBoard = "3 6\n1 2 3 7 8 9\nadversary adaptive 1\n";

class Transports : public ::testing::Test {
 protected:
  void SetUp() override {
    std::ofstream(dir_.path / "test.in") << kBoard;
    std::ofstream(dir_.path / "test.ans") << "Trapper\n";
    std::ofstream(dir_.path / "board.txt") << "3 6\n1 2 3 7 8 9\n";
  }

  std::vector<std::string> player(const std::string& mode) const {
    return {fs::absolute(build_bin() / "test_player").string(), mode, "transports-test"};
  }
  Exit kattis(const std::string& mode, long long memory_mib = 256) const {
    return run_pair(
        {fs::absolute(build_bin() / "interactor").string(), (dir_.path / "test.in").string(),
         (dir_.path / "test.ans").string(), dir_.path.string()},
        player(mode), memory_mib);
  }
  Exit testlib(const std::string& mode, long long memory_mib = 256) const {
    return run_pair({fs::absolute(build_bin() / "interactor_testlib").string(),
                     (dir_.path / "test.in").string(), (dir_.path / "log").string(),
                     (dir_.path / "test.ans").string(), (dir_.path / "result").string()},
                    player(mode), memory_mib);
  }
  // UOJ's way: `interactor INPUT /dev/stdin ANSWER`, its verdict on stderr.
  // UOJ runs the interactor under its memory limit (256 MiB here), as an address-space cap;
  // ASan's shadow memory cannot live under one, so the instrumented build runs it uncapped.
#ifdef __SANITIZE_ADDRESS__
  static constexpr int kUojCapMib = 0;
#else
  static constexpr int kUojCapMib = 256;
#endif
  Exit uoj(const std::string& mode) const {
    return run_pair(
        {fs::absolute(build_bin() / "interactor_uoj").string(), (dir_.path / "test.in").string(),
         "/dev/stdin", (dir_.path / "test.ans").string()},
        player(mode), kUojCapMib, dir_.path / "uoj.err");
  }
  Exit cms(const std::string& mode) const {
    return run_cms(fs::absolute(build_bin() / "cms_manager"), dir_.path / "test.in", player(mode),
                   dir_.path);
  }
  // The contestants' testing tool's exit code.
  int tool(const std::string& mode) const {
    std::string command = "python3 '" +
                          (repository() / "attachments" / "testing_tool.py").string() + "' -f '" +
                          (dir_.path / "board.txt").string() + "'";
    for (const std::string& word : player(mode)) command += " '" + word + "'";
    const int status = std::system((command + " > /dev/null 2>&1").c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  std::string feedback(const std::string& file) const { return read_text(dir_.path / file); }

  TempDir dir_;
};

#ifndef __SANITIZE_ADDRESS__  // ASan's shadow memory cannot live under an address-space cap

TEST_F(Transports, ABlankLineFloodAfterTheGameIsAWrongAnswerWithinTheMemoryLimit) {
  const Exit k = kattis("blank-flood");
  EXPECT_EQ(k.code, 43) << "signal " << k.signal << "; judgeerror: " << feedback("judgeerror.txt");
  EXPECT_NE(feedback("judgemessage.txt").find("more than 1048576 bytes of blank lines"),
            std::string::npos)
      << feedback("judgemessage.txt");
  EXPECT_NE(feedback("transcript.json").find("\"blank_lines_after_game\": 1048577"),
            std::string::npos);
  EXPECT_LT(k.peak_kib, 64 * 1024) << "the interactor's peak memory, KiB";
  if (fs::exists(build_bin() / "interactor_testlib")) {
    const Exit t = testlib("blank-flood");
    EXPECT_EQ(t.code, 1) << "signal " << t.signal;
    EXPECT_NE(feedback("log").find("more than 1048576 bytes"), std::string::npos);
    EXPECT_LT(t.peak_kib, 64 * 1024) << "the testlib interactor's peak memory, KiB";
  }
  EXPECT_EQ(tool("blank-flood"), 1) << "the testing tool";
}

// A test file of 512 MiB (sparse: it uses no disk), within 64 MiB of memory: the interactors
// read at most 1 MiB of a test file and stop with a judge error that says so. (Read whole, it
// ran out of memory: std::bad_alloc, reported as a judge error too, but only because of the
// limit; without one it read 512 MiB, or 1.5 GiB of /dev/zero, before saying anything.)
TEST_F(Transports, AHugeTestFileIsRefusedUnreadAsAJudgeError) {
  {
    std::ofstream huge(dir_.path / "test.in", std::ios::binary);
    huge << "3 6\n";
  }
  fs::resize_file(dir_.path / "test.in", std::uintmax_t{512} << 20);
  const Exit k = kattis("correct", 64);
  EXPECT_EQ(k.signal, 0) << "the interactor was killed by a signal (an abort?)";
  EXPECT_EQ(k.code, 1);
  EXPECT_NE(feedback("judgeerror.txt").find("is larger than 1048576 bytes: not a test file"),
            std::string::npos)
      << feedback("judgeerror.txt");
  if (fs::exists(build_bin() / "interactor_testlib")) {
    const Exit t = testlib("correct", 64);
    EXPECT_EQ(t.signal, 0) << "the testlib interactor was killed by a signal (an abort?)";
    EXPECT_EQ(t.code, 3);
    EXPECT_NE(feedback("result").find("is larger than 1048576 bytes"), std::string::npos)
        << feedback("result");
  }
}

#endif

// The testlib interactor started the Kattis way (INPUT ANSWER FEEDBACK_DIR, as DOMjudge would
// after a Polygon import) refuses before the game and writes nothing: it took the answer file
// for its log and overwrote it before. No address-space cap: the arguments are the point, and
// the instrumented build's shadow memory cannot live under one.
TEST_F(Transports, TheTestlibInteractorStartedTheKattisWayOverwritesNothing) {
  if (!fs::exists(build_bin() / "interactor_testlib")) GTEST_SKIP() << "not built";
  const std::string before = feedback("test.ans");
  const Exit e = run_pair(
      {fs::absolute(build_bin() / "interactor_testlib").string(), (dir_.path / "test.in").string(),
       (dir_.path / "test.ans").string(), dir_.path.string()},
      player("correct"), /*memory_mib=*/0, dir_.path / "testlib.err");
  EXPECT_EQ(e.code, 3);
  EXPECT_EQ(feedback("test.ans"), before) << "the answer file was overwritten";
  EXPECT_NE(feedback("testlib.err").find("the Kattis convention"), std::string::npos)
      << feedback("testlib.err");
}

// UOJ reads the first word of the interactor's stderr ("ok" gives the points) and lets it write
// no file: the UOJ transport reports there and writes nothing else.
TEST_F(Transports, TheUojInteractorReportsOnStderrAndWritesNoFile) {
  const auto listing = [&] {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir_.path))
      if (entry.path().filename() != "uoj.err") names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  };
  const std::vector<std::string> before = listing();
  const Exit ok = uoj("correct");
  EXPECT_EQ(ok.code, 0);
  EXPECT_EQ(feedback("uoj.err").rfind("ok ", 0), 0u) << feedback("uoj.err");
  const Exit wrong = uoj("wrong-when-r3");
  EXPECT_EQ(wrong.code, 1);
  EXPECT_EQ(feedback("uoj.err").rfind("wrong answer ", 0), 0u) << feedback("uoj.err");
  EXPECT_NE(feedback("uoj.err").find("you claimed"), std::string::npos) << feedback("uoj.err");
  EXPECT_EQ(listing(), before);
  std::ofstream(dir_.path / "test.in") << "3 6\n1 2\n";
  const Exit broken = uoj("correct");
  EXPECT_EQ(broken.code, 3);
  EXPECT_EQ(feedback("uoj.err").rfind("FAIL ", 0), 0u) << feedback("uoj.err");
}

// CMS: the outcome on the manager's stdout, CMS's stock message on its stderr and the reason
// for the admins after it; exit 0 for a verdict either way, 1 only when the judge failed.
TEST_F(Transports, TheCmsManagerScoresThroughTwoFifos) {
  const Exit ok = cms("correct");
  EXPECT_EQ(ok.code, 0) << feedback("manager.err");
  EXPECT_EQ(feedback("manager.out"), "1.0\n");
  EXPECT_EQ(feedback("manager.err").rfind("translate:success\nADMIN_MESSAGE: ", 0), 0u)
      << feedback("manager.err");
  const Exit wrong = cms("wrong-when-r3");
  EXPECT_EQ(wrong.code, 0) << feedback("manager.err");
  EXPECT_EQ(feedback("manager.out"), "0.0\n");
  EXPECT_EQ(feedback("manager.err").rfind("translate:wrong\nADMIN_MESSAGE: ", 0), 0u)
      << feedback("manager.err");
  EXPECT_NE(feedback("manager.err").find("you claimed"), std::string::npos);
  std::ofstream(dir_.path / "test.in") << "3 6\n1 2\n";
  const Exit broken = cms("correct");
  EXPECT_EQ(broken.code, 1);
  EXPECT_EQ(feedback("manager.out"), "");
  EXPECT_NE(feedback("manager.err").find("judge error: the test file on stdin: line 2"),
            std::string::npos)
      << feedback("manager.err");
}

TEST_F(Transports, ACrlfBlankLineAfterTheGameIsAccepted) {
  const Exit k = kattis("crlf-after", 0);
  EXPECT_EQ(k.code, 42) << feedback("judgemessage.txt");
  if (fs::exists(build_bin() / "interactor_testlib")) {
    EXPECT_EQ(testlib("crlf-after", 0).code, 0);
  }
  EXPECT_EQ(tool("crlf-after"), 0) << "the testing tool";
}

}  // namespace
