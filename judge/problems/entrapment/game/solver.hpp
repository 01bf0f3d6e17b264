// The exact solver. The game is tiny, so every position is solved once, exactly, by
// backward induction over the number of available squares.
//
// The solved quantity is the *trap round*: with optimal play (the Trapper hurrying, the
// Runner delaying) the round, counted from the current one as 1, in which the Runner is
// trapped. Every position is eventually trapped because each round blocks a square, so the
// trap round is at most the number of available squares. The Runner wins a position with
// R rounds left exactly when its trap round is greater than R; that one number answers
// every question the judge, the reference solutions and the generators ask.
//
// Pure: no I/O. C++17 and the standard library only (part of the single-file interactor).
#pragma once

#include <cstdint>
#include <vector>

#include "protocol/optional.hpp"
#include "rules.hpp"

namespace entrapment {

class Solver {
 public:
  // The solved game, computed on first use (a few milliseconds) and shared.
  static const Solver& instance();

  Solver();

  // Trap round of the position before the query; 0 when `runner` is empty.
  int trap_round(SquareSet available, SquareSet runner) const {
    return before_query_[index(available, runner)];
  }
  // Trap round once the Runner has answered and `runner` is what is left; 0 when empty.
  int trap_round_after_answer(SquareSet available, SquareSet runner) const {
    return after_answer_[index(available, runner)];
  }
  // Trap round once the square is blocked and `available_after_block` is the board:
  // 1 when the coming move traps the Runner.
  int trap_round_after_block(SquareSet available_after_block, SquareSet runner) const;

  // Who wins the position with optimal play from both sides.
  Side winner(const Position& p) const;
  bool runner_wins(const Position& p) const { return winner(p) == Side::Runner; }

  // The round (1 = the current one) in which the Trapper can force the trap within the
  // rounds left, or nothing when the Runner survives them.
  Optional<int> forced_trap_round(const Position& p) const;

  // Runner: whether answering `answer` to `query` keeps a position the Runner wins.
  bool answer_keeps_win(const Position& p, SquareSet query, Answer answer) const;

  // Trapper: whether asking `query` keeps a position the Trapper wins.
  bool query_keeps_win(const Position& p, SquareSet query) const;

  // Trapper: whether blocking `square` keeps a win, once the Runner has answered and
  // `after_answer.runner` is what is left of its squares.
  bool block_keeps_win(const Position& after_answer, Square square) const;

  // Trapper: every legal query (subset of the available squares) that keeps a win.
  std::vector<SquareSet> winning_queries(const Position& p) const;

  // Trapper: every available square whose block keeps a win after the answer.
  std::vector<Square> winning_blocks(const Position& after_answer) const;

 private:
  static std::size_t index(SquareSet available, SquareSet runner) {
    return (static_cast<std::size_t>(available) << kSquares) | runner;
  }
  void solve(SquareSet available);

  std::vector<std::uint8_t> before_query_;  // [available][runner]
  std::vector<std::uint8_t> after_answer_;  // [available][runner]
};

}  // namespace entrapment
