#include "person_channel.hpp"

#include <iostream>

namespace entrapment {

LineRead PersonChannel::read_line() {
  // A program ends the game by exiting; a person cannot, so once the game is decided (the
  // judge said Trapped, or the Runner's proof is in) the end of their lines is implied.
  if (game_over()) return LineRead{};
  const ExpectedLine expected = input_.expected(transcript_);
  for (;;) {
    if (terminal_)
      std::cerr << '[' << expected.round << "] " << expected.what << "\n[" << expected.round
                << "] > " << std::flush;
    LineRead read = stdin_.read_line();
    if (read.status != LineRead::Status::Line || !terminal_) {
      if (read.status == LineRead::Status::Line) input_.sent(expected, read.text);
      return read;
    }
    std::string text = read.text;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    const std::string problem = PersonInput::problem(expected, text);
    if (problem.empty()) {
      input_.sent(expected, read.text);
      return read;
    }
    std::cerr << "    not sent: " << problem << "; type it again\n";
  }
}

bool PersonChannel::game_over() const {
  if (transcript_.lines.empty()) return false;
  const TranscriptLine& last = transcript_.lines.back();
  if (!last.from_contestant) return last.text == "Trapped";
  return transcript_.rounds > 0 && last.round == transcript_.rounds + 1;
}

}  // namespace entrapment
