// The limits a contestant runs under, from problem.yaml, and how they are enforced.
#pragma once

#include "package/problem_yaml.hpp"

namespace entrapment {

// How the limits are enforced (README, "Limits"): a control group of its own per run where
// one is usable (memory, processes and CPU time of the whole process tree), resource limits
// (rlimits) otherwise. Auto follows ENTRAPMENT_LIMITS=rlimit|cgroup|auto, then picks cgroups
// when usable; Rlimit and Cgroup force one (Cgroup fails each test with a judge error when no
// group is usable).
enum class LimitChoice { Auto, Rlimit, Cgroup };

struct Limits {
  double cpu_s = 5;                         // CPU time of the whole tree (user + system): TLE
  double wall_s = 11;                       // wall clock, a guard for sleeping programs: TLE
  long long memory_mib = 2048;              // memory (heap for Java): beyond it, MLE or RTE
  int max_processes = 256;                  // processes and threads of the contestant
  long long max_output_bytes = 1ll << 20;   // the size of any file it writes
  long long kept_stderr_bytes = 1ll << 20;  // what the judge keeps of its stderr
  // What it may write: its /tmp (where its working directory is) and its /dev/shm, each a
  // tmpfs of this size (isolated by bwrap; doc/execution.md).
  long long max_scratch_bytes = 64ll << 20;
  LimitChoice mechanism = LimitChoice::Auto;
};

// The wall-clock guard for a CPU limit: 2 x CPU + 1 s, like DOMjudge's hard limit. TLE is
// decided by CPU time; the wall limit only stops programs that sleep or wait, generously, so
// that a busy machine never turns a correct program into a TLE.
inline double wall_limit_for(double cpu_s) { return 2 * cpu_s + 1; }

// CPU time is limits.time_limit, the wall clock wall_limit_for() it, memory limits.memory.
inline Limits limits_from(const ProblemConfig& problem) {
  Limits limits;
  limits.cpu_s = problem.time_limit_s;
  limits.wall_s = wall_limit_for(problem.time_limit_s);
  limits.memory_mib = problem.memory_mib;
  return limits;
}

}  // namespace entrapment
