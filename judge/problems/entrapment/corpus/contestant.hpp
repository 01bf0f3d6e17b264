// A contestant that runs inside the judge's process: a Channel whose other end is an object
// that reads the judge's lines and writes its own, as a program would, but without processes
// or pipes. The interaction core cannot tell the difference, so one game costs microseconds
// and the corpus of wrong strategies plays thousands of games a second.
#pragma once

#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "contract/channel.hpp"

namespace entrapment::corpus {

class Contestant {
 public:
  virtual ~Contestant() = default;
  // The judge wrote `line`; returns what the contestant writes before it reads again. A
  // contestant that crashed, hangs or exited returns nothing, and the judge then finds the
  // end of its output.
  virtual std::vector<std::string> on_judge_line(const std::string& line) = 0;
};

class ContestantChannel : public Channel {
 public:
  explicit ContestantChannel(std::unique_ptr<Contestant> contestant)
      : contestant_(std::move(contestant)) {}

  LineRead read_line() override;
  bool write_line(const std::string& line) override;

 private:
  std::unique_ptr<Contestant> contestant_;
  std::deque<std::string> pending_;  // written by the contestant, not yet read by the judge
};

}  // namespace entrapment::corpus
