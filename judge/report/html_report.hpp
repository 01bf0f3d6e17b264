// `judge run --html FILE`: one self-contained page (inline CSS and SVG; no scripts, no network)
// with the first failing test's game drawn round by round as 3x3 boards and its raw transcript,
// then the summary table of every test, then the other failing tests' games; for a compile
// error, the compiler's message.
// The submissions of a directory (`judge run DIR`): a table of them, then the same for each.
// Every piece of text is escaped.
#pragma once

#include <ostream>
#include <vector>

#include "verdict/result.hpp"

namespace entrapment::report {

void write_html(std::ostream& out, const RunResult& result);

// The submissions of a directory: one page for all.
void write_html(std::ostream& out, const std::vector<RunResult>& results);

}  // namespace entrapment::report
