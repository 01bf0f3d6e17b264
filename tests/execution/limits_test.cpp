// The limits a problem.yaml gives: TLE is decided by CPU time, and the wall clock is only a
// generous guard against programs that sleep or wait (DOMjudge's hard limit): 2 x the CPU
// limit + 1 s, so that a correct program on a busy machine is never stopped by it first.
#include "containment/limits.hpp"

#include <gtest/gtest.h>

#include "package/problem_yaml.hpp"

namespace entrapment::testing {
namespace {

TEST(Limits, WallClockIsTwiceTheCpuLimitPlusOneSecond) {
  EXPECT_DOUBLE_EQ(wall_limit_for(1), 3);
  EXPECT_DOUBLE_EQ(wall_limit_for(5), 11);
  ProblemConfig problem;
  problem.time_limit_s = 5;
  problem.memory_mib = 2048;
  const Limits limits = limits_from(problem);
  EXPECT_DOUBLE_EQ(limits.cpu_s, 5);
  EXPECT_DOUBLE_EQ(limits.wall_s, 11);
  EXPECT_EQ(limits.memory_mib, 2048);
}

}  // namespace
}  // namespace entrapment::testing
