// `judge run --json FILE`: the run for machines.
//   {"submission": ..., "verdict": ...,
//    "tests": [{"name", "verdict", "cpu_s", "wall_s", "memory_kib", "message"}, ...]}
// Always valid JSON whatever bytes the strings hold (see json_quote in text.hpp).
#pragma once

#include <ostream>

#include "runner/result.hpp"

namespace entrapment::report {

void write_json(std::ostream& out, const RunResult& result);

}  // namespace entrapment::report
