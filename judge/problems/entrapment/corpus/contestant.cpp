#include "contestant.hpp"

namespace entrapment::corpus {

LineRead ContestantChannel::read_line() {
  LineRead out;
  if (pending_.empty()) return out;  // End: the contestant has nothing more to say
  out.status = LineRead::Status::Line;
  out.text = std::move(pending_.front());
  pending_.pop_front();
  return out;
}

bool ContestantChannel::write_line(const std::string& line) {
  for (std::string& reply : contestant_->on_judge_line(line)) pending_.push_back(std::move(reply));
  return true;
}

}  // namespace entrapment::corpus
