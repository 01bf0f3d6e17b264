#include "live_game.hpp"

#include <iostream>

#include "text.hpp"

namespace entrapment::report {

void LivePrinter::print_new(const Transcript& transcript) {
  for (; shown_ < transcript.lines.size(); ++shown_) {
    const TranscriptLine& line = transcript.lines[shown_];
    if (line.round >= 1 && !start_drawn_) draw_start();
    if (!line.from_contestant || show_contestant_)
      std::cout << '[' << line.round << "] " << (line.from_contestant ? "> " : "< ")
                << printable(line.text) << (line.cut ? " ..." : "") << '\n';
    // A round ends with Free or Trapped (whoever says it).
    if (line.text == "Free" || line.text == "Trapped") draw_rounds(transcript, line.round);
  }
  // The judge asks for the first round's lines: the board comes first.
  if (!start_drawn_ && !transcript.claimed.empty() && !transcript.round_log.empty()) draw_start();
  std::cout.flush();
}

void LivePrinter::finish(const Transcript& transcript) {
  print_new(transcript);
  draw_rounds(transcript, transcript.rounds);
  std::cout.flush();
}

void LivePrinter::draw(const std::string& title, const report::BoardText& board) {
  std::cout << "    " << title << "\n";
  for (const std::string& row : report::board_text(board, "      ")) std::cout << row << '\n';
}

void LivePrinter::draw_start() {
  start_drawn_ = true;
  report::BoardText board;
  board.unavailable = test_.unavailable_set();
  board.runner = static_cast<SquareSet>(kAllSquares & ~board.unavailable);
  draw("the board (" + std::string(report::board_legend()) + "):", board);
}

void LivePrinter::draw_rounds(const Transcript& transcript, int last) {
  for (const TranscriptRound& r : transcript.round_log) {
    if (r.round <= drawn_ || r.round > last || r.block == 0) continue;
    drawn_ = r.round;
    if (!start_drawn_) draw_start();
    report::BoardText board;
    board.unavailable =
        static_cast<SquareSet>((kAllSquares & ~r.available_before) | single(r.block));
    board.block = r.block;
    board.runner = r.runner_after_move;
    const int left = size(r.runner_after_move);
    draw("after round " + std::to_string(r.round) + ": blocked " + std::to_string(r.block) + "; " +
             (left == 0 ? std::string("the Runner is trapped")
                        : "the Runner could be on " + std::to_string(left) +
                              (left == 1 ? " square" : " squares")),
         board);
  }
}

}  // namespace entrapment::report
