#include "limits.hpp"

namespace entrapment {

double wall_limit_for(double cpu_s) { return 2 * cpu_s + 1; }

Limits limits_from(const ProblemConfig& problem) {
  Limits limits;
  limits.cpu_s = problem.time_limit_s;
  limits.wall_s = wall_limit_for(problem.time_limit_s);
  limits.memory_mib = problem.memory_mib;
  return limits;
}

}  // namespace entrapment
