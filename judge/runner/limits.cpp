#include "limits.hpp"

namespace entrapment {

Limits limits_from(const ProblemConfig& problem) {
  Limits limits;
  limits.cpu_s = problem.time_limit_s;
  limits.wall_s = problem.time_limit_s + 0.5;
  limits.memory_mib = problem.memory_mib;
  return limits;
}

}  // namespace entrapment
