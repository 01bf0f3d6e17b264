// The judge's connection to the contestant: lines in, lines out. The interaction core only
// sees this interface, so the same core runs behind stdin/stdout in a contest system and
// behind pipes to a spawned process in `judge run` (judge/judging). C++17, standard library
// only.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>

namespace entrapment {

// The longest contestant line the judge reads; a longer one is a wrong answer.
constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;

struct LineRead {
  enum class Status { Line, End, TooLong };
  Status status = Status::End;
  std::string text;  // without the '\n'; for TooLong, the first kMaxLineBytes bytes
};

class Channel {
 public:
  virtual ~Channel() = default;
  // The contestant's next line. A last line without '\n' still counts as a line.
  virtual LineRead read_line() = 0;
  // Sends `line` and a '\n', flushed. False when the contestant is gone (closed its input).
  virtual bool write_line(const std::string& line) = 0;
};

// A channel over C streams: the contest-system transports use stdin and stdout.
class StreamChannel : public Channel {
 public:
  StreamChannel(std::FILE* from_contestant, std::FILE* to_contestant)
      : in_(from_contestant), out_(to_contestant) {}
  LineRead read_line() override;
  bool write_line(const std::string& line) override;

 private:
  std::FILE* in_;
  std::FILE* out_;
};

}  // namespace entrapment
