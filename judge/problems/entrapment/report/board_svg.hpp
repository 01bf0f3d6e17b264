// One 3x3 Entrapment board as inline SVG, for the HTML report. The colours are fixed here
// (and named in kBoardColors) so the page's legend and the screenshot test agree with them.
#pragma once

#include <string>

#include "../game/board.hpp"

namespace entrapment::report {

struct BoardColors {
  const char* free;         // an available square
  const char* unavailable;  // a square blocked before this picture
  const char* query;        // an available square in the Trapper's query
  const char* block;        // the square blocked in this round
  const char* runner;       // a square the Runner could be on
};
inline constexpr BoardColors kBoardColors = {"#f8fafc", "#475569", "#93c5fd", "#dc2626", "#16a34a"};

struct BoardPicture {
  SquareSet unavailable = kEmpty;  // drawn dark
  SquareSet query = kEmpty;        // drawn blue
  Square block = 0;                // drawn red with a white cross; 0: none
  SquareSet runner = kEmpty;       // a green disc on each
  SquareSet ruled_out = kEmpty;    // a hollow grey ring: the Runner could be there no longer
  Square path = 0;                 // a black frame: where the Runner's proof says it was; 0: none
};

// An <svg> element of `size` pixels square, with a <title> for screen readers.
std::string board_svg(const BoardPicture& picture, int size, const std::string& title);

}  // namespace entrapment::report
