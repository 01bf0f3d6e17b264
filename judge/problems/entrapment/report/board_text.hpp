// One 3x3 board as text, for `judge play` at a terminal: the labels beside the state of each
// square, so a person sees what is available, what is blocked and where the Runner could be.
//     1 2 3    R . #    * . .
//     4 5 6    R X .    * * .
//     7 8 9    # . R    . . .     (the third grid only while a query is in play: '*' asked)
#pragma once

#include <string>
#include <vector>

#include "../game/board.hpp"

namespace entrapment::report {

struct BoardText {
  SquareSet unavailable = kEmpty;  // '#' (blocked earlier, or from the start)
  Square block = 0;                // 'X': the square blocked this round (0: none)
  SquareSet runner = kEmpty;       // 'R': an available square the Runner could be on
  SquareSet asked = kEmpty;        // '*' in a third grid: the squares of this round's query
};

// Three lines, each "<indent>a b c    x y z" (and "    * . *" when squares were asked); an
// available square the Runner cannot be on is '.'.
std::vector<std::string> board_text(const BoardText& board, const std::string& indent);

// The key to the symbols, one line.
const char* board_legend();

}  // namespace entrapment::report
