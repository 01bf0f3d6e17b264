// The processes of one run as /proc shows them: every live descendant of the box. The box is a
// child subreaper and runs nothing else, so whatever the run orphans comes back to it and no
// process of the run can leave the tree; every process in it is the run's. In a sandbox its
// first members start the program: under bwrap, bwrap itself and the init of its PID namespace,
// in the box's own namespaces their init alone, told by their place in the tree (never by their
// names, which a program can take).
#pragma once

#include <sys/types.h>

#include <map>
#include <set>
#include <vector>

#include "proc_table.hpp"

namespace entrapment {

struct TreeSample {
  double cpu_s = 0;        // its live processes' own and reaped children's time, now
  long long peak_kib = 0;  // the largest peak resident set of one of them
  // Its processes that hold the program's memory (the sandbox's own left out), with their
  // resident sets now.
  std::vector<ProcEntry> holders;
};

class ProcessTree {
 public:
  explicit ProcessTree(pid_t box) : box_(box) {}

  // Every live descendant of the box, zombies included.
  std::vector<ProcEntry> members() const;
  // The run's CPU time, its processes' resident sets and their largest peak, from each
  // process's stat and status (cheap). `main`: the process the box started; the first
  // `starters` of the chain from it (it, then its child) hold nothing of the program's
  // (limiter.hpp's started()).
  TreeSample sample(pid_t main, int starters) const;

 private:
  pid_t box_;
};

// The longest wait for a CPU of one process among `members` (`wait_of`: its longest thread's),
// plus that of each of its ancestors that are the run's `startup` processes. A program in a
// sandbox starts after bwrap and its PID namespace's init, or the box's own init, have each
// started in turn, and each of them may have waited for a CPU on the way (on a busy machine,
// seconds): that is the run's start-up, not the program's doing, and came before the program's own
// waits. The program's own processes add nothing to each other's: they may wait at the same moment
// (red team: 16 processes, each the parent of the next, on one CPU for 4 s summed to 60 s, and an
// idle program got 60 s more before the guard), so the longest of them counts.
double chain_cpu_wait(const std::vector<ProcEntry>& members, const std::map<pid_t, double>& wait_of,
                      const std::set<pid_t>& startup);

}  // namespace entrapment
