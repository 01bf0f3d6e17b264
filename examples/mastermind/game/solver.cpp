#include "solver.hpp"

namespace mastermind {

namespace {

// Rows P = 1..4, columns C = 1..6 (the table).
constexpr int kTable[kMaxPins][kMaxColours] = {
    {1, 2, 3, 4, 5, 6},
    {1, 3, 4, 5, 6, 7},
    {1, 4, 5, 6, 7, 8},
    {1, 5, 6, 7, 8, 9},
};

}  // namespace

std::vector<Code> consistent_with(const std::vector<Code>& codes, const Code& guess,
                                  const Hint& hint) {
  std::vector<Code> out;
  for (const Code& code : codes)
    if (score(code, guess) == hint) out.push_back(code);
  return out;
}

int hint_index(const Hint& hint, int pins) {
  const std::vector<Hint> hints = possible_hints(pins);
  for (std::size_t i = 0; i < hints.size(); ++i)
    if (hints[i] == hint) return static_cast<int>(i);
  return -1;
}

std::vector<std::vector<Code>> partition(const std::vector<Code>& codes, const Code& guess,
                                         int pins) {
  // Index by (B, W) directly: hint_index per code would rebuild the list of hints each time.
  const std::vector<Hint> hints = possible_hints(pins);
  const std::size_t side = static_cast<std::size_t>(pins) + 1;
  std::vector<int> slot(side * side, -1);
  for (std::size_t i = 0; i < hints.size(); ++i)
    slot[static_cast<std::size_t>(hints[i].black) * side +
         static_cast<std::size_t>(hints[i].white)] = static_cast<int>(i);
  std::vector<std::vector<Code>> parts(hints.size());
  for (const Code& code : codes) {
    const Hint h = score(code, guess);
    parts[static_cast<std::size_t>(
              slot[static_cast<std::size_t>(h.black) * side + static_cast<std::size_t>(h.white)])]
        .push_back(code);
  }
  return parts;
}

int lexicographic_worst_case(const std::vector<Code>& codes) {
  if (codes.empty()) return 0;
  if (codes.size() == 1) return 1;
  const Code& guess = codes.front();
  const int pins = static_cast<int>(guess.size());
  int deepest = 0;
  for (const std::vector<Code>& part : partition(codes, guess, pins)) {
    // The winning part holds the guess alone and ends the game on this guess.
    if (part.empty() || (part.size() == 1 && part.front() == guess)) continue;
    const int depth = lexicographic_worst_case(part);
    if (depth > deepest) deepest = depth;
  }
  return 1 + deepest;
}

int lexicographic_worst_case(int pins, int colours) {
  return lexicographic_worst_case(all_codes(pins, colours));
}

int minimum_guesses(int pins, int colours) {
  if (!valid_shape(pins, colours)) return 0;
  return kTable[pins - 1][colours - 1];
}

}  // namespace mastermind
