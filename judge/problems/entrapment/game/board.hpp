// The 3x3 Entrapment board: square labels, sets of squares and orthogonal adjacency.
//
//   1 2 3
//   4 5 6
//   7 8 9
//
// Pure: no I/O. C++17 and the standard library only, because this file is part of the
// single-file contest interactor.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace entrapment {

// A square is identified by its label 1..9.
using Square = int;

// A set of squares: bit (label - 1) is set when the square is in the set.
using SquareSet = std::uint16_t;

constexpr int kSquares = 9;
constexpr SquareSet kEmpty = 0;
constexpr SquareSet kAllSquares = 0x1FF;

constexpr bool is_label(int value) { return value >= 1 && value <= kSquares; }
constexpr SquareSet single(Square s) { return static_cast<SquareSet>(1u << (s - 1)); }
constexpr bool contains(SquareSet set, Square s) { return (set & single(s)) != 0; }
inline int size(SquareSet set) { return __builtin_popcount(set); }

// The squares orthogonally adjacent to `s`, available or not.
SquareSet neighbours(Square s);

// Every square orthogonally adjacent to at least one square of `from`.
SquareSet neighbourhood(SquareSet from);

// The labels of `set` in increasing order.
std::vector<Square> labels(SquareSet set);

// Builds a set from labels; the caller has checked that every label is in 1..9.
SquareSet make_set(const std::vector<Square>& squares);

// "{1,2,5}": for messages.
std::string describe(SquareSet set);

// "1 2 5": the protocol's way of writing a list of labels (a set in increasing order, a
// list in its own order); `separator` between labels.
std::string join_labels(SquareSet set);
std::string join_labels(const std::vector<Square>& squares, char separator = ' ');

}  // namespace entrapment
