// Running programs in the tests (tests/support/process and judge): status, output, stdin,
// environment and working directory as given; a signal shows as 128 + N; a program still
// running can be waited for with a limit; the judge never inherits ENTRAPMENT_ROOT unless told.
#include "tests/support/process.hpp"

#include <gtest/gtest.h>
#include <signal.h>

#include "tests/support/files.hpp"
#include "tests/support/judge.hpp"
#include "tests/support/repository.hpp"

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
  const fs::path dir = fresh_directory("entrapment process test");
  const ProcessResult run = run_process(
      {"sh", "-c",
       "pwd; echo \"$ENTRAPMENT_PROCESS_TEST_SET/${ENTRAPMENT_PROCESS_TEST_UNSET-gone}\""},
      {dir,
       {{"ENTRAPMENT_PROCESS_TEST_SET", "given"}, {"ENTRAPMENT_PROCESS_TEST_UNSET", std::nullopt}},
       ""});
  EXPECT_EQ(run.out, fs::canonical(dir).string() + "\ngiven/gone\n");
  fs::remove_all(dir);
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

TEST(Process, OnATerminalTheProgramSeesOne) {
  const ProcessResult run =
      run_on_terminal({"/bin/sh", "-c", "test -t 0 && test -t 1 && echo tty"});
  EXPECT_EQ(run.status, 0);
  EXPECT_NE(run.out.find("tty\n"), std::string::npos) << run.out;
}

TEST(Judge, NeverInheritsThePackageRootUnlessTold) {
  ASSERT_TRUE(fs::exists(judge_binary())) << judge_binary();
  ::setenv("ENTRAPMENT_ROOT", repository().c_str(), 1);
  const fs::path elsewhere = fresh_directory("entrapment judge test");
  const JudgeRun alone = run_judge({"verify", "--only", "samples"}, {elsewhere, {}, ""});
  EXPECT_EQ(alone.status, 2) << alone.out << alone.err;
  const JudgeRun told = run_judge({"verify", "--only", "samples"},
                                  {elsewhere, {{"ENTRAPMENT_ROOT", repository().c_str()}}, ""});
  EXPECT_EQ(told.status, 0) << told.out << told.err;
  fs::remove_all(elsewhere);
}

}  // namespace
}  // namespace entrapment::testing
