// The starting boards of Entrapment, as the generators name and enumerate them.
#pragma once

#include <string>
#include <vector>

#include "../game/rules.hpp"

namespace entrapment {

struct Board {
  int rounds = 0;
  SquareSet unavailable = kEmpty;
};

// Every board the statement allows (1 <= R <= 9, 0 <= U <= 8, R + U <= 9): 2304 of them, by
// increasing R, then U, then the set of unavailable squares as a bit mask.
const std::vector<Board>& all_boards();

// A stable file name for a board: "r3-u0", "r3-u2-blocked-1-5".
std::string board_name(const Board& board);

// Who wins the board with optimal play (the side the contestant must claim).
Side winner(const Board& board);

// The boards on which the judge plays `judge_side` (the side that loses with optimal play).
std::vector<Board> boards_where_judge_plays(Side judge_side);

}  // namespace entrapment
