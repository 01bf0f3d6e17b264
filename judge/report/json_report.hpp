// `judge run --json FILE`: the run for machines. One submission:
//   {"submission", "verdict", "expected", "as_expected", "message",
//    "tests": [{"name", "verdict", "cpu_s", "wall_s", "memory_kib", "message"}, ...]}
// ("message" is why no test ran, e.g. the compiler's message for CE; "" otherwise). Several
// submissions (`judge run DIR`): {"as_expected", "submissions": [one object as above, ...]}.
// Always valid JSON whatever bytes the strings hold (see json_quote in text.hpp).
#pragma once

#include <ostream>
#include <vector>

#include "runner/result.hpp"

namespace entrapment::report {

void write_json(std::ostream& out, const RunResult& result);

// One submission: as write_json(out, results[0]); several: the list.
void write_json(std::ostream& out, const std::vector<RunResult>& results);

}  // namespace entrapment::report
