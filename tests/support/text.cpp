#include "text.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace entrapment::testing {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> table_row(const std::string& text, const std::string& first) {
  const std::string start = "| " + first + " |";
  for (const std::string& line : lines_of(text)) {
    if (line.rfind(start, 0) != 0) continue;
    std::vector<std::string> cells;
    // Between "| " and " |", cut at " | " (an escaped bar, "\|", has no space before it).
    const std::string inner = line.substr(2, line.size() >= 4 ? line.size() - 4 : 0);
    for (std::size_t at = 0;;) {
      const std::size_t bar = inner.find(" | ", at);
      cells.push_back(inner.substr(at, bar == std::string::npos ? bar : bar - at));
      if (bar == std::string::npos) break;
      at = bar + 3;
    }
    return cells;
  }
  return {};
}

void expect_in_order(const std::string& text, const std::vector<std::string>& parts) {
  std::size_t from = 0;
  for (const std::string& part : parts) {
    const std::size_t found = text.find(part, from);
    EXPECT_NE(found, std::string::npos)
        << "missing, or not after the part before it: " << part << "\nin:\n"
        << text;
    if (found != std::string::npos) from = found + part.size();
  }
}

}  // namespace entrapment::testing
