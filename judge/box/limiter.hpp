// The one seam for the limits: one interface, two implementations, chosen once per run by
// make_limiter(). Nothing outside judge/box asks which mechanism is in force (tests/layers
// checks it): the record says it in words (`limits`, `memory-counted`, `oom-killed`), and
// `judge-box --describe` says what each limit covers (limit_scope.hpp) for the judge to repeat.
//  - A control group of the run's own (cgroup_limiter.cpp; v1 or v2 behind it), the way
//    DOMjudge's runguard and isolate limit programs: the kernel caps the whole tree's memory
//    (tmpfs, memfds and socket buffers it charges included) and its tasks, and counts its CPU.
//  - Resource limits (rlimit_limiter.cpp), where no group is usable: each process's address
//    space and CPU time are capped by the kernel; the tree's CPU time and memory are what the
//    box's looks at /proc see, so memory is counted on a best-effort basis.
// Either way the box (box.hpp) drives it in this order: made before the fork, entered by the
// child, looked at while the run lasts, frozen and killed at its end, then asked for figures.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "limits.hpp"
#include "proc_table.hpp"

namespace entrapment {

// The rlimits the box's child sets before exec.
struct ChildRlimits {
  rlim_t cpu_soft = 0, cpu_hard = 0;  // a per-process backstop above the CPU limit
  std::optional<rlim_t> address_space;
  // RLIMIT_DATA: memory written, not address space reserved (a control group's backstop: glibc
  // reserves 64 MiB for each thread's malloc arena, and 32 threads of a correct program met
  // RLIMIT_AS at twice a 256 MiB limit, RTE).
  std::optional<rlim_t> data;
  std::optional<rlim_t> processes;  // RLIMIT_NPROC, where nothing else caps the tasks
  // RLIMIT_NPROC where the run has a user namespace of its own (a box that is not root: bwrap's,
  // or the box's own without a sandbox), set inside it: the kernel counts a user's processes
  // per namespace, so it counts the run's alone there. `processes` where it has none.
  std::optional<rlim_t> processes_in_own_namespace;
  rlim_t files = 0;  // RLIMIT_NOFILE: the run's share of the machine's files
  // RLIMIT_SIGPENDING: signals queued and POSIX timers, each kernel memory no process's (0: not
  // set here; a box that is not root sets it in bwrap's user namespace, as NPROC).
  rlim_t pending_signals = 0;
  rlim_t file_size = 0;
  rlim_t stack = RLIM_INFINITY;
};

// A look at the run while it lasts.
struct Look {
  double cpu_s = 0;
  bool memory_over = false;  // its looks saw its memory past the limit (best effort)
};

// The run's figures once everything of it is stopped.
struct RunFigures {
  double cpu_s = 0;
  long long memory_kib = 0;
  bool out_of_memory = false;  // the limit stopped it (or, best effort, it failed near it)
  // The kernel killed one of its processes at the memory limit (a control group's count: never
  // a guess), whether or not the program went on without it.
  bool oom_killed = false;
  // Best effort: the box's looks saw its processes hold more than the limit, the last look
  // (just before they were killed, at the run's end) included.
  bool seen_over = false;
};

class Limiter {
 public:
  virtual ~Limiter() = default;
  // "cgroup v1 (memory, pids, cpuacct)", or "rlimit (why no control group)".
  virtual std::string description() const = 0;
  // False: memory is counted on a best-effort basis.
  virtual bool memory_exact() const = 0;
  // Whether the run's processes are capped through its user id (RLIMIT_NPROC, which counts
  // every process of the id, another run's too), rather than by a group of its own.
  virtual bool processes_capped_per_user() const = 0;
  // How a run given a CPU (BoxLimits::cpu) is held to it beyond its affinity, which the box's
  // child sets whatever this says: "cpuset v1 (cpu 1)", why there is no cpuset, or "" (no
  // control group: the affinity alone).
  virtual std::string cpuset() const { return ""; }
  // In the child, between fork and exec: joins what holds the run. nullptr, or the step that
  // failed (errno set).
  virtual const char* enter() const = 0;
  // What the child sets; `run_uid`: the run's own user id, if it has one.
  virtual ChildRlimits rlimits(std::optional<uid_t> run_uid) const = 0;
  // The process the box started, and how many of the run's first processes start the program
  // and hold none of its memory: 2 under bwrap (bwrap, and its child the box's step), 1 in the
  // box's own namespaces (their init, `main` itself), 0 without a sandbox.
  virtual void started(pid_t main, int starters) = 0;
  // The run's own file systems in memory (its sandbox's /tmp and /dev/shm), as paths in its
  // root: a control group is charged with what they hold; rlimits count their files. Said once
  // the program has started (its sandbox made), after started().
  virtual void own_file_systems(const std::vector<std::string>& paths_in_its_root) {
    (void)paths_in_its_root;
  }
  // Its CPU time now and, best effort, whether its memory passed the limit.
  virtual Look look() = 0;
  // Seconds to the next look, given the CPU time left: the soonest the tree could pass the
  // limit with every core busy, and never so soon that looking costs much.
  virtual double next_look_in(double cpu_left) const = 0;
  // The run's live processes (for waits for a CPU, freezing and killing).
  virtual std::vector<ProcEntry> members() const = 0;
  // Its CPU time and memory now, just before everything is killed (all stopped): under
  // rlimits a last look at its memory, which figures() then reports.
  virtual void remember_before_kill() = 0;
  // Kills every process of the run; returns once none is alive (or after about 3 s).
  virtual void kill_all() = 0;
  // Its figures: `reaped` is what the box's reaped children used (RUSAGE_CHILDREN), `failed`
  // whether the program failed.
  virtual RunFigures figures(const rusage& reaped, bool failed) = 0;
};

// What a choice stands for: Auto is what ENTRAPMENT_LIMITS says (rlimit, cgroup or auto; unset
// is auto), and auto a control group when one is usable, else rlimits. `error` says what is
// wrong with the variable.
LimitChoice chosen(LimitChoice choice, std::string* error = nullptr);

// The limiter for `limits` (Auto: chosen() above). Throws
// std::runtime_error when Cgroup is asked for and none is usable, or a group cannot be made.
std::unique_ptr<Limiter> make_limiter(const BoxLimits& limits, pid_t box);

// What make_limiter() would choose here and why, proved by making and removing a probe group
// (a judge that is not root sees groups it may not write): "cgroup v1 (memory, pids,
// cpuacct)" or "rlimit (...)"; an error text when Cgroup is asked for and none is usable.
struct LimitsHere {
  bool cgroup = false;
  std::string description;
  std::string error;
  // No group here, but a judge that is not root, alone under cgroup v2, would get one in a
  // scope systemd delegates to it (containment/delegation.hpp asks the box this).
  bool would_use_delegation = false;
};
LimitsHere limits_here(LimitChoice choice);

// `judge-box --prepare-cgroups`, once per judge before it starts boxes: under cgroup v2 a
// group that holds processes cannot give its children controllers, so a judge alone in its
// group (with this box, its child) is moved into a leaf of its own (entrapment-judge), and
// memory and pids are enabled for the boxes' groups beside it. `caller`: the judge.
void prepare_cgroups_for_boxes(pid_t caller);

// The CPU time backstop, RLIMIT_NOFILE and what both mechanisms set alike.
ChildRlimits common_rlimits(const BoxLimits& limits);

// Address space a process's runtime reserves and never writes, which RLIMIT_DATA does not count
// and RLIMIT_AS does: glibc's malloc arenas (64 MiB each, up to 8 a CPU, and 64 MiB more while it
// makes one: it maps twice what it keeps, to align it) and a stack for each thread the run may
// start (2 MiB each under an unlimited RLIMIT_STACK).
rlim_t reserved_address_space(const BoxLimits& limits);

}  // namespace entrapment
