// Looking into a program's output in the tests: whether it holds a part, its lines, parts
// that must come in that order, and a row of a Markdown table.
#pragma once

#include <string>
#include <vector>

namespace entrapment::testing {

bool has(const std::string& text, const std::string& part);

// Its lines, without their '\n' (a last line without one counts).
std::vector<std::string> lines_of(const std::string& text);

// The cells of the Markdown table row in `text` whose first cell is `first` ("| a | b |":
// {"a", "b"}; a bar escaped as "\|" stays in its cell); empty when no row starts so.
std::vector<std::string> table_row(const std::string& text, const std::string& first);

// Each part after the one before it, in this order: a failure for each one missing.
void expect_in_order(const std::string& text, const std::vector<std::string>& parts);

}  // namespace entrapment::testing
