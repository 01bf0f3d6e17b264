// The wall-clock guard's credit for waits (judge/box/process_tree.hpp): the sandbox's start-up
// waits add up with each process's own (bwrap, its namespace's init, then the program each
// waited in turn before the program ran), but the program's own processes never add to each
// other's: they may have waited at the same moment.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "box/process_tree.hpp"

namespace entrapment::testing {
namespace {

ProcEntry process(pid_t pid, pid_t ppid) {
  ProcEntry entry;
  entry.pid = pid;
  entry.ppid = ppid;
  return entry;
}

TEST(WaitCredit, TheSandboxsStartUpWaitsAddUpWithTheProgramsOwn) {
  const ProcEntry bwrap = process(100, 1), init = process(101, 100), program = process(102, 101),
                  other = process(103, 101);  // a sibling line
  const std::map<pid_t, double> waits = {{100, 2.0}, {101, 3.0}, {102, 4.0}, {103, 1.0}};
  const std::set<pid_t> startup = {100, 101};
  EXPECT_DOUBLE_EQ(chain_cpu_wait({bwrap, init, program, other}, waits, startup), 9.0);
  // Once the start-up's processes are gone, what is left still counts alone.
  EXPECT_DOUBLE_EQ(chain_cpu_wait({program}, waits, startup), 4.0);
  // Without a sandbox there is no start-up: the program's own wait.
  EXPECT_DOUBLE_EQ(chain_cpu_wait({program, other}, waits, {}), 4.0);
}

// The red team's chain: each process the parent of the next, all waiting for one CPU at the
// same time. The longest single wait counts, plus the start-up's, never their sum.
TEST(WaitCredit, AChainOfTheProgramsOwnProcessesCountsItsLongestWaitNotTheSum) {
  std::vector<ProcEntry> members = {process(100, 1), process(101, 100)};
  std::map<pid_t, double> waits = {{100, 0.5}, {101, 0.25}};
  for (pid_t pid = 102; pid < 118; ++pid) {
    members.push_back(process(pid, pid - 1));
    waits[pid] = 3.75;
  }
  EXPECT_DOUBLE_EQ(chain_cpu_wait(members, waits, {100, 101}), 0.5 + 0.25 + 3.75);
  members.erase(members.begin(), members.begin() + 2);  // no sandbox
  EXPECT_DOUBLE_EQ(chain_cpu_wait(members, waits, {}), 3.75);
}

}  // namespace
}  // namespace entrapment::testing
