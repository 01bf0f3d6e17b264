#include "code.hpp"

namespace mastermind {

Hint score(const Code& code, const Code& guess) {
  // Colours beyond kMaxColours never happen in a game, but the CERC statement's own example
  // has more than six colours; counting up to the largest colour present keeps score() total.
  int top = 0;
  for (int c : code) top = c > top ? c : top;
  for (int c : guess) top = c > top ? c : top;
  std::vector<int> in_code(static_cast<std::size_t>(top) + 1, 0);
  std::vector<int> in_guess(in_code.size(), 0);
  Hint hint;
  const std::size_t n = code.size() < guess.size() ? code.size() : guess.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (code[i] == guess[i]) ++hint.black;
  }
  for (int c : code)
    if (c >= 0) ++in_code[static_cast<std::size_t>(c)];
  for (int c : guess)
    if (c >= 0) ++in_guess[static_cast<std::size_t>(c)];
  int common = 0;
  for (std::size_t c = 0; c < in_code.size(); ++c)
    common += in_code[c] < in_guess[c] ? in_code[c] : in_guess[c];
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
