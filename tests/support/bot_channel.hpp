// An in-process contestant for tests: a Channel whose other end is a function that answers
// every line the judge sends, as a real program would. Lets tests play thousands of whole
// games through the interaction core in milliseconds.
#pragma once

#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "interaction/channel.hpp"

namespace entrapment::testing {

class BotChannel : public Channel {
 public:
  // `respond` gets each judge line and returns the lines the contestant writes next.
  using Respond = std::function<std::vector<std::string>(const std::string& judge_line)>;
  BotChannel(std::vector<std::string> opening, Respond respond)
      : pending_(opening.begin(), opening.end()), respond_(std::move(respond)) {}

  LineRead read_line() override {
    LineRead out;
    if (pending_.empty()) return out;  // End: the bot has nothing more to say
    out.status = LineRead::Status::Line;
    out.text = pending_.front();
    pending_.pop_front();
    return out;
  }
  bool write_line(const std::string& line) override {
    judge_lines.push_back(line);
    for (std::string& reply : respond_(line)) pending_.push_back(std::move(reply));
    return true;
  }

  std::vector<std::string> judge_lines;

 private:
  std::deque<std::string> pending_;
  Respond respond_;
};

}  // namespace entrapment::testing
