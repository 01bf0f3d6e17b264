// One game shown live at the terminal (`judge play`): every line as it passes ("< " judge to
// contestant, "> " contestant to judge, with its round) and the board after each round.
#pragma once

#include <cstddef>
#include <string>

#include "../interaction/transcript.hpp"
#include "../testcase/testcase.hpp"
#include "board_text.hpp"
#include "contract/channel.hpp"

namespace entrapment::report {

// Prints the game's lines as they pass, from the transcript the interaction core fills: each
// line once, with its round; and the board after each round (and before the first). The
// count of lines shown outlives the channels that call it.
class LivePrinter {
 public:
  // `show_contestant`: false when the person's typing already shows their lines.
  // `decisions`: also the board at each of the contestant's decisions within a round (the
  // query to answer, the block before Free or Trapped, the answer before the block), for a
  // person at the terminal.
  LivePrinter(const TestCase& test, bool show_contestant, bool decisions = false)
      : test_(test), show_contestant_(show_contestant), decisions_(decisions) {}

  void print_new(const Transcript& transcript);

  // The judge waits for the contestant's next line: print_new, then the decision's board.
  void before_read(const Transcript& transcript);

  // After the game: the board after a round the game ended in (a Runner trapped by the block,
  // a lost game) when it was not drawn yet.
  void finish(const Transcript& transcript);

 private:
  void draw(const std::string& title, const report::BoardText& board);
  void draw_start();
  // Draws every round up to `last` whose block has been played and that was not drawn yet.
  void draw_rounds(const Transcript& transcript, int last);

  void draw_decision(const Transcript& transcript);

  const TestCase& test_;
  bool show_contestant_;
  bool decisions_;
  int decision_drawn_ = 0;  // round * 4 + which board, of the last decision board drawn
  std::size_t shown_ = 0;
  bool start_drawn_ = false;
  int drawn_ = 0;  // the last round drawn
};

// Forwards to the contestant's channel, showing every line before the judge waits for the
// next one (the judge's lines are in the transcript before they are written, the
// contestant's once they are read).
class LiveChannel : public Channel {
 public:
  LiveChannel(Channel& inner, const Transcript& transcript, LivePrinter& printer)
      : inner_(inner), transcript_(&transcript), printer_(printer) {}
  // A game judge_test plays: Entrapment's module sets the record's payload, its transcript,
  // before the first line, so it is looked up at each line.
  LiveChannel(Channel& inner, const GameRecord& record, LivePrinter& printer)
      : inner_(inner), record_(&record), printer_(printer) {}

  LineRead read_line() override {
    printer_.before_read(transcript());
    return inner_.read_line();
  }
  bool write_line(const std::string& line) override {
    printer_.print_new(transcript());
    return inner_.write_line(line);
  }

 private:
  const Transcript& transcript() const {
    return transcript_ ? *transcript_ : dynamic_cast<const Transcript&>(*record_->payload);
  }

  Channel& inner_;
  const Transcript* transcript_ = nullptr;
  const GameRecord* record_ = nullptr;
  LivePrinter& printer_;
};

}  // namespace entrapment::report
