#include "board_text.hpp"

namespace entrapment::report {

std::vector<std::string> board_text(const BoardText& board, const std::string& indent) {
  std::vector<std::string> lines;
  for (int row = 0; row < 3; ++row) {
    std::string labels, state, asked;
    for (int column = 0; column < 3; ++column) {
      const Square s = row * 3 + column + 1;
      const char* gap = column ? " " : "";
      labels += gap + std::to_string(s);
      char symbol = '.';
      if (s == board.block)
        symbol = 'X';
      else if (contains(board.unavailable, s))
        symbol = '#';
      else if (contains(board.runner, s))
        symbol = 'R';
      state += gap + std::string(1, symbol);
      asked += gap + std::string(1, contains(board.asked, s) ? '*' : '.');
    }
    lines.push_back(indent + labels + "    " + state + (board.asked ? "    " + asked : ""));
  }
  return lines;
}

const char* board_legend() {
  return "R: the Runner could be here   .: available   #: unavailable   X: blocked this round   "
         "*: asked";
}

}  // namespace entrapment::report
