// Scoring as the CERC 2000 statement defines it (a maximal matching, blacks first), checked
// against the statement's examples, hand-computed repeated colours and a brute-force matching.
#include "code.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <utility>

#include "solver.hpp"

namespace mastermind {
namespace {

Hint hint(int black, int white) { return Hint{black, white}; }

TEST(mastermind_score, StatementExample) {
  // Code "white, yellow, red, blue, white", guess "white, red, white, white, blue": one black and
  // three whites (white 1, yellow 2, red 3, blue 4).
  EXPECT_EQ(score({1, 2, 3, 4, 1}, {1, 3, 1, 1, 4}), hint(1, 3));
}

TEST(mastermind_score, StatementSampleInput) {
  // Case 1: P = 4, C = 3; the lexicographically first valid guess is 1 1 1 3.
  std::vector<Code> codes = all_codes(4, 3);
  codes = consistent_with(codes, {1, 2, 3, 2}, hint(1, 1));
  codes = consistent_with(codes, {2, 1, 3, 2}, hint(1, 1));
  ASSERT_FALSE(codes.empty());
  EXPECT_EQ(codes.front(), (Code{1, 1, 1, 3}));
  // Case 2: P = 4, C = 6; no code is valid ("You are cheating!").
  codes = all_codes(4, 6);
  codes = consistent_with(codes, {3, 3, 3, 3}, hint(3, 0));
  codes = consistent_with(codes, {4, 4, 4, 4}, hint(2, 0));
  EXPECT_TRUE(codes.empty());
  // Case 3: P = 8, C = 9 is beyond the problem's limits; the expected answer scores as given.
  const Code answer{9, 9, 9, 9, 9, 9, 9, 9};
  EXPECT_EQ(score(answer, {1, 2, 3, 4, 5, 6, 7, 8}), hint(0, 0));
  EXPECT_EQ(score(answer, {2, 3, 4, 5, 6, 7, 8, 9}), hint(1, 0));
  EXPECT_EQ(score(answer, {3, 4, 5, 6, 7, 8, 9, 9}), hint(2, 0));
}

TEST(mastermind_score, RepeatedColoursHandComputed) {
  EXPECT_EQ(score({1, 1, 2, 2}, {1, 2, 1, 2}), hint(2, 2));
  EXPECT_EQ(score({1, 1, 1, 1}, {1, 2, 2, 2}), hint(1, 0));
  EXPECT_EQ(score({1, 2, 2, 2}, {2, 1, 1, 1}), hint(0, 2));
  EXPECT_EQ(score({1, 1, 2, 3}, {3, 1, 1, 1}), hint(1, 2));
  EXPECT_EQ(score({2, 2, 1, 1}, {1, 1, 1, 2}), hint(1, 2));
  EXPECT_EQ(score({1, 1, 1, 2}, {2, 2, 2, 1}), hint(0, 2));
  EXPECT_EQ(score({6, 6, 6, 6}, {6, 6, 6, 6}), hint(4, 0));
  EXPECT_EQ(score({1, 2, 3, 4}, {4, 3, 2, 1}), hint(0, 4));
  EXPECT_EQ(score({5}, {5}), hint(1, 0));
  EXPECT_EQ(score({5}, {4}), hint(0, 0));
}

// The statement's definition itself: every set of pairs (i, j) with code[i] = guess[j], each
// position used at most once on each side, and the largest (B, W) among them.
Hint brute_force_score(const Code& code, const Code& guess) {
  const std::size_t n = code.size();
  std::pair<int, int> best{0, 0};
  std::vector<int> partner(n, -1);  // partner[i]: the guess position matched to code[i]
  std::vector<bool> used(n, false);
  // Depth-first over code positions: each is unmatched or matched to a free equal guess pin.
  struct Search {
    const Code& code;
    const Code& guess;
    std::vector<bool>& used;
    std::pair<int, int>& best;
    void run(std::size_t i, int black, int white) {
      if (i == code.size()) {
        best = std::max(best, std::make_pair(black, white));
        return;
      }
      run(i + 1, black, white);
      for (std::size_t j = 0; j < guess.size(); ++j) {
        if (used[j] || guess[j] != code[i]) continue;
        used[j] = true;
        run(i + 1, black + (i == j ? 1 : 0), white + (i == j ? 0 : 1));
        used[j] = false;
      }
    }
  };
  Search{code, guess, used, best}.run(0, 0, 0);
  return hint(best.first, best.second);
}

TEST(mastermind_score, EqualsTheStatementsMaximalMatching) {
  int pairs = 0;
  for (int pins = 1; pins <= 4; ++pins)
    for (int colours = 1; colours <= 3; ++colours)
      for (const Code& code : all_codes(pins, colours))
        for (const Code& guess : all_codes(pins, colours)) {
          ASSERT_EQ(score(code, guess), brute_force_score(code, guess))
              << format_code(code) << " / " << format_code(guess);
          ASSERT_EQ(score(code, guess), score(guess, code));
          ++pairs;
        }
  EXPECT_EQ(pairs, (1 + 1 + 1 + 1) + (4 + 16 + 64 + 256) + (9 + 81 + 729 + 6561));
}

TEST(mastermind_score, PossibleHintsAreExactlyThoseThatOccur) {
  for (int pins = 1; pins <= kMaxPins; ++pins) {
    // One colour more than pins is enough for every hint to occur (all pins of distinct colours,
    // and a colour absent from the code).
    std::set<std::pair<int, int>> occurring;
    const std::vector<Code> codes = all_codes(pins, pins + 1 < 6 ? pins + 1 : 6);
    for (const Code& a : codes)
      for (const Code& b : codes) occurring.insert({score(a, b).black, score(a, b).white});
    std::set<std::pair<int, int>> listed;
    for (const Hint& h : possible_hints(pins)) listed.insert({h.black, h.white});
    EXPECT_EQ(listed, occurring) << "P = " << pins;
  }
  EXPECT_EQ(possible_hints(4).size(), 14u);
}

TEST(mastermind_codes, AllCodesInLexicographicOrder) {
  for (int pins = 1; pins <= kMaxPins; ++pins)
    for (int colours = 1; colours <= kMaxColours; ++colours) {
      const std::vector<Code> codes = all_codes(pins, colours);
      std::size_t expected = 1;
      for (int i = 0; i < pins; ++i) expected *= static_cast<std::size_t>(colours);
      ASSERT_EQ(codes.size(), expected);
      EXPECT_TRUE(std::is_sorted(codes.begin(), codes.end()));
      EXPECT_EQ(std::adjacent_find(codes.begin(), codes.end()), codes.end());
      for (const Code& code : codes) ASSERT_TRUE(is_code(code, pins, colours));
    }
  EXPECT_TRUE(all_codes(0, 3).empty());
  EXPECT_TRUE(all_codes(5, 3).empty());
  EXPECT_TRUE(all_codes(2, 7).empty());
  EXPECT_EQ(format_code({1, 2, 3}), "1 2 3");
  EXPECT_EQ(format_hint(hint(2, 1)), "2 1");
}

}  // namespace
}  // namespace mastermind
