// Sets of codes consistent with answers, and the exact worst case of the simplest correct
// strategy: always guess the first code, in lexicographic order, that is consistent with every
// answer so far. Its worst case against an adaptive judge is the fewest guesses a test may
// allow (the problem's table). C++14, standard library only.
#pragma once

#include <vector>

#include "code.hpp"

namespace mastermind {

// The codes of `codes` that answer `hint` to `guess`, in their order.
std::vector<Code> consistent_with(const std::vector<Code>& codes, const Code& guess,
                                  const Hint& hint);

// `codes` split by the answer each gives to `guess`: one part per possible_hints(pins), in that
// order, empty parts included.
std::vector<std::vector<Code>> partition(const std::vector<Code>& codes, const Code& guess,
                                         int pins);

// Index of `hint` in possible_hints(pins), or -1 when no judge can give it.
int hint_index(const Hint& hint, int pins);

// The most guesses the lexicographic strategy needs when the judge may still choose any code of
// `codes` (sorted, non-empty), the winning guess included: its guess is the first code; the
// judge picks any answer whose part is non-empty; a set of one code takes one guess. Exact, by
// recursion over the strategy's tree, which is small: the parts at one depth are disjoint, so a
// depth costs at most |codes| scores. Returns 0 for an empty set.
int lexicographic_worst_case(const std::vector<Code>& codes);

// The same from the start of a game with P pins and C colours; 0 outside the limits.
int lexicographic_worst_case(int pins, int colours);

// The problem's table, kept as constants so that the test-file parser need not solve anything;
// tests/mastermind checks it against lexicographic_worst_case. 0 outside the limits.
int minimum_guesses(int pins, int colours);

}  // namespace mastermind
