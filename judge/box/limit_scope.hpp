// What each limit covers in a box started with given limits and isolation, in words, one line
// per limit: the box's own account of itself, which `judge-box --describe` prints and the
// judge's `-v` repeats (containment/box_description.hpp). It is here, beside the limiter, so
// that what a mechanism covers is said where the mechanism is chosen, and nowhere else.
#pragma once

#include <string>
#include <vector>

#include "limiter.hpp"
#include "request.hpp"

namespace entrapment {

// `here`: the mechanism a box would get (limits_here()); `root`: whether the box runs as root
// (a root box gives each sandboxed run a user id of its own, which RLIMIT_NPROC then caps
// alone).
std::vector<std::string> limit_scope(const BoxLimits& limits, const LimitsHere& here,
                                     Isolation isolation, bool root);

}  // namespace entrapment
