// Running `judge` as a user types it, and what it cost: its wall clock and the CPU time of the
// process and everything it started (compilers, contestants, bwrap), the part that the load
// on the machine does not change. Shared by the verify benches.
//
// The CPU time is a control group's count where the bench can make one (root): wait4's
// figure misses every process the kernel reaps itself, and a contestant killed with bwrap's
// PID namespace is one (its init dies with it, and the 5 s of a time-limit run vanished from
// `judge verify`'s figure in 3 of 6 runs). Elsewhere it is wait4's, and `counted_by` says so.
#pragma once

#include <string>
#include <vector>

namespace entrapment::bench {

struct Timing {
  int status = 0;
  double wall_s = 0;
  double cpu_s = 0;             // user + system of the process and everything it started
  const char* counted_by = "";  // "a control group", or "wait4 (misses PID namespaces)"
  std::string output;           // stdout and stderr together, when asked for
};

// Runs argv; `cache` is ENTRAPMENT_CACHE_DIR for it ("off": every submission compiled, as on a
// fresh machine; "": the user's compile cache). Its output is kept when `keep_output`, else
// thrown away.
Timing timed(const std::vector<std::string>& argv, const std::string& cache,
             bool keep_output = false);

}  // namespace entrapment::bench
