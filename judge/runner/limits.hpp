// The limits a contestant runs under, from problem.yaml.
#pragma once

#include "package/problem_yaml.hpp"

namespace entrapment {

struct Limits {
  double cpu_s = 5;                        // CPU time (user + system): beyond it, TLE
  double wall_s = 5.5;                     // wall clock, for programs that sleep or wait: TLE
  long long memory_mib = 2048;             // address space (heap for Java): beyond it, MLE/RTE
  int max_processes = 256;                 // processes and threads of the contestant
  long long max_output_bytes = 1ll << 20;  // stderr kept, and the size of any file it writes
};

// CPU time is limits.time_limit, the wall-clock limit half a second more (the contestant
// waits for nothing but the judge, whose replies take microseconds), memory limits.memory.
Limits limits_from(const ProblemConfig& problem);

}  // namespace entrapment
