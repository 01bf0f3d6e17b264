// Correct programs in the languages contestants use, written the way they write them, must
// run under every sandbox mode and limit mechanism: a Python program that plays in a thread
// (plainly, and with a larger stack and recursion limit), a Java program (the JVM reserves
// far more address space than it uses, and plays in a thread with a 64 MiB stack). The C++
// program with 8 std::threads is among the hostile tests ("threads"). Each is accepted, shows
// its own figures (not bwrap's), and leaves nothing behind.
#include <gtest/gtest.h>
#include <unistd.h>

#include "runner/contestant_process.hpp"
#include "runner/submission.hpp"
#include "runner/work_dir.hpp"
#include "runner_fixture.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

using Param = std::tuple<bool /*sandbox*/, LimitChoice>;

class Languages : public ::testing::TestWithParam<Param> {
 protected:
  void SetUp() override {
    const auto [sandbox, mechanism] = GetParam();
    if (sandbox && !sandbox_support().usable)
      GTEST_SKIP() << "bwrap not usable: " << sandbox_support().reason;
    if (mechanism == LimitChoice::Cgroup && !cgroups_usable())
      GTEST_SKIP() << "no control groups: " << cgroups_reason();
  }

  // Accepted, with the program's own figures, and nothing left (but `kept`).
  void expect_accepted(const Submission& submission, const Limits& limits, long long at_least_kib,
                       const std::vector<std::string>& kept = {}) {
    const TestResult result =
        judge_test(submission, trapper_board(), submission.name, limits, std::get<0>(GetParam()));
    EXPECT_EQ(to_string(result.verdict), std::string("AC")) << result.message;
    EXPECT_GT(result.cpu_s, 0.02) << "CPU time";
    EXPECT_GE(result.memory_kib, at_least_kib) << "memory, KiB";
    EXPECT_EQ(leftovers_of(::getpid()), kept);
  }

  static fs::path program(const std::string& name) {
    return package_root() / "tests" / "runner" / "programs" / name;
  }
};

TEST_P(Languages, PythonStartingAThreadIsAccepted) {
  const Limits limits = small_limits(std::get<1>(GetParam()));
  // An interpreter alone is some 8 MiB resident.
  expect_accepted({"python plain", {"/usr/bin/python3", program("threaded_trapper.py"), "plain"}},
                  limits, 4096);
}

TEST_P(Languages, PythonWithALargeThreadStackAndRecursionLimitIsAccepted) {
  const Limits limits = small_limits(std::get<1>(GetParam()));
  expect_accepted(
      {"python big-stack", {"/usr/bin/python3", program("threaded_trapper.py"), "big-stack"}},
      limits, 4096);
}

TEST_P(Languages, JavaPlayingInAThreadIsAccepted) {
  if (find_program("javac").empty() || find_program("java").empty())
    GTEST_SKIP() << "no Java here (javac, java)";
  WorkDir work("java-test");
  const Submission submission = prepare_submission(program("ThreadedTrapper.java"), work.path());
  // The JVM's start takes a good part of a second of CPU on a loaded machine.
  Limits limits = small_limits(std::get<1>(GetParam()));
  limits.cpu_s = 5;
  limits.wall_s = wall_limit_for(limits.cpu_s);
  limits.memory_mib = 1024;
  expect_accepted(submission, limits, 16384, {work.path().string()});
}

INSTANTIATE_TEST_SUITE_P(Runner, Languages,
                         ::testing::Combine(::testing::Bool(),
                                            ::testing::Values(LimitChoice::Cgroup,
                                                              LimitChoice::Rlimit)),
                         [](const ::testing::TestParamInfo<Param>& info) {
                           return std::string(std::get<0>(info.param) ? "sandboxed" : "plain") +
                                  (std::get<1>(info.param) == LimitChoice::Cgroup ? "_cgroup"
                                                                                  : "_rlimit");
                         });

}  // namespace
}  // namespace entrapment::testing
