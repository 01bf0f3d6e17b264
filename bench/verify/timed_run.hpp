// Running `judge` as a user types it, and what it cost: its wall clock and the CPU time of the
// process and everything it waited for (compilers, contestants, bwrap), the part that the load
// on the machine does not change. Shared by the verify benches.
#pragma once

#include <string>
#include <vector>

namespace entrapment::bench {

struct Timing {
  int status = 0;
  double wall_s = 0;
  double cpu_s = 0;    // user + system of the process and every child it waited for
  std::string output;  // stdout and stderr together, when asked for
};

// Runs argv; `cache` is ENTRAPMENT_CACHE_DIR for it ("off": every submission compiled, as on a
// fresh machine; "": the user's compile cache). Its output is kept when `keep_output`, else
// thrown away.
Timing timed(const std::vector<std::string>& argv, const std::string& cache,
             bool keep_output = false);

}  // namespace entrapment::bench
