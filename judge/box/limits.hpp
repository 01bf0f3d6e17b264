// The limits one box enforces on one run, in the box's own terms (seconds, MiB, counts, bytes):
// the box knows nothing of problem.yaml (judging/ turns the package's limits into these).
// What each limit covers under each mechanism is doc/execution.md's table.
#pragma once

namespace entrapment {

// How the limits are enforced (limiter.hpp): a control group of the run's own where one is
// usable (memory, processes and CPU time of the whole process tree), resource limits (rlimits)
// otherwise. Auto picks a control group when one is usable; Cgroup refuses to run without one.
enum class LimitChoice { Auto, Rlimit, Cgroup };

struct BoxLimits {
  double cpu_s = 5;                        // CPU time of the whole tree (user + system)
  double wall_s = 11;                      // wall clock: a guard for programs that wait
  long long memory_mib = 2048;             // memory of the whole tree (the heap, for the JVM)
  int max_processes = 256;                 // processes and threads
  long long max_output_bytes = 1ll << 20;  // the size of any file it writes (RLIMIT_FSIZE)
  // In the sandbox, its /tmp and its /dev/shm are each a tmpfs of this size at most
  // (scratch_bytes()).
  long long max_scratch_bytes = 64ll << 20;
  // Each process's memory backstop at twice the memory limit: RLIMIT_DATA, and under rlimits
  // RLIMIT_AS above it by what runtimes reserve (limiter.hpp). Off for the JVM, which reserves
  // far more than it uses (-Xmx caps it).
  bool limit_address_space = true;
  LimitChoice mechanism = LimitChoice::Auto;
  // The one CPU the run may use (`--cpu`), as DOMjudge's judgehosts and isolate pin theirs: a
  // run alone on its CPU is timed alike whatever runs beside it. -1: not pinned.
  int cpu = -1;
};

// The wall-clock guard for a CPU limit: 2 x CPU + 1 s, like DOMjudge's hard limit. TLE is
// decided by CPU time; the wall limit only stops programs that sleep or wait, generously, so
// that a busy machine never turns a correct program into a TLE.
inline double wall_limit_for(double cpu_s) { return 2 * cpu_s + 1; }

// The size of each of its sandbox's /tmp and /dev/shm: max_scratch_bytes, and never more than
// the memory limit, since what a tmpfs holds is memory (a control group is charged with it;
// under rlimits only the box's looks see it: one process filled 126 MiB of them under a 16 MiB
// limit and emptied them between two looks, red team).
inline long long scratch_bytes(const BoxLimits& limits) {
  const long long memory = limits.memory_mib << 20;
  return limits.max_scratch_bytes < memory ? limits.max_scratch_bytes : memory;
}

}  // namespace entrapment
