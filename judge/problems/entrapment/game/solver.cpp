#include "solver.hpp"

#include <algorithm>

namespace entrapment {

const Solver& Solver::instance() {
  static const Solver solver;
  return solver;
}

Solver::Solver()
    : before_query_(std::size_t{1} << (2 * kSquares), 0),
      after_answer_(std::size_t{1} << (2 * kSquares), 0) {
  // A position only depends on positions with fewer available squares.
  std::vector<SquareSet> boards;
  for (unsigned a = 0; a <= kAllSquares; ++a) boards.push_back(static_cast<SquareSet>(a));
  std::stable_sort(boards.begin(), boards.end(),
                   [](SquareSet x, SquareSet y) { return size(x) < size(y); });
  for (SquareSet available : boards) solve(available);
}

int Solver::trap_round_after_block(SquareSet available_after_block, SquareSet runner) const {
  const SquareSet moved = runner_after_move(runner, available_after_block);
  return moved == kEmpty ? 1 : 1 + trap_round(available_after_block, moved);
}

void Solver::solve(SquareSet available) {
  if (available == kEmpty) return;  // no square to block: no round can be played
  // After the answer the Trapper picks the block that traps soonest.
  for (SquareSet x = available;; x = static_cast<SquareSet>((x - 1) & available)) {
    if (x != kEmpty) {
      int best = 255;
      for (Square b : labels(available))
        best = std::min(best, trap_round_after_block(available & ~single(b), x));
      after_answer_[index(available, x)] = static_cast<std::uint8_t>(best);
    }
    if (x == kEmpty) break;
  }
  // Before the answer: only the query's cut of the Runner's squares matters. The Trapper
  // picks the cut, the Runner the side that survives longer (an empty side is worth 0).
  for (SquareSet p = available; p != kEmpty; p = static_cast<SquareSet>((p - 1) & available)) {
    int best = 255;
    for (SquareSet s = p;; s = static_cast<SquareSet>((s - 1) & p)) {
      const int value = std::max(after_answer_[index(available, s)],
                                 after_answer_[index(available, static_cast<SquareSet>(p & ~s))]);
      best = std::min(best, value);
      if (s == kEmpty) break;
    }
    before_query_[index(available, p)] = static_cast<std::uint8_t>(best);
  }
}

Side Solver::winner(const Position& p) const {
  return trap_round(p.available, p.runner) > p.rounds_left ? Side::Runner : Side::Trapper;
}

Optional<int> Solver::forced_trap_round(const Position& p) const {
  const int round = trap_round(p.available, p.runner);
  if (p.runner == kEmpty || round > p.rounds_left) return kNothing;
  return round;
}

bool Solver::answer_keeps_win(const Position& p, SquareSet query, Answer answer) const {
  const SquareSet left = runner_after_answer(p.runner, query, answer);
  return left != kEmpty && trap_round_after_answer(p.available, left) > p.rounds_left;
}

bool Solver::query_keeps_win(const Position& p, SquareSet query) const {
  const int yes = trap_round_after_answer(p.available, p.runner & query);
  const int no = trap_round_after_answer(p.available, p.runner & ~query);
  return std::max(yes, no) <= p.rounds_left;
}

bool Solver::block_keeps_win(const Position& after_answer, Square square) const {
  return trap_round_after_block(after_answer.available & ~single(square), after_answer.runner) <=
         after_answer.rounds_left;
}

std::vector<SquareSet> Solver::winning_queries(const Position& p) const {
  std::vector<SquareSet> out;
  for (SquareSet q = p.available;; q = static_cast<SquareSet>((q - 1) & p.available)) {
    if (query_keeps_win(p, q)) out.push_back(q);
    if (q == kEmpty) break;
  }
  std::reverse(out.begin(), out.end());  // increasing order, for determinism
  return out;
}

std::vector<Square> Solver::winning_blocks(const Position& after_answer) const {
  std::vector<Square> out;
  for (Square b : labels(after_answer.available))
    if (block_keeps_win(after_answer, b)) out.push_back(b);
  return out;
}

}  // namespace entrapment
