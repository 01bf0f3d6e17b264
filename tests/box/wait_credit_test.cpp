// The wall-clock guard's credit for waits (judge/box/process_tree.hpp): along one line of
// descent the waits add up (bwrap, its namespace's init, then the program each waited in turn
// before the program ran); the longest line counts, not the longest single process (which left
// bwrap's start-up out).
#include <gtest/gtest.h>

#include <map>

#include "box/process_tree.hpp"

namespace entrapment::testing {
namespace {

TEST(WaitCredit, TheSandboxsStartUpWaitsAddUpWithTheProgramsOwn) {
  ProcEntry bwrap, init, program, other;
  bwrap.pid = 100;
  bwrap.ppid = 1;
  init.pid = 101;
  init.ppid = 100;
  program.pid = 102;
  program.ppid = 101;
  other.pid = 103;  // a sibling line
  other.ppid = 101;
  const std::map<pid_t, double> waits = {{100, 2.0}, {101, 3.0}, {102, 4.0}, {103, 1.0}};
  EXPECT_DOUBLE_EQ(chain_cpu_wait({bwrap, init, program, other}, waits), 9.0);
  // Once the start-up's processes are gone, what is left still counts alone.
  EXPECT_DOUBLE_EQ(chain_cpu_wait({program}, waits), 4.0);
}

}  // namespace
}  // namespace entrapment::testing
