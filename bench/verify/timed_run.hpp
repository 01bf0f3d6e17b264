// Running `judge` as a user types it, and what it cost: its wall clock and the CPU time of the
// process and everything it started (compilers, contestants, bwrap), the part that the load
// on the machine does not change. Shared by the verify benches.
//
// The CPU time comes from a cgroup v1 cpuacct group of the run's own, made under the bench's
// (as root on a cgroup-v1 machine): it holds every process the run starts, the judge's nested
// groups included. wait4's usage alone misses a process killed with bwrap's PID namespace,
// which no one reaps with a count: a contestant killed at its 5 s CPU limit vanished from it
// in 2 of 3 runs (doc/measurements.md). Where no such group can be made, wait4's usage.
#pragma once

#include <string>
#include <vector>

namespace entrapment::bench {

struct Timing {
  int status = 0;
  double wall_s = 0;
  double cpu_s = 0;              // user + system of the process and all it started (see above)
  bool cpu_from_cgroup = false;  // false: wait4's usage, which may miss killed processes
  std::string output;            // stdout and stderr together, when asked for
};

// Runs argv; `cache` is ENTRAPMENT_CACHE_DIR for it ("off": every submission compiled, as on a
// fresh machine; "": the user's compile cache). Its output is kept when `keep_output`, else
// thrown away.
Timing timed(const std::vector<std::string>& argv, const std::string& cache,
             bool keep_output = false);

}  // namespace entrapment::bench
