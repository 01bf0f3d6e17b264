// A channel whose contestant is a fixed list of lines: for replaying sample transcripts,
// tests and the fuzzer. It records what the judge sent. C++17, standard library only.
#pragma once

#include <string>
#include <vector>

#include "../contract/channel.hpp"

namespace entrapment {

class ScriptedChannel : public Channel {
 public:
  explicit ScriptedChannel(std::vector<std::string> contestant_lines)
      : lines_(std::move(contestant_lines)) {}

  // From raw bytes: split at '\n'; a last line without '\n' still counts.
  static ScriptedChannel from_bytes(const std::string& bytes);

  LineRead read_line() override;
  bool write_line(const std::string& line) override {
    judge_lines_.push_back(line);
    return true;
  }

  const std::vector<std::string>& judge_lines() const { return judge_lines_; }
  // How many contestant lines the judge has read.
  std::size_t lines_read() const { return next_; }

 private:
  std::vector<std::string> lines_;
  std::size_t next_ = 0;
  std::vector<std::string> judge_lines_;
};

}  // namespace entrapment
