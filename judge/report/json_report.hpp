// `judge run --json FILE`: the run for machines. One submission:
//   {"submission", "verdict", "expected", "as_expected", "message",
//    "tests": [{"name", "verdict", "cpu_s", "wall_s", "memory_kib", "message"}, ...]}
// ("message" is why no test ran, e.g. the compiler's message for CE; "" otherwise). The
// submissions of a directory (`judge run DIR`, however many it holds): {"as_expected",
// "submissions": [one object as above, ...]}.
// Always valid JSON whatever bytes the strings hold (see json_quote in text.hpp).
#pragma once

#include <ostream>
#include <vector>

#include "verdict/result.hpp"

namespace entrapment::report {

void write_json(std::ostream& out, const RunResult& result);

// The submissions of a directory: the list form.
void write_json(std::ostream& out, const std::vector<RunResult>& results);

}  // namespace entrapment::report
