// The judge's keepers of the code: every answer leaves a code, the adaptive ones never give
// the game away early, a random code depends on the seed alone, a fixed one answers as its code.
#include "adversary.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

#include "solver.hpp"

namespace mastermind {
namespace {

const AdversaryKind kAllKinds[] = {AdversaryKind::Fixed, AdversaryKind::Random,
                                   AdversaryKind::Largest, AdversaryKind::LexicographicWorst};

AdversarySpec spec_of(AdversaryKind kind, int pins, int colours, std::uint64_t seed) {
  AdversarySpec spec;
  spec.kind = kind;
  spec.seed = seed;
  if (kind == AdversaryKind::Fixed)
    for (int i = 0; i < pins; ++i) spec.code.push_back(1 + (i * 5 + 3) % colours);
  return spec;
}

// A guess sequence that is not any strategy: drawn from a seed, so that the keepers meet
// guesses of every kind (repeats, guesses already excluded, the winning one).
Code some_guess(std::mt19937_64& engine, int pins, int colours) {
  Code guess;
  for (int i = 0; i < pins; ++i)
    guess.push_back(1 + static_cast<int>(engine() % static_cast<std::uint64_t>(colours)));
  return guess;
}

// Plays `guesses` guesses of `engine` at `adversary` while checking what every keeper owes: an
// answer some code explains, B = P only when the guess is the one code left (adaptive) or the
// code (others), and reveal() among the codes still consistent. Returns the answers.
std::vector<Hint> check_answers(Adversary& adversary, AdversaryKind kind, int pins, int colours,
                                std::mt19937_64& engine, int guesses) {
  std::vector<Code> alive = all_codes(pins, colours);
  std::vector<Hint> answers;
  for (int round = 0; round < guesses; ++round) {
    const Code guess = some_guess(engine, pins, colours);
    const Hint h = adversary.answer(guess);
    answers.push_back(h);
    const std::vector<Code> before = alive;
    alive = consistent_with(alive, guess, h);
    EXPECT_FALSE(alive.empty()) << "P = " << pins << " C = " << colours << " " << to_string(kind)
                                << ": answered " << format_hint(h) << " to " << format_code(guess);
    if (alive.empty()) return answers;
    if (kind == AdversaryKind::Largest || kind == AdversaryKind::LexicographicWorst) {
      // Another answer was possible exactly when some code other than the guess was alive.
      const bool forced = before.size() == 1 && before.front() == guess;
      EXPECT_EQ(h.black == pins, forced)
          << to_string(kind) << ": answered " << format_hint(h) << " to " << format_code(guess)
          << " with " << before.size() << " codes alive";
    }
    const Code shown = adversary.reveal();
    EXPECT_NE(std::find(alive.begin(), alive.end(), shown), alive.end());
    if (h.black == pins) return answers;
  }
  return answers;
}

TEST(mastermind_adversary, EveryAnswerLeavesACode) {
  std::mt19937_64 engine(20001111);
  for (int pins = 1; pins <= kMaxPins; ++pins)
    for (int colours = 1; colours <= kMaxColours; ++colours)
      for (AdversaryKind kind : kAllKinds)
        for (int game = 0; game < 3; ++game) {
          std::unique_ptr<Adversary> adversary =
              make_adversary(spec_of(kind, pins, colours, 7 + game), pins, colours);
          ASSERT_NE(adversary, nullptr);
          check_answers(*adversary, kind, pins, colours, engine, 25);
        }
}

// Once a single code is left the adaptive keepers must say B = P to it; before, never.
TEST(mastermind_adversary, AdaptiveKeepersSayBlackEqualsPOnlyWhenForced) {
  for (AdversaryKind kind : {AdversaryKind::Largest, AdversaryKind::LexicographicWorst}) {
    // P = 1: the guesses 1, 2, ..., C are answered 0 0 until only C is left.
    std::unique_ptr<Adversary> adversary = make_adversary(spec_of(kind, 1, 6, 0), 1, 6);
    for (int c = 1; c < 6; ++c) EXPECT_EQ(adversary->answer({c}), (Hint{0, 0})) << c;
    EXPECT_EQ(adversary->reveal(), (Code{6}));
    EXPECT_EQ(adversary->answer({6}), (Hint{1, 0}));
    // P = 2, C = 2, guess 1 2: 1 2 is alive but so are the others, so it is not B = P.
    adversary = make_adversary(spec_of(kind, 2, 2, 0), 2, 2);
    EXPECT_NE(adversary->answer({1, 2}).black, 2);
  }
}

TEST(mastermind_adversary, LargestKeepsTheLargestPartTiesToTheFirstHint) {
  std::unique_ptr<Adversary> adversary =
      make_adversary(spec_of(AdversaryKind::Largest, 4, 6, 0), 4, 6);
  // 1 1 2 2 against 6^4 codes: 0 0 keeps 4^4 = 256 codes, the largest part.
  const std::vector<std::vector<Code>> parts = partition(all_codes(4, 6), {1, 1, 2, 2}, 4);
  std::size_t largest = 0;
  for (const auto& part : parts) largest = std::max(largest, part.size());
  EXPECT_EQ(largest, 256u);
  EXPECT_EQ(adversary->answer({1, 1, 2, 2}), (Hint{0, 0}));
  EXPECT_EQ(adversary->reveal(), (Code{3, 3, 3, 3}));
}

TEST(mastermind_adversary, LexicographicWorstMakesTheLexicographicStrategyNeedTheTable) {
  for (int pins = 1; pins <= kMaxPins; ++pins)
    for (int colours = 1; colours <= kMaxColours; ++colours) {
      std::unique_ptr<Adversary> adversary = make_adversary(
          spec_of(AdversaryKind::LexicographicWorst, pins, colours, 0), pins, colours);
      std::vector<Code> alive = all_codes(pins, colours);
      int guesses = 0;
      for (;;) {
        ++guesses;
        const Hint h = adversary->answer(alive.front());
        if (h.black == pins) break;
        alive = consistent_with(alive, alive.front(), h);
        ASSERT_FALSE(alive.empty());
      }
      EXPECT_EQ(guesses, lexicographic_worst_case(pins, colours))
          << "P = " << pins << ", C = " << colours;
    }
}

TEST(mastermind_adversary, FixedAnswersAsItsCode) {
  AdversarySpec spec;
  spec.kind = AdversaryKind::Fixed;
  spec.code = {2, 5, 5, 1};
  std::unique_ptr<Adversary> adversary = make_adversary(spec, 4, 6);
  ASSERT_NE(adversary, nullptr);
  for (const Code& guess : all_codes(4, 6))
    ASSERT_EQ(adversary->answer(guess), score(spec.code, guess)) << format_code(guess);
  EXPECT_EQ(adversary->reveal(), spec.code);
  // A code that does not fit the shape makes no keeper.
  EXPECT_EQ(make_adversary(spec, 3, 6), nullptr);
  EXPECT_EQ(make_adversary(spec, 4, 4), nullptr);
  EXPECT_EQ(make_adversary(spec, 5, 6), nullptr);
}

Code random_code(std::uint64_t seed, int pins, int colours) {
  AdversarySpec spec;
  spec.kind = AdversaryKind::Random;
  spec.seed = seed;
  return make_adversary(spec, pins, colours)->reveal();
}

TEST(mastermind_adversary, RandomIsReproducibleAndDependsOnTheSeed) {
  for (std::uint64_t seed : {0ULL, 1ULL, 42ULL, 999999999999999999ULL})
    EXPECT_EQ(random_code(seed, 4, 6), random_code(seed, 4, 6)) << seed;
  // The codes of ten seeds: most differ (1296 codes; equal codes only by chance).
  std::set<Code> seen;
  for (std::uint64_t seed = 0; seed < 10; ++seed) seen.insert(random_code(seed, 4, 6));
  EXPECT_GE(seen.size(), 8u);
  EXPECT_NE(random_code(1, 4, 6), random_code(2, 4, 6));
  // Golden values: mt19937_64's output is fixed by the standard and the reduction is ours, so
  // these hold with every compiler and library. A change here changes every random test.
  EXPECT_EQ(format_code(random_code(0, 4, 6)), "1 6 2 1");
  EXPECT_EQ(format_code(random_code(12345, 4, 6)), "1 6 4 1");
  // Answers follow the drawn code.
  AdversarySpec spec;
  spec.kind = AdversaryKind::Random;
  spec.seed = 77;
  std::unique_ptr<Adversary> adversary = make_adversary(spec, 3, 5);
  const Code code = adversary->reveal();
  for (const Code& guess : all_codes(3, 5)) ASSERT_EQ(adversary->answer(guess), score(code, guess));
}

TEST(mastermind_adversary, RandomColoursAreUniform) {
  std::map<int, int> count;
  for (std::uint64_t seed = 0; seed < 6000; ++seed) ++count[random_code(seed, 1, 6)[0]];
  ASSERT_EQ(count.size(), 6u);
  for (const auto& entry : count) {
    EXPECT_GT(entry.second, 850) << "colour " << entry.first;
    EXPECT_LT(entry.second, 1150) << "colour " << entry.first;
  }
}

TEST(mastermind_adversary, ConsistentSetNarrowsAndDetectsContradictions) {
  ConsistentSet set(1, 2);
  EXPECT_EQ(set.codes().size(), 2u);
  EXPECT_TRUE(set.record({1}, Hint{0, 0}));
  EXPECT_EQ(set.codes(), (std::vector<Code>{{2}}));
  EXPECT_FALSE(set.record({2}, Hint{0, 0}));
  ConsistentSet other(2, 3);
  EXPECT_FALSE(other.record({1, 2}, Hint{1, 1}));  // no code answers B = P - 1, W = 1
}

TEST(mastermind_adversary, Names) {
  EXPECT_STREQ(to_string(AdversaryKind::Fixed), "fixed");
  EXPECT_STREQ(to_string(AdversaryKind::Random), "random");
  EXPECT_STREQ(to_string(AdversaryKind::Largest), "largest");
  EXPECT_STREQ(to_string(AdversaryKind::LexicographicWorst), "lexicographic-worst");
}

}  // namespace
}  // namespace mastermind
