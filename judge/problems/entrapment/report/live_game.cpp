#include "live_game.hpp"

#include <iostream>

#include "report/text.hpp"

namespace entrapment::report {

namespace {

// "1 square", "3 squares: 1 4 5".
std::string squares(SquareSet set) {
  const int n = size(set);
  return std::to_string(n) + (n == 1 ? " square" : " squares") +
         (n == 0 ? std::string() : ": " + join_labels(set));
}

}  // namespace

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

void LivePrinter::before_read(const Transcript& transcript) {
  print_new(transcript);
  // The first read is the role line: the board comes before it, so that a person sees it
  // before choosing Runner or Trapper (issue 29).
  if (!start_drawn_) draw_start();
  if (decisions_) draw_decision(transcript);
  std::cout.flush();
}

void LivePrinter::draw_decision(const Transcript& transcript) {
  if (transcript.round_log.empty() || transcript.lines.empty()) return;
  const TranscriptRound& r = transcript.round_log.back();
  const TranscriptLine& last = transcript.lines.back();
  const bool runner = transcript.claimed == "Runner";
  const SquareSet asked = make_set(r.query);
  const std::string query = r.query.empty() ? "nothing (an empty query)" : join_labels(r.query);
  report::BoardText board;
  board.unavailable = static_cast<SquareSet>(kAllSquares & ~r.available_before);
  std::string title;
  int which = 0;
  if (runner && !last.from_contestant && r.block == 0 && !r.answer) {
    which = 1;  // the query to answer
    board.runner = r.runner_before;
    board.asked = asked;
    title = "round " + std::to_string(r.round) + ": the judge asks about " + query +
            (asked ? " (*)" : "") + "; you could be on " + squares(r.runner_before) +
            " (R): Yes if you are on one of the asked squares";
  } else if (runner && !last.from_contestant && r.block != 0) {
    which = 2;  // Free or Trapped
    board.block = r.block;
    board.unavailable = static_cast<SquareSet>(board.unavailable | single(r.block));
    board.runner = r.runner_after_answer;
    title = "round " + std::to_string(r.round) + ": the judge blocked " + std::to_string(r.block) +
            " (X); you could be on " + squares(r.runner_after_answer) +
            " (R): Free if one of them has an available "
            "neighbour";
  } else if (!runner && r.answer && r.block == 0) {
    which = 3;  // the block
    board.runner = r.runner_after_answer;
    board.asked = asked;
    title = "round " + std::to_string(r.round) + ": the Runner answered " + to_string(*r.answer) +
            " to " + query + "; it could be on " + squares(r.runner_after_answer) +
            " (R): block a square";
  }
  const int key = r.round * 4 + which;
  if (which == 0 || key == decision_drawn_) return;
  decision_drawn_ = key;
  draw(title, board);
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
