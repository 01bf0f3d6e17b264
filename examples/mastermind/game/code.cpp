#include "code.hpp"

namespace mastermind {

Hint score(const Code& code, const Code& guess) {
  // The adaptive judges score every code against every guess, so the counts live on the stack
  // for the problem's colours. Larger colours never happen in a game, but the CERC statement's
  // own examples have up to 100: those count in a vector, and negative ones never match.
  constexpr int kOnStack = 16;
  int top = 0;
  for (int c : code) top = c > top ? c : top;
  for (int c : guess) top = c > top ? c : top;
  int stack_counts[2 * kOnStack] = {};
  std::vector<int> heap_counts;
  int* in_code = stack_counts;
  int* in_guess = stack_counts + kOnStack;
  if (top >= kOnStack) {
    heap_counts.assign(2 * (static_cast<std::size_t>(top) + 1), 0);
    in_code = heap_counts.data();
    in_guess = heap_counts.data() + top + 1;
  }
  Hint hint;
  const std::size_t n = code.size() < guess.size() ? code.size() : guess.size();
  for (std::size_t i = 0; i < n; ++i)
    if (code[i] == guess[i] && code[i] >= 0) ++hint.black;
  for (int c : code)
    if (c >= 0) ++in_code[c];
  for (int c : guess)
    if (c >= 0) ++in_guess[c];
  int common = 0;
  for (int c = 0; c <= top; ++c) common += in_code[c] < in_guess[c] ? in_code[c] : in_guess[c];
  hint.white = common - hint.black;
  return hint;
}

bool valid_shape(int pins, int colours) {
  return pins >= kMinPins && pins <= kMaxPins && colours >= kMinColours && colours <= kMaxColours;
}

bool is_code(const Code& code, int pins, int colours) {
  if (static_cast<int>(code.size()) != pins) return false;
  for (int c : code)
    if (c < 1 || c > colours) return false;
  return true;
}

std::vector<Code> all_codes(int pins, int colours) {
  std::vector<Code> out;
  if (!valid_shape(pins, colours)) return out;
  // An odometer whose last pin turns fastest gives lexicographic order.
  Code code(static_cast<std::size_t>(pins), 1);
  for (;;) {
    out.push_back(code);
    int i = pins - 1;
    while (i >= 0 && code[static_cast<std::size_t>(i)] == colours) {
      code[static_cast<std::size_t>(i)] = 1;
      --i;
    }
    if (i < 0) return out;
    ++code[static_cast<std::size_t>(i)];
  }
}

std::vector<Hint> possible_hints(int pins) {
  std::vector<Hint> out;
  for (int b = 0; b <= pins; ++b)
    for (int w = 0; b + w <= pins; ++w)
      if (!(b == pins - 1 && w == 1)) out.push_back(Hint{b, w});
  return out;
}

std::string format_code(const Code& code) {
  std::string out;
  for (std::size_t i = 0; i < code.size(); ++i) {
    if (i > 0) out += ' ';
    out += std::to_string(code[i]);
  }
  return out;
}

std::string format_hint(const Hint& hint) {
  return std::to_string(hint.black) + " " + std::to_string(hint.white);
}

}  // namespace mastermind
