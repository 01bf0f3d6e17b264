#include "scripted_channel.hpp"

namespace entrapment {

ScriptedChannel ScriptedChannel::from_bytes(const std::string& bytes) {
  std::vector<std::string> lines;
  std::string current;
  for (char c : bytes) {
    if (c == '\n') {
      lines.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) lines.push_back(current);
  return ScriptedChannel(std::move(lines));
}

LineRead ScriptedChannel::read_line() {
  LineRead result;
  if (next_ >= lines_.size()) return result;  // End
  const std::string& line = lines_[next_++];
  if (line.size() > kMaxLineBytes) {
    result.status = LineRead::Status::TooLong;
    result.text = line.substr(0, kMaxLineBytes);
  } else {
    result.status = LineRead::Status::Line;
    result.text = line;
  }
  return result;
}

}  // namespace entrapment
