#include "boards.hpp"

#include <algorithm>

#include "../game/solver.hpp"

namespace entrapment {

const std::vector<Board>& all_boards() {
  static const std::vector<Board> boards = [] {
    std::vector<Board> out;
    for (int rounds = 1; rounds <= 9; ++rounds)
      for (int u = 0; u <= 8; ++u)
        for (unsigned mask = 0; mask <= kAllSquares; ++mask) {
          const SquareSet set = static_cast<SquareSet>(mask);
          if (size(set) == u && is_valid_board(rounds, set)) out.push_back({rounds, set});
        }
    return out;
  }();
  return boards;
}

std::string board_name(const Board& board) {
  std::string name =
      "r" + std::to_string(board.rounds) + "-u" + std::to_string(size(board.unavailable));
  if (board.unavailable != kEmpty) name += "-blocked";
  for (Square s : labels(board.unavailable)) name += "-" + std::to_string(s);
  return name;
}

Side winner(const Board& board) {
  return Solver::instance().winner(start_position(board.rounds, board.unavailable));
}

std::vector<Board> boards_where_judge_plays(Side judge_side) {
  std::vector<Board> out;
  for (const Board& board : all_boards())
    if (winner(board) != judge_side) out.push_back(board);
  return out;
}

}  // namespace entrapment
