// The table of minimum guesses: the exact worst case of the lexicographic strategy against an
// adaptive judge, cell by cell as the issue gives it.
#include "solver.hpp"

#include <gtest/gtest.h>

#include <chrono>

namespace mastermind {
namespace {

// Rows P = 1..4, columns C = 1..6, typed from the issue (not from the module's constants).
const int kIssueTable[4][6] = {
    {1, 2, 3, 4, 5, 6},
    {1, 3, 4, 5, 6, 7},
    {1, 4, 5, 6, 7, 8},
    {1, 5, 6, 7, 8, 9},
};

TEST(mastermind_solver, TableCellByCell) {
  for (int pins = 1; pins <= 4; ++pins)
    for (int colours = 1; colours <= 6; ++colours) {
      const int solved = lexicographic_worst_case(pins, colours);
      EXPECT_EQ(solved, kIssueTable[pins - 1][colours - 1])
          << "P = " << pins << ", C = " << colours;
      EXPECT_EQ(minimum_guesses(pins, colours), solved) << "P = " << pins << ", C = " << colours;
    }
  EXPECT_EQ(minimum_guesses(0, 3), 0);
  EXPECT_EQ(minimum_guesses(5, 3), 0);
  EXPECT_EQ(minimum_guesses(2, 7), 0);
  EXPECT_EQ(lexicographic_worst_case(5, 3), 0);
}

TEST(mastermind_solver, WholeTableWellUnderASecond) {
  const auto start = std::chrono::steady_clock::now();
  int sum = 0;
  for (int pins = 1; pins <= 4; ++pins)
    for (int colours = 1; colours <= 6; ++colours) sum += lexicographic_worst_case(pins, colours);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(sum, 21 + 26 + 31 + 36);
  EXPECT_LT(seconds, 0.5);
}

// The worst case is a maximum over the judge's choices: playing the strategy against every
// fixed code reaches it for some code and exceeds it for none.
TEST(mastermind_solver, WorstCaseIsReachedBySomeFixedCodeAndExceededByNone) {
  for (int pins = 1; pins <= 4; ++pins)
    for (int colours = 1; colours <= 6; ++colours) {
      const std::vector<Code> codes = all_codes(pins, colours);
      int deepest = 0;
      for (const Code& secret : codes) {
        std::vector<Code> alive = codes;
        int guesses = 0;
        for (;;) {
          ++guesses;
          const Code guess = alive.front();
          const Hint h = score(secret, guess);
          if (h.black == pins) break;
          alive = consistent_with(alive, guess, h);
          ASSERT_FALSE(alive.empty());
        }
        deepest = std::max(deepest, guesses);
      }
      EXPECT_EQ(deepest, lexicographic_worst_case(pins, colours))
          << "P = " << pins << ", C = " << colours;
    }
}

TEST(mastermind_solver, SmallSetsByHand) {
  EXPECT_EQ(lexicographic_worst_case(std::vector<Code>{}), 0);
  EXPECT_EQ(lexicographic_worst_case(std::vector<Code>{{1, 2}}), 1);
  // Guess 1 1: 1 2 and 2 1 both answer 1 0, then 1 2 is guessed, then 2 1: three guesses.
  EXPECT_EQ(lexicographic_worst_case(std::vector<Code>{{1, 1}, {1, 2}, {2, 1}}), 3);
  // Guess 1 2: 2 1 answers 0 2, 2 2 answers 1 0: parts of one, two guesses.
  EXPECT_EQ(lexicographic_worst_case(std::vector<Code>{{1, 2}, {2, 1}, {2, 2}}), 2);
}

TEST(mastermind_solver, PartitionKeepsEveryCodeOnceInItsHintsPart) {
  const std::vector<Code> codes = all_codes(4, 6);
  const Code guess{1, 1, 2, 3};
  const std::vector<std::vector<Code>> parts = partition(codes, guess, 4);
  const std::vector<Hint> hints = possible_hints(4);
  ASSERT_EQ(parts.size(), hints.size());
  std::size_t total = 0;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    total += parts[i].size();
    for (const Code& code : parts[i]) ASSERT_EQ(score(code, guess), hints[i]);
    EXPECT_EQ(parts[i], consistent_with(codes, guess, hints[i]));
    EXPECT_EQ(hint_index(hints[i], 4), static_cast<int>(i));
  }
  EXPECT_EQ(total, codes.size());
  EXPECT_EQ(hint_index(Hint{3, 1}, 4), -1);
  EXPECT_EQ(hint_index(Hint{5, 0}, 4), -1);
}

}  // namespace
}  // namespace mastermind
