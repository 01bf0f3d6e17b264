// Every process of one contestant run, wherever it went, and what they all used. With a
// control group, its live processes are the group's; otherwise the main process, its
// descendants, and what it orphaned (which comes to the judge, a child subreaper). Under bwrap
// no process of the run can leave the tree: its PID namespace's init (bwrap's) is the main
// process's child and the reaper of every orphan inside, and the namespace dies with it.
// Never by user id: another judge may hold the same id. Used to kill a whole run, to reap
// what it orphaned, and to add up what it used: a process reaped inside the tree counts in its
// parent's children's usage, one reaped by the judge counts here, so every process counts
// once; a process killed with bwrap's PID namespace is reaped by nobody who counts it (the
// dying namespace init ignores SIGCHLD), so the tree is also sampled from /proc before a kill.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <map>
#include <optional>
#include <vector>

#include "proc_table.hpp"

namespace entrapment {

class ContestantCgroup;

struct TreeUsage {
  double cpu_s = 0;            // user + system
  long long memory_kib = 0;    // the largest peak resident set of one process, or of the tree
  long long resident_kib = 0;  // what the live processes hold together now
};

class ProcessTree {
 public:
  // `main`: the process the judge started. `cgroup`, when the run has one, holds its live
  // processes (and counts its unreaped ones): then /proc is scanned only when something is
  // left to reap. `sandboxed`: `main` is bwrap.
  ProcessTree(pid_t main, const ContestantCgroup* cgroup, bool sandboxed)
      : main_(main), cgroup_(cgroup), sandboxed_(sandboxed) {}

  // The run's processes in `table` (read_process_table()), and every process seen as a member
  // before (by pid and start time): what it orphans leaves the main process's tree and, in a
  // new session (bwrap's), its group too.
  std::vector<ProcEntry> members(const std::vector<ProcEntry>& table) const;
  // Looks at the tree now, so that members() still knows its processes once the main one is
  // gone (call it before killing the main process).
  void remember() const;

  // Stops every process of the run (SIGSTOP), so that none forks or runs on while it is
  // sampled and killed: the judge's own work is not slowed down by a fork bomb.
  void freeze() const;

  // CPU time used so far: the processes that exist now (their own time and their reaped
  // children's) and what the judge reaped, the resident memory of those that exist now, and
  // the peak memory of those and of the reaped. From /proc, so in clock ticks (10 ms). The
  // largest resident total seen is kept: the tree's peak as far as the looks saw it.
  TreeUsage sample() const;

  // Whether any process of the run but the main one is alive.
  bool anything_left() const;

  // The longest time its live processes waited for a CPU along one line of descent (see
  // chain_cpu_wait()); the largest value seen is kept.
  double longest_cpu_wait() const;

  // Kills every process of the run but the main one, reaps those orphaned to the judge (their
  // usage is added) and returns once none is left alive (or after about 3 s of trying). The
  // main process has exited but is not reaped yet (its zombie holds its pid, and with it the
  // process group's id, while what it left is killed by that id).
  bool kill_and_reap();

  // Usage of the processes the judge reaped: the main process (added by its reaper) and the
  // orphans kill_and_reap() reaped.
  void add(const rusage& usage);
  const TreeUsage& reaped() const { return reaped_; }

  // The group is gone (removed): from now on /proc is the only source.
  void forget_cgroup() { cgroup_ = nullptr; }

 private:
  std::vector<ProcEntry> live_members() const;

  pid_t main_;
  const ContestantCgroup* cgroup_;
  bool sandboxed_;
  TreeUsage reaped_;
  mutable std::map<pid_t, unsigned long long> seen_;  // pid -> start time
  mutable long long peak_resident_kib_ = 0;
  mutable double longest_wait_ = 0;
};

// The longest wait for a CPU along one line of descent among `members`: a process's own wait
// (`wait_of`, its longest thread's) plus that of each ancestor among them. A program under
// bwrap starts after bwrap, its PID namespace's init and setpriv have each started in turn, and
// each of them may have waited for a CPU on the way (on a busy machine, seconds): all of it is
// the run's start-up, not the program's doing. An ancestor that waited after its child started
// mostly sleeps (waitpid), so the sum is not much more than the run's own delay.
double chain_cpu_wait(const std::vector<ProcEntry>& members,
                      const std::map<pid_t, double>& wait_of);

}  // namespace entrapment
