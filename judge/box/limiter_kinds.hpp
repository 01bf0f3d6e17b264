// The two implementations behind limiter.hpp's seam, for make_limiter() alone.
#pragma once

#include <memory>
#include <string>

#include "cgroup.hpp"
#include "limiter.hpp"

namespace entrapment {

// A control group of the run's own under `layout` (cgroup_limiter.cpp). Throws when it cannot
// be made or limited.
std::unique_ptr<Limiter> make_cgroup_limiter(const CgroupLayout& layout, const BoxLimits& limits,
                                             pid_t box);
// Resource limits and the box's looks at /proc (rlimit_limiter.cpp); `why`: why no group.
std::unique_ptr<Limiter> make_rlimit_limiter(const BoxLimits& limits, pid_t box,
                                             const std::string& why);

}  // namespace entrapment
