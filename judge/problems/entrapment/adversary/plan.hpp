// How the adaptive adversaries choose among moves that are equally good for the judge. The
// game value decides first (the Trapper sets traps and, once the contestant has erred, traps it
// soonest; the Runner escapes when it can and otherwise survives longest); a *plan*, drawn
// from the test's seed, breaks the ties. Each lure aims at a family of mistakes (README, "The
// adversaries"), and the seed draws a plan with weights taken from how often the corpus of
// wrong strategies falls for each lure, so different seeds play different lines and no single
// line can hide a weak contestant. Deterministic from the seed; C++17, standard library only.
#pragma once

#include <cstdint>

#include "../game/board.hpp"

namespace entrapment {

// The judge as Trapper, while the Runner still wins: which trap query to prefer.
enum class TrapLure {
  Bigger,  // the losing answer keeps more squares (what a greedy Runner answers)
  Yes,     // the losing answer is Yes
  No,      // the losing answer is No
  Mobile,  // the losing answer's squares have more open neighbours
};

// The judge as Trapper: which squares the Runner cannot be on to add to every query. They
// never change the answer's meaning, so correct play ignores them; bookkeeping bugs do not.
enum class Padding { None, All, Half, One };

// The judge as Trapper, while the Runner still wins: which block to prefer.
enum class BlockLure {
  Pressure,      // the block that brings the trap soonest
  NextToRunner,  // a square the Runner could move to
  UnderRunner,   // a square the Runner may be standing on
};

// The judge as Runner, among answers that escape (or survive) equally long.
enum class AnswerLure { Larger, Smaller, Yes, No, Mobile };

struct AdaptivePlan {
  TrapLure trap = TrapLure::Bigger;
  Padding padding = Padding::None;
  BlockLure block = BlockLure::Pressure;
  AnswerLure answer = AnswerLure::Larger;
};

// The plan a seed draws (each part independently, by the weights in plan.cpp).
AdaptivePlan adaptive_plan(std::uint64_t seed);

// How many open squares the Runner could move to from `squares`: what "mobile" lures compare.
inline int open_neighbours(SquareSet squares, SquareSet available) {
  return size(static_cast<SquareSet>(neighbourhood(squares) & available));
}

const char* to_string(TrapLure lure);
const char* to_string(Padding padding);
const char* to_string(BlockLure lure);
const char* to_string(AnswerLure lure);

}  // namespace entrapment
