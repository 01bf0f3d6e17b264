// The processes of one run as /proc shows them: every live descendant of the box. The box is a
// child subreaper and runs nothing else, so whatever the run orphans comes back to it and no
// process of the run can leave the tree; every process in it is the run's. Under bwrap its
// first two members are bwrap itself and the init of its PID namespace, told by their place in
// the tree (never by their names, which a program can take).
#pragma once

#include <sys/types.h>

#include <map>
#include <vector>

#include "proc_table.hpp"

namespace entrapment {

struct TreeSample {
  double cpu_s = 0;        // its live processes' own and reaped children's time, now
  long long peak_kib = 0;  // the largest peak resident set of one of them
  // Its processes that hold the program's memory (bwrap's own two left out), with their
  // resident sets now.
  std::vector<ProcEntry> holders;
};

class ProcessTree {
 public:
  explicit ProcessTree(pid_t box) : box_(box) {}

  // Every live descendant of the box, zombies included.
  std::vector<ProcEntry> members() const;
  // The run's CPU time, its processes' resident sets and their largest peak, from each
  // process's stat and status (cheap). `main`: the process the box started; when `sandboxed`
  // it is bwrap, and it and its child (the namespace's init) hold nothing of the program's.
  TreeSample sample(pid_t main, bool sandboxed) const;

 private:
  pid_t box_;
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
