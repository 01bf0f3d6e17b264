// Hostile submissions: each gets the right verdict within the time limit plus one second,
// leaves no process behind, and the judge's own memory stays small.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <chrono>

#include "runner/contestant_process.hpp"
#include "runner_fixture.hpp"

namespace entrapment::testing {
namespace {

struct Hostile {
  const char* mode;
  Verdict verdict;
  bool runner_side = false;  // play the board the contestant wins as the Runner
  long long memory_mib = 0;  // a smaller memory limit (page faults are slow on small VMs)
  double cpu_s = 0;          // a larger time limit, for the heavy ones on a loaded machine
};

class HostileTest : public ::testing::TestWithParam<std::tuple<Hostile, bool>> {};

TEST_P(HostileTest, RightVerdictInTimeAndNothingLeft) {
  const auto [hostile, sandbox] = GetParam();
  if (std::string(hostile.mode) == "fork-bomb" && !can_contain_fork_bombs())
    GTEST_SKIP()
        << "neither root (own user id) nor a usable bwrap: a fork bomb would not be contained";
  if (sandbox && !sandbox_support().usable)
    GTEST_SKIP() << "bwrap not usable: " << sandbox_support().reason;
  std::string token;
  const Submission submission = player(hostile.mode, &token);
  Limits limits = small_limits();
  if (hostile.memory_mib) limits.memory_mib = hostile.memory_mib;
  if (hostile.cpu_s) {
    limits.cpu_s = hostile.cpu_s;
    limits.wall_s = hostile.cpu_s + 0.5;
  }
  const auto start = std::chrono::steady_clock::now();
  const TestResult result =
      judge_test(submission, hostile.runner_side ? runner_board() : trapper_board(), hostile.mode,
                 limits, sandbox);
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(to_string(result.verdict), std::string(to_string(hostile.verdict))) << result.message;
#ifdef __SANITIZE_ADDRESS__
  // The bound is the production judge's; instrumented, the judge's own work (reaping a fork
  // bomb's 256 processes while another runs in parallel) takes several times longer.
  constexpr double kSlack = 2.0;
#else
  constexpr double kSlack = 1.0;  // the bound: the time limit plus one second
#endif
  EXPECT_LE(elapsed, limits.cpu_s + kSlack) << "judging took too long";
  EXPECT_EQ(processes_with(token), 0) << "processes of the contestant are left";
  rusage self{};
  ::getrusage(RUSAGE_SELF, &self);
#ifndef __SANITIZE_ADDRESS__
  EXPECT_LT(self.ru_maxrss, 100 * 1024) << "the judge's own peak memory, KiB";
#endif
}

const Hostile kHostile[] = {
    {"correct", Verdict::AC},       {"correct", Verdict::AC, true},
    {"sleep", Verdict::TLE},        {"no-flush", Verdict::TLE},
    {"stdout-flood", Verdict::WA},  {"stderr-flood", Verdict::AC, false, 0, 4},
    {"fork-bomb", Verdict::TLE},    {"allocate", Verdict::MLE, false, 64, 4},
    {"close-stdin", Verdict::WA},   {"crash-after", Verdict::RTE},
    {"read-after-wa", Verdict::WA}, {"orphan", Verdict::AC},
    {"orphan", Verdict::AC, true},
};

std::string name(const ::testing::TestParamInfo<std::tuple<Hostile, bool>>& info) {
  std::string n = std::get<0>(info.param).mode;
  for (char& c : n)
    if (c == '-') c = '_';
  if (std::get<0>(info.param).runner_side) n += "_as_runner";
  return n + (std::get<1>(info.param) ? "_sandboxed" : "_plain");
}

INSTANTIATE_TEST_SUITE_P(Runner, HostileTest,
                         ::testing::Combine(::testing::ValuesIn(kHostile), ::testing::Bool()),
                         name);

}  // namespace
}  // namespace entrapment::testing
