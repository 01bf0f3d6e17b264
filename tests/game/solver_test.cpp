// The exact solver, checked against a second, deliberately naive minimax written here from
// the statement alone: every query (not just the cut of the Runner's squares), every answer,
// every block, with an explicit horizon. It shares nothing with the solver but adjacency.
#include "problems/entrapment/game/solver.hpp"

#include <gtest/gtest.h>

#include <unordered_map>

namespace entrapment {
namespace {

class NaiveMinimax {
 public:
  // Whether the Runner, able to be on any square of `runner`, survives `rounds` more rounds.
  bool runner_survives(unsigned available, unsigned runner, int rounds) {
    if (rounds == 0) return true;
    const unsigned key = (available << 13) | (runner << 4) | static_cast<unsigned>(rounds);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    bool survives = true;
    // The Trapper tries every subset of the available squares as the query.
    for (unsigned query = 0; query <= 0x1FF && survives; ++query) {
      if ((query & ~available) != 0) continue;
      bool some_answer_holds = false;
      for (bool yes : {true, false}) {
        const unsigned left = yes ? (runner & query) : (runner & ~query);
        if (left == 0) continue;  // a lie: not allowed
        bool every_block_survived = true;
        for (int b = 0; b < 9 && every_block_survived; ++b) {
          if (!(available >> b & 1u)) continue;
          const unsigned after_block = available & ~(1u << b);
          unsigned moved = 0;
          for (int s = 0; s < 9; ++s)
            if (left >> s & 1u) moved |= neighbours(s + 1) & after_block;
          every_block_survived = moved != 0 && runner_survives(after_block, moved, rounds - 1);
        }
        if (every_block_survived) some_answer_holds = true;
      }
      survives = some_answer_holds;
    }
    memo_[key] = survives;
    return survives;
  }

 private:
  std::unordered_map<unsigned, bool> memo_;
};

TEST(Solver, AgreesWithNaiveMinimaxOnAllStartingBoards) {
  NaiveMinimax naive;
  const Solver& solver = Solver::instance();
  int runner_wins = 0, trapper_wins = 0;
  for (int r = 1; r <= 9; ++r) {
    for (unsigned u = 0; u <= kAllSquares; ++u) {
      const SquareSet unavailable = static_cast<SquareSet>(u);
      if (!is_valid_board(r, unavailable)) continue;
      const unsigned available = kAllSquares & ~u;
      const bool expected = naive.runner_survives(available, available, r);
      EXPECT_EQ(solver.runner_wins(start_position(r, unavailable)), expected)
          << "R = " << r << ", unavailable " << describe(unavailable);
      (expected ? runner_wins : trapper_wins)++;
    }
  }
  EXPECT_EQ(runner_wins, 476);
  EXPECT_EQ(trapper_wins, 1828);
}

TEST(Solver, AgreesWithNaiveMinimaxOnEveryPositionOfSmallBoards) {
  // Every (available, runner, rounds) with at most 6 available squares: positions that do
  // not arise from a start position too.
  NaiveMinimax naive;
  const Solver& solver = Solver::instance();
  int checked = 0;
  for (unsigned a = 1; a <= kAllSquares; ++a) {
    const SquareSet available = static_cast<SquareSet>(a);
    if (size(available) > 6) continue;
    for (unsigned p = a; p != 0; p = (p - 1) & a) {
      for (int r = 1; r <= size(available); ++r) {
        const Position position{available, static_cast<SquareSet>(p), r};
        ASSERT_EQ(solver.runner_wins(position), naive.runner_survives(a, p, r))
            << describe(available) << " " << describe(static_cast<SquareSet>(p)) << " r=" << r;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 10000);
}

TEST(Solver, EmptyBoardIsARunnerWinForAtMostThreeRounds) {
  const Solver& solver = Solver::instance();
  for (int r = 1; r <= 9; ++r)
    EXPECT_EQ(solver.winner(start_position(r, kEmpty)), r <= 3 ? Side::Runner : Side::Trapper)
        << "R = " << r;
  EXPECT_EQ(solver.forced_trap_round(start_position(9, kEmpty)), 4);
  EXPECT_EQ(solver.forced_trap_round(start_position(3, kEmpty)), std::nullopt);
}

TEST(Solver, TrapRoundIsMonotoneInRoundsAndBoundedBySquares) {
  const Solver& solver = Solver::instance();
  for (unsigned a = 1; a <= kAllSquares; ++a)
    for (unsigned p = a; p != 0; p = (p - 1) & a) {
      const int round = solver.trap_round(static_cast<SquareSet>(a), static_cast<SquareSet>(p));
      ASSERT_GE(round, 1);
      ASSERT_LE(round, size(static_cast<SquareSet>(a)));
      // More squares to hide in never helps the Trapper.
      const SquareSet smaller = static_cast<SquareSet>(p & (p - 1));
      if (smaller != kEmpty) {
        ASSERT_LE(solver.trap_round(static_cast<SquareSet>(a), smaller), round);
      }
    }
}

TEST(Solver, RunnerAnswersAndTrapperMovesAgreeWithTheValue) {
  const Solver& solver = Solver::instance();
  for (int r = 1; r <= 9; ++r)
    for (unsigned u = 0; u <= kAllSquares; ++u) {
      if (!is_valid_board(r, static_cast<SquareSet>(u))) continue;
      const Position p = start_position(r, static_cast<SquareSet>(u));
      const std::vector<SquareSet> queries = solver.winning_queries(p);
      if (solver.runner_wins(p)) {
        EXPECT_TRUE(queries.empty());
        // Whatever is asked, some answer keeps the Runner's win.
        for (SquareSet q = p.available;; q = static_cast<SquareSet>((q - 1) & p.available)) {
          EXPECT_TRUE(solver.answer_keeps_win(p, q, Answer::Yes) ||
                      solver.answer_keeps_win(p, q, Answer::No));
          if (q == kEmpty) break;
        }
      } else {
        ASSERT_FALSE(queries.empty());
        for (SquareSet q : queries)
          for (Answer a : {Answer::Yes, Answer::No}) {
            EXPECT_FALSE(solver.answer_keeps_win(p, q, a));
            Position after = p;
            after.runner = runner_after_answer(p.runner, q, a);
            if (after.runner != kEmpty) {
              EXPECT_FALSE(solver.winning_blocks(after).empty());
            }
          }
      }
    }
}

}  // namespace
}  // namespace entrapment
