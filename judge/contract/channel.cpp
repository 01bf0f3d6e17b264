#include "channel.hpp"

namespace entrapment {

LineRead StreamChannel::read_line() {
  LineRead result;
  int c;
  bool any = false;
  while ((c = std::getc(in_)) != EOF) {
    any = true;
    if (c == '\n') {
      result.status = LineRead::Status::Line;
      return result;
    }
    if (result.text.size() >= kMaxLineBytes) {
      result.status = LineRead::Status::TooLong;
      return result;
    }
    result.text += static_cast<char>(c);
  }
  result.status = any ? LineRead::Status::Line : LineRead::Status::End;
  return result;
}

bool StreamChannel::write_line(const std::string& line) {
  if (std::fputs(line.c_str(), out_) == EOF || std::fputc('\n', out_) == EOF) return false;
  return std::fflush(out_) == 0;
}

}  // namespace entrapment
