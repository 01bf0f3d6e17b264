#include "game_record.hpp"

#include <cstdio>

namespace entrapment {

std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (char ch : text) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c == '"') {
      out += "\\\"";
    } else if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c < 0x20 || c >= 0x7f) {
      // Bytes outside printable ASCII are written as code points so the file stays valid
      // UTF-8 JSON whatever the contestant sent.
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04X", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string json_lines(const std::vector<GameLine>& lines) {
  std::string out = "[";
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const GameLine& l = lines[i];
    out += i ? ",\n    " : "\n    ";
    out += std::string("{\"from\": ") + (l.from_contestant ? "\"contestant\"" : "\"judge\"") +
           ", \"round\": " + std::to_string(l.round) + ", \"text\": " + json_string(l.text) +
           (l.cut ? ", \"cut\": true" : "") + "}";
  }
  return out + (lines.empty() ? "]" : "\n  ]");
}

std::string GameRecord::to_json() const {
  if (payload) return payload->to_json();
  std::string out = "{\n  \"lines\": " + json_lines(lines);
  if (lines_dropped) out += ",\n  \"lines_dropped\": " + std::to_string(lines_dropped);
  return out + "\n}\n";
}

}  // namespace entrapment
