// A run pinned to one CPU by a control group (`--cpu`, request.hpp), as isolate and DOMjudge's
// runguard pin theirs: the kernel keeps every process of the run on the cpuset's CPUs, and the
// program cannot widen it (its own sched_setaffinity is cut down to the cpuset). Best effort
// on top of what always pins the run, sched_setaffinity in the box's child before exec
// (box.cpp), which the program could undo:
//  - cgroup v1: a group of the run's own in the cpuset hierarchy, beside the judge's (its
//    cpuset.cpus the one CPU, its cpuset.mems its parent's), which the child joins;
//  - cgroup v2: cpuset.cpus in the run's own group, where its parent gives its children the
//    cpuset controller (the box asks for it once: "+cpuset").
// Where neither can be had (not root, no hierarchy, the CPU not the judge's), how() says why.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <string>

namespace entrapment {

class CpusetPin {
 public:
  // `version`: the run's control groups' (1 or 2); `run_group`: under v2, the run's own group;
  // `name`: the name for a v1 group of its own. Never throws.
  CpusetPin(int version, const std::filesystem::path& run_group, const std::string& name, int cpu);
  ~CpusetPin();  // kills what is left in a v1 group of its own and removes it
  CpusetPin(const CpusetPin&) = delete;
  CpusetPin& operator=(const CpusetPin&) = delete;

  bool pinned() const { return pinned_; }
  // "cpuset v1 (cpu 1)", or why there is none.
  const std::string& how() const { return how_; }
  // The v1 group's cgroup.procs, open for the child to write "0" to; -1 when it has none.
  int procs_fd() const { return procs_; }

 private:
  bool pinned_ = false;
  std::string how_;
  std::filesystem::path own_;  // a v1 group of its own, held (flock) while it exists
  int lock_ = -1, procs_ = -1;
};

// The judge's group in the cpuset v1 hierarchy, where boxes make theirs (for the sweep);
// nothing when there is none.
std::optional<std::filesystem::path> cpuset_parent_for_boxes();

}  // namespace entrapment
