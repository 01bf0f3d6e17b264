// The limits a problem.yaml gives: TLE is decided by CPU time, and the wall clock is only a
// generous guard against programs that sleep or wait (DOMjudge's hard limit): 2 x the CPU
// limit + 1 s, so that a correct program on a busy machine is never stopped by it first.
#include "box/limits.hpp"

#include <gtest/gtest.h>

#include "box/limiter.hpp"
#include "judging/judge_tests.hpp"
#include "tests/support/files.hpp"

namespace entrapment::testing {
namespace {

TEST(BoxLimits, WallClockIsTwiceTheCpuLimitPlusOneSecond) {
  EXPECT_DOUBLE_EQ(wall_limit_for(1), 3);
  EXPECT_DOUBLE_EQ(wall_limit_for(5), 11);
  ProblemConfig problem;
  problem.time_limit_s = 5;
  problem.memory_mib = 2048;
  const BoxLimits limits = limits_from(problem);
  EXPECT_DOUBLE_EQ(limits.cpu_s, 5);
  EXPECT_DOUBLE_EQ(limits.wall_s, 11);
  EXPECT_EQ(limits.memory_mib, 2048);
}

// Issue 36: a run inherited the judge's RLIMIT_NOFILE (20000), and its 256 processes could
// hold 950,760 open files, 38.6 % of the machine's table. Each process now gets a share such
// that the run's processes together hold at most a twentieth of fs.file-max (and 64 at least,
// which a JVM needs; 1024 at most).
TEST(BoxLimits, TheRunsProcessesTogetherHoldAtMostATwentiethOfTheFileTable) {
  const unsigned long long file_max = std::stoull(read_text("/proc/sys/fs/file-max"));
  for (const int processes : {1, 64, 256, 4096}) {
    BoxLimits limits;
    limits.max_processes = processes;
    const ChildRlimits r = common_rlimits(limits);
    EXPECT_GE(r.files, 64u) << processes << " processes";
    EXPECT_LE(r.files, 1024u) << processes << " processes";
    if (r.files > 64) {
      EXPECT_LE(static_cast<unsigned long long>(r.files) * processes, file_max / 20)
          << processes << " processes";
    }
  }
}

}  // namespace
}  // namespace entrapment::testing
