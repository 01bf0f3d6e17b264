#include "board.hpp"

namespace entrapment {

SquareSet neighbours(Square s) {
  const int row = (s - 1) / 3;
  const int col = (s - 1) % 3;
  SquareSet out = kEmpty;
  if (row > 0) out |= single(s - 3);
  if (row < 2) out |= single(s + 3);
  if (col > 0) out |= single(s - 1);
  if (col < 2) out |= single(s + 1);
  return out;
}

SquareSet neighbourhood(SquareSet from) {
  SquareSet out = kEmpty;
  for (Square s = 1; s <= kSquares; ++s)
    if (contains(from, s)) out |= neighbours(s);
  return out;
}

std::vector<Square> labels(SquareSet set) {
  std::vector<Square> out;
  for (Square s = 1; s <= kSquares; ++s)
    if (contains(set, s)) out.push_back(s);
  return out;
}

SquareSet make_set(const std::vector<Square>& squares) {
  SquareSet out = kEmpty;
  for (Square s : squares) out |= single(s);
  return out;
}

std::string describe(SquareSet set) {
  std::string out = "{";
  for (Square s : labels(set)) {
    if (out.size() > 1) out += ',';
    out += std::to_string(s);
  }
  return out + "}";
}

std::string join_labels(SquareSet set) { return join_labels(labels(set)); }

std::string join_labels(const std::vector<Square>& squares, char separator) {
  std::string out;
  for (Square s : squares) {
    if (!out.empty()) out += separator;
    out += std::to_string(s);
  }
  return out;
}

}  // namespace entrapment
