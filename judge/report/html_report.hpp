// `judge run --html FILE`: one self-contained page (inline CSS and SVG; no scripts, no network)
// with the summary table of every test and, for every failing test, its game drawn round by
// round as 3x3 boards, and its raw transcript. Every piece of text is escaped.
#pragma once

#include <ostream>

#include "runner/result.hpp"

namespace entrapment::report {

void write_html(std::ostream& out, const RunResult& result);

}  // namespace entrapment::report
