// A run's processes under rlimits are found from the box down (box/process_tree.hpp): every
// descendant, nothing else, at a cost that grows with the run's processes and never with the
// machine's (issue 47: a look opened the stat of each of the machine's processes).
#include "box/process_tree.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <string>

#include "tests/support/process.hpp"
#include "tests/support/text.hpp"

namespace entrapment::testing {
namespace {

std::string cmdline_of(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/cmdline");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::replace(text.begin(), text.end(), '\0', ' ');
  return text;
}

TEST(ProcessTree, ItFindsTheDescendantsAloneAtACostOfTheirsNotTheMachines) {
  // A token no other process holds: each process of this test sleeps for a time named by it.
  const std::string token = "59." + std::to_string(::getpid());
  // 400 processes of the machine that are not ours (orphans of a shell that has exited).
  start_idle_processes(400, token + "1");
  // A shell standing for the box (the test's own other children, a judge's sweeper among them,
  // are no part of this tree): its two children, and a grandchild of one of them.
  const int null_in = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  const int null_out = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  const pid_t ours = spawn_wired(
      {"/bin/sh", "-c", "sleep " + token + "2 & /bin/sh -c 'sleep " + token + "3 & wait' & wait"},
      null_in, null_out);
  ::close(null_in);
  ::close(null_out);
  ASSERT_GT(ours, 0);
  const ProcessTree tree(ours);
  // Until both sleeps run as themselves: a shell's child is a copy of the shell until it execs.
  std::vector<ProcEntry> members;
  int sleepers = 0;
  const auto until = std::chrono::steady_clock::now() + std::chrono::minutes(1);
  do {
    if (sleepers) ::usleep(10000);
    members = tree.members();
    sleepers = 0;
    for (const ProcEntry& p : members)
      if (cmdline_of(p.pid).rfind("sleep " + token, 0) == 0) ++sleepers;
  } while ((sleepers < 2 || members.size() < 3) && std::chrono::steady_clock::now() < until);
  for (const ProcEntry& p : members)
    EXPECT_EQ(cmdline_of(p.pid).find(token + "1"), std::string::npos)
        << "not ours: " << cmdline_of(p.pid);
  EXPECT_EQ(members.size(), 3u);
  EXPECT_EQ(sleepers, 2) << "the run's own two sleeping processes";
  // One look at its three: a few reads each, not one for each of the machine's 400 more.
  const long long before = read_calls_so_far();
  members = tree.members();
  const long long reads = read_calls_so_far() - before;
  EXPECT_EQ(members.size(), 3u);
  EXPECT_LT(reads, 100) << "read system calls for one look at 3 processes";
  shell("pkill -f 'sleep " + token + "' ; true");
  wait_until(ours, std::chrono::steady_clock::now() + std::chrono::minutes(1));
}

}  // namespace
}  // namespace entrapment::testing
