#include "scripted_channel.hpp"

#include "../protocol/tokens.hpp"

namespace entrapment {

ScriptedChannel ScriptedChannel::from_bytes(const std::string& bytes) {
  return ScriptedChannel(lines_of(bytes));
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
