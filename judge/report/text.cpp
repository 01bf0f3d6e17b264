#include "text.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace entrapment::report {

namespace {

// The length of the valid UTF-8 sequence starting at text[i], or 0 when the byte there does
// not start one (stray continuation bytes, overlong forms, surrogates, beyond U+10FFFF).
std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b = byte(i);
  std::size_t length;
  unsigned int min_second = 0x80, max_second = 0xBF;
  if (b < 0x80) return 1;
  if (b >= 0xC2 && b <= 0xDF) {
    length = 2;
  } else if (b >= 0xE0 && b <= 0xEF) {
    length = 3;
    if (b == 0xE0) min_second = 0xA0;  // overlong
    if (b == 0xED) max_second = 0x9F;  // surrogates
  } else if (b >= 0xF0 && b <= 0xF4) {
    length = 4;
    if (b == 0xF0) min_second = 0x90;  // overlong
    if (b == 0xF4) max_second = 0x8F;  // beyond U+10FFFF
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  if (byte(i + 1) < min_second || byte(i + 1) > max_second) return 0;
  for (std::size_t k = 2; k < length; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  return length;
}

// The code point of the valid UTF-8 sequence of `length` bytes at text[i].
char32_t code_point(std::string_view text, std::size_t i, std::size_t length) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
  if (length == 1) return byte(0);
  char32_t value = byte(0) & (0xFF >> (length + 1));
  for (std::size_t k = 1; k < length; ++k) value = (value << 6) | (byte(k) & 0x3F);
  return value;
}

// Characters that show nothing themselves but change what is shown around them: the bidi
// controls (U+202E makes a terminal or a page show the following text backwards: Trojan
// Source), zero-width characters, the line and paragraph separators.
bool is_invisible_control(char32_t c) {
  return c == 0x061C || (c >= 0x200B && c <= 0x200F) || (c >= 0x2028 && c <= 0x202E) ||
         (c >= 0x2060 && c <= 0x2069) || c == 0xFEFF;
}

std::string code_point_text(char32_t c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "\\u%04X", static_cast<unsigned>(c));
  return buf;
}

std::string hex_byte(unsigned char c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "\\x%02X", c);
  return buf;
}

}  // namespace

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = utf8_length(text, i);
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (length == 0) {
      out += hex_byte(c);
      ++i;
    } else if (length == 1 && c == '\t') {
      out += "\\t";
      ++i;
    } else if (length == 1 && (c < 0x20 || c == 0x7F)) {
      out += hex_byte(c);
      ++i;
    } else if (length == 2 && c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0) {
      // C1 control characters (U+0080..U+009F): some terminals obey them too.
      out += hex_byte(c) + hex_byte(static_cast<unsigned char>(text[i + 1]));
      i += 2;
    } else if (length > 1 && is_invisible_control(code_point(text, i, length))) {
      out += code_point_text(code_point(text, i, length));
      i += length;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  return out;
}

std::string json_quote(std::string_view text) {
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = utf8_length(text, i);
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (length == 0) {
      out += "\\uFFFD";
      ++i;
      continue;
    }
    if (length > 1) {
      const char32_t point = code_point(text, i, length);
      if (is_invisible_control(point))
        out += code_point_text(point);  // the same string, and no surprise where it is shown
      else
        out.append(text.substr(i, length));
      i += length;
      continue;
    }
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20 || c == 0x7F) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04X", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
    ++i;
  }
  return out + "\"";
}

std::string json_number(double value) {
  if (!std::isfinite(value)) return "null";
  char buf[64];
  const auto result = std::to_chars(buf, buf + sizeof buf, value);
  return std::string(buf, result.ptr);
}

std::string format_seconds(double seconds) {
  char buf[32];
  std::snprintf(buf, sizeof buf, seconds < 10 ? "%.3f s" : "%.2f s", seconds);
  return buf;
}

std::string format_kib(long long kib) {
  char buf[32];
  if (kib < 1024)
    std::snprintf(buf, sizeof buf, "%lld KiB", kib);
  else if (kib < 1024 * 1024)
    std::snprintf(buf, sizeof buf, "%.1f MiB", static_cast<double>(kib) / 1024);
  else
    std::snprintf(buf, sizeof buf, "%.2f GiB", static_cast<double>(kib) / (1024 * 1024));
  return buf;
}

std::string shorten(std::string_view text, std::size_t max_chars) {
  const std::string safe = printable(text);
  std::size_t chars = 0;
  for (std::size_t i = 0; i < safe.size(); ++i) {
    // Count code points: every byte that is not a continuation byte starts one.
    if ((static_cast<unsigned char>(safe[i]) & 0xC0) == 0x80) continue;
    if (chars == max_chars) return safe.substr(0, i) + "...";
    ++chars;
  }
  return safe;
}

}  // namespace entrapment::report
