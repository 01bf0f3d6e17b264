// The rules of one Entrapment round, exactly as the statement gives them:
//   1. the Trapper asks about a subset of the available squares,
//   2. the Runner answers truthfully (Yes: "I am in one of them"),
//   3. the Trapper blocks one available square (the Runner may be standing on it),
//   4. the Runner moves to an orthogonally adjacent available square, or is trapped.
//
// Because the Runner never commits to a square, a position tracks the set of squares the
// Runner could be on given everything said so far. The Runner is trapped exactly when no
// square of that set has an available neighbour. Pure: no I/O.
#pragma once

#include <string>

#include "board.hpp"

namespace entrapment {

enum class Side { Runner, Trapper };
enum class Answer { No, Yes };

const char* to_string(Side side);      // "Runner" / "Trapper": the protocol's words
const char* to_string(Answer answer);  // "Yes" / "No"

struct Position {
  SquareSet available = kEmpty;  // squares not (yet) unavailable
  SquareSet runner = kEmpty;     // squares the Runner could be on, consistent with all answers
  int rounds_left = 0;

  bool operator==(const Position& other) const {
    return available == other.available && runner == other.runner &&
           rounds_left == other.rounds_left;
  }
};

// A starting board: `rounds` rounds, `unavailable` marked unavailable, the Runner anywhere else.
Position start_position(int rounds, SquareSet unavailable);

// Whether (rounds, unavailable) is a board the statement allows:
// 1 <= R <= 9, 0 <= U <= 8, R + U <= 9.
bool is_valid_board(int rounds, SquareSet unavailable);

// Step 1: a query is legal when it names only available squares (the empty set is allowed).
inline bool is_legal_query(const Position& p, SquareSet query) {
  return (query & ~p.available) == 0;
}

// Step 2: the squares the Runner can still be on after answering `answer` to `query`.
// Empty when the answer contradicts every square the Runner could be on.
inline SquareSet runner_after_answer(SquareSet runner, SquareSet query, Answer answer) {
  return answer == Answer::Yes ? static_cast<SquareSet>(runner & query)
                               : static_cast<SquareSet>(runner & ~query);
}

// Step 3: a block is legal when the square is available.
inline bool is_legal_block(const Position& p, Square square) {
  return is_label(square) && contains(p.available, square);
}

// Step 4: the squares the Runner can have moved to when `available` is the board after the
// block. Empty means the Runner is trapped.
inline SquareSet runner_after_move(SquareSet runner, SquareSet available) {
  return neighbourhood(runner) & available;
}

// The whole round, for callers that already checked legality. The result has
// `runner == kEmpty` when the answer was inconsistent or the Runner got trapped.
Position play_round(const Position& p, SquareSet query, Answer answer, Square block);

}  // namespace entrapment
