#include "rules.hpp"

namespace entrapment {

const char* to_string(Side side) { return side == Side::Runner ? "Runner" : "Trapper"; }
const char* to_string(Answer answer) { return answer == Answer::Yes ? "Yes" : "No"; }

Position start_position(int rounds, SquareSet unavailable) {
  Position p;
  p.available = static_cast<SquareSet>(kAllSquares & ~unavailable);
  p.runner = p.available;
  p.rounds_left = rounds;
  return p;
}

bool is_valid_board(int rounds, SquareSet unavailable) {
  const int u = size(unavailable);
  return rounds >= 1 && rounds <= 9 && u <= 8 && rounds + u <= 9 &&
         (unavailable & ~kAllSquares) == 0;
}

Position play_round(const Position& p, SquareSet query, Answer answer, Square block) {
  Position next;
  next.available = static_cast<SquareSet>(p.available & ~single(block));
  next.runner = runner_after_move(runner_after_answer(p.runner, query, answer), next.available);
  next.rounds_left = p.rounds_left - 1;
  return next;
}

}  // namespace entrapment
