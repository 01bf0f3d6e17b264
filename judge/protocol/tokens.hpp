// Splitting a line into tokens and reading integers the strict way. Shared by the test-file
// parser and the contestant reader. C++17 and the standard library only.
#pragma once

#include <string>
#include <vector>

#include "optional.hpp"

namespace entrapment {

// Tokens separated by runs of spaces and tabs; leading and trailing blanks are dropped.
std::vector<std::string> split_blanks(const std::string& line);

// The lines of `text` without their '\n'; a last line without '\n' still counts.
std::vector<std::string> lines_of(const std::string& text);

// A canonical decimal integer: an optional '-', then digits without a leading zero (a lone
// "0" is fine), at most 18 digits. Anything else (signs '+', "007", "1e3", "5x") is nothing.
Optional<long long> parse_integer(const std::string& token);

// `text` fit for XML character data and attribute values, the way testlib escapes its result
// file: markup characters as entities, control characters (invalid in XML 1.0) as '.'.
std::string xml_escape(const std::string& text);

// `text` cut to at most `limit` bytes, with non-printable bytes shown as \xHH, quoted:
// safe to put in a message whatever the contestant sent.
std::string quote(const std::string& text, std::size_t limit = 60);

}  // namespace entrapment
