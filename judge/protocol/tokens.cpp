#include "tokens.hpp"

#include <cstdio>

namespace entrapment {

std::vector<std::string> split_blanks(const std::string& line) {
  const auto blank = [](char c) { return c == ' ' || c == '\t'; };
  // Counted first, so that the tokens are made once each, in place: every line of every game
  // the corpus plays is split here.
  std::size_t tokens = 0;
  for (std::size_t i = 0; i < line.size(); ++i)
    if (!blank(line[i]) && (i == 0 || blank(line[i - 1]))) ++tokens;
  std::vector<std::string> out;
  out.reserve(tokens);
  for (std::size_t i = 0; i < line.size();) {
    while (i < line.size() && blank(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !blank(line[i])) ++i;
    if (i > start) out.emplace_back(line, start, i - start);
  }
  return out;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::string current;
  for (char c : text) {
    if (c == '\n') {
      lines.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) lines.push_back(current);
  return lines;
}

Optional<long long> parse_integer(const std::string& token) {
  std::size_t i = 0;
  const bool negative = !token.empty() && token[0] == '-';
  if (negative) i = 1;
  const std::size_t digits = token.size() - i;
  if (digits == 0 || digits > 18) return kNothing;
  if (token[i] == '0' && (digits > 1 || negative)) return kNothing;
  long long value = 0;
  for (; i < token.size(); ++i) {
    if (token[i] < '0' || token[i] > '9') return kNothing;
    value = value * 10 + (token[i] - '0');
  }
  return negative ? -value : value;
}

std::string xml_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += (c >= 0 && c < 0x20) ? '.' : c;
    }
  }
  return out;
}

std::string quote(const std::string& text, std::size_t limit) {
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size() && i < limit; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    }
  }
  out += '"';
  if (text.size() > limit) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

}  // namespace entrapment
