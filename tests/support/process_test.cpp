// Running programs in the tests (tests/support/process and judge): status, output, stdin,
// environment and working directory as given; a signal shows as 128 + N; a program still
// running can be waited for with a limit; the judge never inherits ENTRAPMENT_ROOT unless told.
#include "tests/support/process.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>
#include <string>

#include "tests/support/files.hpp"
#include "tests/support/judge.hpp"
#include "tests/support/repository.hpp"
#include "tests/support/temp_dir.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

TEST(Process, StatusOutputAndInput) {
  const ProcessResult run =
      run_process({"/bin/sh", "-c", "cat; echo to-err >&2; exit 3"}, {{}, {}, "typed\n"});
  EXPECT_EQ(run.status, 3);
  EXPECT_EQ(run.out, "typed\n");
  EXPECT_EQ(run.err, "to-err\n");
}

TEST(Process, EnvironmentAndWorkingDirectory) {
  ::setenv("ENTRAPMENT_PROCESS_TEST_UNSET", "inherited", 1);
  const TempDir dir("entrapment process test");
  const ProcessResult run = run_process(
      {"sh", "-c",
       "pwd; echo \"$ENTRAPMENT_PROCESS_TEST_SET/${ENTRAPMENT_PROCESS_TEST_UNSET-gone}\""},
      {dir.path,
       {{"ENTRAPMENT_PROCESS_TEST_SET", "given"}, {"ENTRAPMENT_PROCESS_TEST_UNSET", std::nullopt}},
       ""});
  EXPECT_EQ(run.out, fs::canonical(dir.path).string() + "\ngiven/gone\n");
}

TEST(Process, ASignalShowsAs128PlusItsNumber) {
  EXPECT_EQ(run_process({"/bin/sh", "-c", "kill -TERM $$"}).status, 128 + SIGTERM);
}

TEST(Process, WaitingWithALimit) {
  Process sleeper({"sleep", "30"});
  EXPECT_TRUE(sleeper.running());
  EXPECT_EQ(sleeper.wait_for(0.05), -1) << "still running";
  ::kill(sleeper.pid(), SIGKILL);
  EXPECT_EQ(sleeper.wait(), 128 + SIGKILL);
  EXPECT_FALSE(sleeper.running());
}

// Started as launch() (tests/support/launch.hpp) starts programs: a descriptor the test holds
// open, even one not marked close-on-exec, never reaches the program, and SIGPIPE is back to its
// default even where the test ignores it.
TEST(Process, StartsAsTheJudgeStartsItsPrograms) {
  const int held = ::open("/dev/null", O_RDONLY);  // not close-on-exec
  ASSERT_GE(held, 3);
  const std::string fd = "/proc/$$/fd/" + std::to_string(held);
  const auto old_sigpipe = ::signal(SIGPIPE, SIG_IGN);
  const ProcessResult plain = run_process({"/bin/sh", "-c", "test -e " + fd + " && echo held"});
  const ProcessResult wired = [&] {
    const TempDir dir("entrapment process test");
    const int in = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    const int out = ::open((dir.path / "out").c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
    const pid_t pid = spawn_wired(
        {"/bin/sh", "-c", "test -e " + fd + " && echo held; grep '^SigIgn' /proc/$$/status"}, in,
        out, {.stderr_file = {}, .default_sigpipe = true});
    ::close(in);
    ::close(out);
    ProcessResult result;
    result.status = wait_until(pid, std::chrono::steady_clock::now() + std::chrono::minutes(1));
    result.out = read_text(dir.path / "out");
    return result;
  }();
  ::signal(SIGPIPE, old_sigpipe);
  ::close(held);
  EXPECT_EQ(plain.out, "") << "run_process: the test's descriptor " << held << " reached it";
  EXPECT_EQ(wired.out.find("held"), std::string::npos) << "spawn_wired: " << wired.out;
  // SIGPIPE is signal 13: bit 12 of the mask of ignored signals.
  EXPECT_EQ(wired.out, "SigIgn:\t0000000000000000\n") << wired.out;
}

TEST(Process, AProgramThatCannotStartIsAnErrorNamingIt) {
  try {
    run_process({"/nonexistent/entrapment-no-such-program"});
    ADD_FAILURE() << "no error";
  } catch (const std::exception& error) {
    EXPECT_NE(std::string(error.what()).find("/nonexistent/entrapment-no-such-program"),
              std::string::npos)
        << error.what();
  }
}

TEST(Process, OnATerminalTheProgramSeesOne) {
  const ProcessResult run =
      run_on_terminal({"/bin/sh", "-c", "test -t 0 && test -t 1 && echo tty"});
  EXPECT_EQ(run.status, 0);
  EXPECT_NE(run.out.find("tty\n"), std::string::npos) << run.out;
}

TEST(Judge, NeverInheritsThePackageRootUnlessTold) {
  ASSERT_TRUE(fs::exists(judge_binary())) << judge_binary();
  ::setenv("ENTRAPMENT_ROOT", repository().c_str(), 1);
  const TempDir elsewhere("entrapment judge test");
  const JudgeRun alone = run_judge({"verify", "--only", "samples"}, {elsewhere.path, {}, ""});
  EXPECT_EQ(alone.status, 2) << alone.out << alone.err;
  const JudgeRun told =
      run_judge({"verify", "--only", "samples"},
                {elsewhere.path, {{"ENTRAPMENT_ROOT", repository().c_str()}}, ""});
  EXPECT_EQ(told.status, 0) << told.out << told.err;
}

}  // namespace
}  // namespace entrapment::testing
