// Which mechanism enforces the limits here, and why (what `judge run -v` prints): a control
// group per run where the judge can make one under its own group, rlimits otherwise.
// Detected once per process.
#pragma once

#include <string>

#include "cgroup.hpp"
#include "limits.hpp"

namespace entrapment {

struct LimitMechanism {
  bool cgroup = false;
  CgroupLayout layout;      // when `cgroup`
  std::string description;  // "cgroup v1 (memory, pids, cpuacct)", "rlimit (no writable ...)"
  std::string error;        // not empty: nothing can be judged (says why)
};

// The mechanism for `choice`: Auto reads ENTRAPMENT_LIMITS (rlimit, cgroup or auto; unset is
// auto), and auto is a control group when one is usable, else rlimits.
const LimitMechanism& limit_mechanism(LimitChoice choice = LimitChoice::Auto);

// "limits: cgroup v1 (memory, pids, cpuacct)", or the error.
std::string describe_limits(LimitChoice choice = LimitChoice::Auto);

}  // namespace entrapment
