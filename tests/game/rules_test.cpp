// The rules of a round, exactly as the statement gives them, including the edge cases.
#include "problems/entrapment/game/rules.hpp"

#include <gtest/gtest.h>

#include "problems/entrapment/game/solver.hpp"

namespace entrapment {
namespace {

SquareSet set_of(std::initializer_list<Square> squares) { return make_set(squares); }

TEST(Board, AdjacencyIsOrthogonal) {
  EXPECT_EQ(neighbours(1), set_of({2, 4}));
  EXPECT_EQ(neighbours(2), set_of({1, 3, 5}));
  EXPECT_EQ(neighbours(3), set_of({2, 6}));
  EXPECT_EQ(neighbours(5), set_of({2, 4, 6, 8}));
  EXPECT_EQ(neighbours(7), set_of({4, 8}));
  EXPECT_EQ(neighbours(9), set_of({6, 8}));
  for (Square a = 1; a <= 9; ++a)
    for (Square b = 1; b <= 9; ++b)
      EXPECT_EQ(contains(neighbours(a), b), contains(neighbours(b), a)) << a << " " << b;
}

TEST(Rules, StartingBoardsFollowTheStatementBounds) {
  EXPECT_TRUE(is_valid_board(1, kEmpty));
  EXPECT_TRUE(is_valid_board(9, kEmpty));
  EXPECT_TRUE(is_valid_board(1, set_of({1, 2, 3, 4, 5, 6, 7, 8})));
  EXPECT_FALSE(is_valid_board(0, kEmpty));
  EXPECT_FALSE(is_valid_board(10, kEmpty));
  EXPECT_FALSE(is_valid_board(2, set_of({1, 2, 3, 4, 5, 6, 7, 8})));  // R + U = 10
  EXPECT_FALSE(is_valid_board(1, kAllSquares));                       // U = 9
  int boards = 0;
  for (int r = 0; r <= 10; ++r)
    for (unsigned u = 0; u <= kAllSquares; ++u)
      boards += is_valid_board(r, static_cast<SquareSet>(u));
  EXPECT_EQ(boards, 2304);
}

TEST(Rules, TheRunnerMayStandOnTheBlockedSquareAndMovesOff) {
  // The Runner can only be on 5; 5 gets blocked; it moves to any available neighbour.
  const Position p{kAllSquares, set_of({5}), 3};
  const Position next = play_round(p, set_of({5}), Answer::Yes, 5);
  EXPECT_EQ(next.available, kAllSquares & ~set_of({5}));
  EXPECT_EQ(next.runner, set_of({2, 4, 6, 8}));
  EXPECT_EQ(next.rounds_left, 2);
}

TEST(Rules, EveryNeighbourBlockedTraps) {
  // Only 1 is possible, 2 is unavailable and 4 gets blocked: no move.
  const Position p{static_cast<SquareSet>(kAllSquares & ~set_of({2})), set_of({1}), 2};
  EXPECT_EQ(play_round(p, kEmpty, Answer::No, 4).runner, kEmpty);
  // Blocking another square leaves 4 open.
  EXPECT_EQ(play_round(p, kEmpty, Answer::No, 9).runner, set_of({4}));
}

TEST(Rules, EmptyQueryOnlyAdmitsNo) {
  const SquareSet runner = set_of({1, 5, 9});
  EXPECT_EQ(runner_after_answer(runner, kEmpty, Answer::No), runner);
  EXPECT_EQ(runner_after_answer(runner, kEmpty, Answer::Yes), kEmpty);
}

TEST(Rules, FullQueryOnlyAdmitsYes) {
  const SquareSet runner = set_of({1, 5, 9});
  EXPECT_EQ(runner_after_answer(runner, kAllSquares, Answer::Yes), runner);
  EXPECT_EQ(runner_after_answer(runner, kAllSquares, Answer::No), kEmpty);
}

TEST(Rules, QueriesAndBlocksMustNameAvailableSquares) {
  const Position p = start_position(2, set_of({1, 9}));
  EXPECT_TRUE(is_legal_query(p, kEmpty));
  EXPECT_TRUE(is_legal_query(p, set_of({2, 5})));
  EXPECT_FALSE(is_legal_query(p, set_of({1, 5})));
  EXPECT_TRUE(is_legal_block(p, 5));
  EXPECT_FALSE(is_legal_block(p, 9));
  EXPECT_FALSE(is_legal_block(p, 0));
  EXPECT_FALSE(is_legal_block(p, 10));
}

TEST(Rules, LastBlockAlwaysTrapsWhenRoundsPlusUnavailableIsNine) {
  // With one available square left, blocking it traps whatever the Runner's set.
  for (Square s = 1; s <= 9; ++s) {
    const Position p{single(s), single(s), 1};
    EXPECT_EQ(play_round(p, kEmpty, Answer::No, s).runner, kEmpty);
  }
  // And so every board with R + U = 9 is a Trapper win.
  const Solver& solver = Solver::instance();
  for (unsigned u = 0; u <= kAllSquares; ++u) {
    const int r = 9 - size(static_cast<SquareSet>(u));
    if (!is_valid_board(r, static_cast<SquareSet>(u))) continue;
    EXPECT_EQ(solver.winner(start_position(r, static_cast<SquareSet>(u))), Side::Trapper) << u;
  }
}

TEST(Rules, SampleInteractionOnePlaysOutAsInTheStatement) {
  // 3 rounds, 1 2 3 7 8 9 unavailable: ask {4,5}, Yes, block 5, Free; ask {}, No, block 6,
  // Trapped.
  Position p = start_position(3, set_of({1, 2, 3, 7, 8, 9}));
  EXPECT_EQ(Solver::instance().winner(p), Side::Trapper);
  p = play_round(p, set_of({4, 5}), Answer::Yes, 5);
  EXPECT_EQ(p.runner, set_of({4, 6}));  // Free
  p = play_round(p, kEmpty, Answer::No, 6);
  EXPECT_EQ(p.runner, kEmpty);  // Trapped
}

TEST(Rules, SampleInteractionTwoPlaysOutAsInTheStatement) {
  Position p = start_position(2, kEmpty);
  EXPECT_EQ(Solver::instance().winner(p), Side::Runner);
  p = play_round(p, set_of({3, 1, 2, 8, 9, 4, 5}), Answer::Yes, 5);
  EXPECT_NE(p.runner, kEmpty);
  EXPECT_TRUE(contains(p.runner, 4));
  p = play_round(p, set_of({4, 6, 7, 8}), Answer::Yes, 7);
  EXPECT_TRUE(contains(p.runner, 1));  // the proof 5 4 1 ends on 1
}

}  // namespace
}  // namespace entrapment
