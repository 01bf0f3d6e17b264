// What a box started with given limits and isolation would get here, as the box itself says it
// (`judge-box --describe`, box/box_main.cpp): the judge asks and repeats, and never decides
// which limit mechanism is in force or what it covers (that is box/limiter.hpp's alone). Also
// the judge's one request to the box before its first run: ready its control groups.
#pragma once

#include <string>
#include <vector>

#include "box/limits.hpp"
#include "box/request.hpp"

namespace entrapment {

struct BoxDescription {
  std::string limits;  // "cgroup v1 (memory, pids, cpuacct)", "rlimit (why no group)"
  bool memory_exact = false;
  std::string sandbox;              // "namespaces (...)", "bwrap (/usr/bin/bwrap)", "none (why)"
  std::vector<std::string> covers;  // what each limit covers, a line each
  std::string seccomp;              // "seccomp: ..." as the box says it
  // No group here, but one in a scope systemd delegates (containment/delegation.hpp).
  bool would_use_delegation = false;
  // What the box refused (control groups asked for where none is usable): empty when the
  // limits can be enforced as asked.
  std::string error;
  // Why the box could not be asked (judge-box missing, or it said nothing readable): the runs
  // will meet the same and say so.
  std::string unreachable;
};

BoxDescription describe_boxes(const BoxLimits& limits, Isolation isolation);

// `judge-box --prepare-cgroups`, waited for: under cgroup v2 it moves a judge alone in its group
// into a leaf of its own, so that the boxes' groups get controllers. Nothing when it fails: the
// boxes then say what they got (rlimits, and why).
void prepare_cgroups_through_box();

}  // namespace entrapment
