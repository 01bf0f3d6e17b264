// Codes and hints of Master-Mind (CERC 2000, "The Game of Master-Mind"): a code is P pins, each
// one of C colours numbered 1..C. This is the interactive problem's pure game, with no input or
// output. C++14 and the standard library only: it is concatenated into single-file interactors.
#pragma once

#include <string>
#include <vector>

namespace mastermind {

// The problem's limits. Small on purpose: every adaptive judge keeps every code (6^4 = 1296).
constexpr int kMinPins = 1;
constexpr int kMaxPins = 4;
constexpr int kMinColours = 1;
constexpr int kMaxColours = 6;
constexpr int kMaxGuesses = 20;

// A code or a guess: pins left to right, colours 1..C.
using Code = std::vector<int>;

struct Hint {
  int black = 0;  // right colour, right place
  int white = 0;  // right colour, wrong place, beyond the blacks
};

inline bool operator==(const Hint& a, const Hint& b) {
  return a.black == b.black && a.white == b.white;
}
inline bool operator!=(const Hint& a, const Hint& b) { return !(a == b); }

// CERC's maximal matching, blacks first. Counting colours gives the same numbers: the matching
// pairs min(count in code, count in guess) pins of each colour, and among those every equal
// position can be made a black. Symmetric in its arguments.
Hint score(const Code& code, const Code& guess);

// True for P in kMinPins..kMaxPins and C in kMinColours..kMaxColours.
bool valid_shape(int pins, int colours);

// `code` has `pins` pins, each in 1..colours.
bool is_code(const Code& code, int pins, int colours);

// Every code of the shape, in lexicographic order (the order the CERC problem uses to choose
// among valid guesses). Empty for a shape outside the limits.
std::vector<Code> all_codes(int pins, int colours);

// The answers a judge can give with P pins, in increasing (B, W) order: B + W <= P and never
// B = P - 1 with W = 1 (the last pin cannot be of a right colour in a wrong place alone).
std::vector<Hint> possible_hints(int pins);

// "1 2 3 4", as the contestant writes a guess.
std::string format_code(const Code& code);
// "B W", as the judge writes an answer.
std::string format_hint(const Hint& hint);

}  // namespace mastermind
