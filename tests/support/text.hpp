// Looking into a program's output in the tests: whether it holds a part, its lines, and parts
// that must come in that order.
#pragma once

#include <string>
#include <vector>

namespace entrapment::testing {

bool has(const std::string& text, const std::string& part);

// Its lines, without their '\n' (a last line without one counts).
std::vector<std::string> lines_of(const std::string& text);

// Each part after the one before it, in this order: a failure for each one missing.
void expect_in_order(const std::string& text, const std::vector<std::string>& parts);

}  // namespace entrapment::testing
