// The searches contestants write, answered from the exact solver's table. The reference
// solutions (solutions/accepted/reference.*) decide with two memoised functions
//
//   win(A, S, r):  r == 0 ? S != {} : every cut T of S has keep(A, T, r) or keep(A, S\T, r)
//   keep(A, X, r): X != {} and for every available b, win(A\b, N(X) & (A\b), r - 1)
//
// and pick the *first* cut or block that works in a fixed order. The corpus models programs
// derived from them, so it needs the same answers in the same order, and variants with a
// capped horizon or a shifted round count. Everything here is exact and costs a few table
// lookups (the solver's trap rounds), so thousands of games a second stay possible.
#pragma once

#include <cstdint>
#include <vector>

#include "../game/board.hpp"
#include "../game/rules.hpp"

namespace entrapment::corpus {

// keep(A, X, r) for any set X (also one that holds unavailable squares, as a program with a
// bookkeeping bug may pass): X is non-empty and survives every block for r more rounds.
bool keeps(SquareSet available, SquareSet kept, int rounds);

// win(A, S, r) for S a subset of A: the Runner, possibly on any square of S, survives r rounds.
bool wins(SquareSet available, SquareSet runner, int rounds);

// The reference Trapper's query: the first cut T of `runner`, from T = runner downwards in
// the order t = (t - 1) & runner, with !keep(A, T, r) and !keep(A, runner \ T, r); the empty
// query when there is none. `rounds` is the horizon the program searches.
SquareSet first_losing_cut(SquareSet available, SquareSet runner, int rounds);

// The reference Trapper's block: the lowest available square after which the Runner, kept on
// `kept`, is trapped or loses within rounds - 1 more rounds; the lowest available square when
// none is.
Square first_trapping_block(SquareSet available, SquareSet kept, int rounds);

// The reference Runner's answer: Yes when the Yes part keeps the game for `rounds` rounds,
// else No when that part does, else whichever part is non-empty (Yes first).
Answer keeping_answer(SquareSet available, SquareSet runner, SquareSet query, int rounds);

// The reference Runner's proof: from the lowest square of `final_squares`, walk back through
// the lowest square of each kept set next to the square after it. `kept[i]` is what the
// Runner kept in round i + 1. When a kept set has no square next to the walk (a program whose
// sets are wrong), the lowest neighbour is taken, as `__builtin_ctz` of garbage would.
std::vector<Square> walk_back_proof(const std::vector<SquareSet>& kept, SquareSet final_squares);

// `solutions/time_limit_exceeded/subset_loop.cpp`'s search: the cut loop lacks its
// "if (t == 0) break", so a call of win() on a position the Runner wins never returns. These
// replay the program's calls in its order (with its memo) and report whether they return.
struct LoopingSearch {
  // Whether evaluating win(A, S, r) at this point returns; `value` receives its result.
  static bool win_returns(SquareSet available, SquareSet runner, int rounds, bool& value);
  // Whether the program's Trapper query loop (keep() over the cuts) returns.
  static bool query_returns(SquareSet available, SquareSet runner, int rounds);
  // Whether the program's block loop (win() after each block) returns.
  static bool block_returns(SquareSet available, SquareSet kept, int rounds);
};

// The perfect-information game some contestants solve instead: the Trapper always knows the
// Runner's square. The Runner wins when some start square survives `rounds` rounds.
bool runner_wins_in_plain_sight(SquareSet available, int rounds);

// The game without questions (the Trapper only blocks): the Runner, anywhere in `available`,
// survives `rounds` rounds of blocks.
bool runner_wins_without_queries(SquareSet available, int rounds);

}  // namespace entrapment::corpus
