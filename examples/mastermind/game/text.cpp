#include "text.hpp"

namespace mastermind {

std::string spacing_fault(const std::string& line) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(line[i]);
    const std::string at = " at byte " + std::to_string(i + 1);
    if (c == '\t') return "a tab" + at + " (separate numbers by single spaces)";
    if (c == '\r') return "a carriage return" + at + " (lines must end in a plain \\n)";
    if (c < 0x20 || c >= 0x7f)
      return "byte " + quote(std::string(1, line[i])) + at + " is not printable ASCII";
  }
  if (line.empty()) return "an empty line";
  if (line.front() == ' ') return "a leading space";
  if (line.back() == ' ') return "a trailing space";
  if (line.find("  ") != std::string::npos) return "two spaces in a row";
  return "";
}

std::vector<std::string> split_spaces(const std::string& line) {
  std::vector<std::string> out;
  std::string current;
  for (char c : line) {
    if (c == ' ') {
      out.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  out.push_back(current);
  return out;
}

std::string integer_fault(const std::string& token) {
  if (token.empty()) return "an empty token";
  if (token[0] == '+' || token[0] == '-')
    return quote(token) + " has a sign (write the number alone)";
  for (char c : token)
    if (c < '0' || c > '9') return quote(token) + " is not a number";
  if (token.size() > 1 && token[0] == '0') return quote(token) + " has a leading zero";
  return "";
}

std::uint64_t integer_value(const std::string& token, std::uint64_t high) {
  std::uint64_t value = 0;
  for (char c : token) {
    const std::uint64_t digit = static_cast<std::uint64_t>(c - '0');
    if (digit > high || value > (high - digit) / 10) return high + 1;
    value = value * 10 + digit;
  }
  return value;
}

std::string quote(const std::string& text, std::size_t limit) {
  static const char kHex[] = "0123456789abcdef";
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size() && i < limit; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c >= 0x7f) {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  out += text.size() > limit ? "\"..." : "\"";
  return out;
}

}  // namespace mastermind
