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
