// The strict reading both sides of the problem share: tokens separated by exactly one space,
// integers in canonical form. Test files and the contestant's guesses are read by these rules,
// so a file or a line that a lenient reader would accept in two ways is refused instead.
// C++14, standard library only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace mastermind {

// What is wrong with the spacing or the bytes of `line` (a tab, a carriage return, another
// control or non-ASCII byte, an empty line, a leading or trailing space, two spaces in a row),
// or "" when it is a list of tokens separated by single spaces.
std::string spacing_fault(const std::string& line);

// `line` cut at its spaces; meaningful once spacing_fault(line) is "".
std::vector<std::string> split_spaces(const std::string& line);

// What keeps `token` from being a canonical non-negative integer (a sign, a leading zero, a
// character that is not a digit), or "" when it is one.
std::string integer_fault(const std::string& token);

// The value of a canonical integer token, or `high` + 1 when it exceeds `high` (a token of
// twenty digits must not overflow). `high` < UINT64_MAX.
std::uint64_t integer_value(const std::string& token, std::uint64_t high);

// `text` in double quotes with control and non-ASCII bytes escaped (\t, \r, \xNN), cut after
// `limit` bytes with "..." so a message stays short whatever the contestant wrote.
std::string quote(const std::string& text, std::size_t limit = 40);

}  // namespace mastermind
