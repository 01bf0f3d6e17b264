// Whole games over in-memory channels: the lexicographic strategy wins every test within the
// table, the wrong strategies lose somewhere at G = the table, and every protocol fault is
// answered -1 and named.
#include "game.hpp"

#include <gtest/gtest.h>

#include "players.hpp"
#include "solver.hpp"
#include "text.hpp"

namespace mastermind {
namespace {

using testing::FirstConsistent;
using testing::OneColourAtATime;
using testing::Player;
using testing::PlayerChannel;
using testing::Reading;
using testing::ScriptedChannel;
using Verdict = GameResult::Verdict;

TestCase test_of(int pins, int colours, int guesses, AdversaryKind kind, std::uint64_t seed = 0,
                 Code code = {}) {
  TestCase test;
  test.pins = pins;
  test.colours = colours;
  test.guesses = guesses;
  test.adversary.kind = kind;
  test.adversary.seed = seed;
  test.adversary.code = code;
  return test;
}

std::string describe(const TestCase& test, const GameResult& result) {
  return format_testcase(test) + "-> " + to_string(result.verdict) + ": " + result.message;
}

GameResult play(const TestCase& test, Player& player) {
  PlayerChannel channel(player);
  return play_game(test, channel);
}

// The tests that matter for a strategy: both adaptive keepers, random codes, and fixed codes.
std::vector<TestCase> tests_of_cell(int pins, int colours) {
  const int g = minimum_guesses(pins, colours);
  std::vector<TestCase> tests{test_of(pins, colours, g, AdversaryKind::Largest),
                              test_of(pins, colours, g, AdversaryKind::LexicographicWorst)};
  for (std::uint64_t seed : {1, 2, 3})
    tests.push_back(test_of(pins, colours, g, AdversaryKind::Random, seed));
  const std::vector<Code> codes = all_codes(pins, colours);
  // Every code where there are few, a spread of them where there are many.
  const std::size_t step = codes.size() <= 64 ? 1 : codes.size() / 61;
  for (std::size_t i = 0; i < codes.size(); i += step)
    tests.push_back(test_of(pins, colours, g, AdversaryKind::Fixed, 0, codes[i]));
  tests.push_back(test_of(pins, colours, g, AdversaryKind::Fixed, 0, codes.back()));
  return tests;
}

TEST(mastermind_game, LexicographicStrategyWinsEveryCellWithinTheTable) {
  int games = 0;
  for (int pins = 1; pins <= kMaxPins; ++pins)
    for (int colours = 1; colours <= kMaxColours; ++colours)
      for (const TestCase& test : tests_of_cell(pins, colours)) {
        FirstConsistent player;
        const GameResult result = play(test, player);
        ASSERT_EQ(result.verdict, Verdict::Accepted) << describe(test, result);
        EXPECT_LE(result.guesses, minimum_guesses(pins, colours)) << describe(test, result);
        // The lexicographic-worst keeper makes this very strategy use the whole table.
        if (test.adversary.kind == AdversaryKind::LexicographicWorst) {
          EXPECT_EQ(result.guesses, minimum_guesses(pins, colours)) << describe(test, result);
        }
        EXPECT_NE(result.message.find("found the code " + result.code_revealed), std::string::npos)
            << result.message;
        ++games;
      }
  EXPECT_GT(games, 24 * 6);
}

// The games `make` loses against an adaptive keeper with G = the table, one "P C keeper: why"
// each.
template <typename Make>
std::vector<std::string> losses(const Make& make) {
  std::vector<std::string> lost;
  for (int pins = 1; pins <= kMaxPins; ++pins)
    for (int colours = 1; colours <= kMaxColours; ++colours)
      for (AdversaryKind kind : {AdversaryKind::Largest, AdversaryKind::LexicographicWorst}) {
        const TestCase test = test_of(pins, colours, minimum_guesses(pins, colours), kind);
        std::unique_ptr<Player> player = make();
        const GameResult result = play(test, *player);
        EXPECT_NE(result.verdict, Verdict::JudgeError) << describe(test, result);
        if (result.verdict == Verdict::WrongAnswer)
          lost.push_back(std::to_string(pins) + " " + std::to_string(colours) + " " +
                         to_string(kind) + ": " + result.message);
      }
  return lost;
}

TEST(mastermind_game, CountingRepeatedColoursWronglyLoses) {
  for (Reading reading : {Reading::RepeatsOnce, Reading::RepeatsPerPin}) {
    const std::vector<std::string> lost =
        losses([&] { return std::unique_ptr<Player>(new FirstConsistent(reading)); });
    ASSERT_FALSE(lost.empty());
    std::cout << "  lost " << lost.size() << " of 48, the first: " << lost.front() << "\n";
  }
}

TEST(mastermind_game, IgnoringWhitesLoses) {
  const std::vector<std::string> lost =
      losses([] { return std::unique_ptr<Player>(new FirstConsistent(Reading::BlackOnly)); });
  ASSERT_FALSE(lost.empty());
  std::cout << "  lost " << lost.size() << " of 48, the first: " << lost.front() << "\n";
}

TEST(mastermind_game, ProbingOneColourAtATimeLoses) {
  const std::vector<std::string> lost =
      losses([] { return std::unique_ptr<Player>(new OneColourAtATime()); });
  ASSERT_FALSE(lost.empty());
  std::cout << "  lost " << lost.size() << " of 48, the first: " << lost.front() << "\n";
}

TEST(mastermind_game, ColoursFromZeroLoseOnTheFirstGuess) {
  const std::vector<std::string> lost =
      losses([] { return std::unique_ptr<Player>(new FirstConsistent(Reading::Right, -1)); });
  EXPECT_EQ(lost.size(), 48u);
  FirstConsistent player(Reading::Right, -1);
  const GameResult result = play(test_of(4, 6, 9, AdversaryKind::Largest), player);
  EXPECT_EQ(result.verdict, Verdict::WrongAnswer);
  EXPECT_EQ(result.message, "guess 1: colour \"0\" of pin 1 is outside 1..6");
}

struct Fault {
  std::vector<std::string> lines;  // the contestant's
  std::string message;             // the whole message
  int answered = 0;                // valid guesses before the fault
};

TEST(mastermind_game, ProtocolFaultsAreAnsweredMinusOneAndNamed) {
  const TestCase test = test_of(4, 6, 9, AdversaryKind::Fixed, 0, {1, 2, 3, 4});
  const std::string long_line(entrapment::kMaxLineBytes + 1, '1');
  const Fault faults[] = {
      {{"1 2 3"}, "guess 1: expected 4 numbers (P = 4), got 3 in \"1 2 3\""},
      {{"1 2 3 4 5"}, "guess 1: expected 4 numbers (P = 4), got 5 in \"1 2 3 4 5\""},
      {{"1 2 3 7"}, "guess 1: colour \"7\" of pin 4 is outside 1..6"},
      {{"0 2 3 4"}, "guess 1: colour \"0\" of pin 1 is outside 1..6"},
      {{"1 2 3 99999999999999999999999"},
       "guess 1: colour \"99999999999999999999999\" of pin 4 is outside 1..6"},
      {{"01 2 3 4"}, "guess 1: \"01\" has a leading zero in \"01 2 3 4\""},
      {{"+1 2 3 4"}, "guess 1: \"+1\" has a sign (write the number alone) in \"+1 2 3 4\""},
      {{"-1 2 3 4"}, "guess 1: \"-1\" has a sign (write the number alone) in \"-1 2 3 4\""},
      {{"1 x 3 4"}, "guess 1: \"x\" is not a number in \"1 x 3 4\""},
      {{"1.0 2 3 4"}, "guess 1: \"1.0\" is not a number in \"1.0 2 3 4\""},
      {{"1  2 3 4"}, "guess 1: two spaces in a row in \"1  2 3 4\""},
      {{" 1 2 3 4"}, "guess 1: a leading space in \" 1 2 3 4\""},
      {{"1 2 3 4 "}, "guess 1: a trailing space in \"1 2 3 4 \""},
      {{"1\t2 3 4"},
       "guess 1: a tab at byte 2 (separate numbers by single spaces) in \"1\\t2 3 4\""},
      {{"1 2 3 4\r"},
       "guess 1: a carriage return at byte 8 (lines must end in a plain \\n) in \"1 2 3 4\\r\""},
      {{""}, "guess 1: an empty line in \"\""},
      {{"1 2 3\x01"}, "guess 1: byte \"\\x01\" at byte 6 is not printable ASCII in \"1 2 3\\x01\""},
      {{long_line}, "guess 1: the line is too long (more than 1048576 bytes)"},
      {{}, "end of input before the game was won (guess 1 expected, 0 answered)"},
      {{"6 6 6 6", "5 5 5 5"},
       "end of input before the game was won (guess 3 expected, 2 answered)",
       2},
      {{"6 6 6 6", "1 2 3"}, "guess 2: expected 4 numbers (P = 4), got 3 in \"1 2 3\"", 1},
  };
  for (const Fault& fault : faults) {
    ScriptedChannel channel(fault.lines);
    const GameResult result = play_game(test, channel);
    const std::string shown = fault.lines.empty() ? "(nothing)" : quote(fault.lines.back());
    EXPECT_EQ(result.verdict, Verdict::WrongAnswer) << shown;
    EXPECT_EQ(result.message, fault.message) << shown;
    ASSERT_FALSE(channel.judge_lines().empty());
    EXPECT_EQ(channel.judge_lines().front(), "4 6 9");
    EXPECT_EQ(channel.judge_lines().back(), "-1") << shown;
    // One answer per valid guess before the fault, nothing else.
    EXPECT_EQ(channel.judge_lines().size(), 2u + static_cast<std::size_t>(fault.answered)) << shown;
    EXPECT_EQ(result.guesses, fault.answered);
    EXPECT_EQ(result.code_revealed, "1 2 3 4");
  }
}

TEST(mastermind_game, TheGthWrongGuessLosesAndNothingMoreIsRead) {
  const TestCase test = test_of(2, 3, 4, AdversaryKind::Fixed, 0, {3, 3});
  ScriptedChannel channel({"1 1", "1 2", "2 1", "2 2", "3 3"});
  const GameResult result = play_game(test, channel);
  EXPECT_EQ(result.verdict, Verdict::WrongAnswer);
  EXPECT_EQ(result.message,
            "the code was not found in 4 guesses; a code consistent with every answer: 3 3");
  EXPECT_EQ(channel.judge_lines(), (std::vector<std::string>{"2 3 4", "0 0", "0 0", "0 0", "0 0"}));
  EXPECT_EQ(channel.lines_read(), 4u);
  EXPECT_EQ(result.guesses, 4);
  EXPECT_EQ(result.code_revealed, "3 3");
}

TEST(mastermind_game, AdaptiveKeeperRevealsACodeConsistentWithItsAnswers) {
  const TestCase test = test_of(2, 3, 4, AdversaryKind::Largest);
  ScriptedChannel channel({"1 1", "1 1", "1 1", "1 1"});
  const GameResult result = play_game(test, channel);
  EXPECT_EQ(result.verdict, Verdict::WrongAnswer);
  ASSERT_EQ(result.code_revealed.size(), 3u);
  const Code revealed{result.code_revealed[0] - '0', result.code_revealed[2] - '0'};
  EXPECT_EQ(format_hint(score(revealed, {1, 1})), channel.judge_lines()[1]);
}

TEST(mastermind_game, WinningOnTheLastAllowedGuessIsAccepted) {
  const TestCase test = test_of(2, 3, 4, AdversaryKind::Fixed, 0, {3, 3});
  ScriptedChannel channel({"1 1", "1 2", "2 1", "3 3"});
  const GameResult result = play_game(test, channel);
  EXPECT_EQ(result.verdict, Verdict::Accepted) << result.message;
  EXPECT_EQ(result.message, "found the code 3 3 in 4 of 4 guesses");
  EXPECT_EQ(channel.judge_lines().back(), "2 0");
}

TEST(mastermind_game, AnythingAfterTheWinIsWrong) {
  const TestCase test = test_of(4, 6, 9, AdversaryKind::Fixed, 0, {1, 2, 3, 4});
  for (const std::string& tail : {std::string("1 2 3 4"), std::string(""), std::string(" "),
                                  std::string(entrapment::kMaxLineBytes + 1, 'x')}) {
    ScriptedChannel channel({"1 2 3 4", tail, "more"});
    const GameResult result = play_game(test, channel);
    EXPECT_EQ(result.verdict, Verdict::WrongAnswer) << quote(tail);
    EXPECT_EQ(result.message.rfind("wrote after the game was won (guess 1 found the code): ", 0),
              0u)
        << result.message;
    // The judge stops at the first line after the win, and sends nothing more.
    EXPECT_EQ(channel.lines_read(), 2u);
    EXPECT_EQ(channel.judge_lines(), (std::vector<std::string>{"4 6 9", "4 0"}));
  }
  ScriptedChannel clean({"1 2 3 4"});
  EXPECT_EQ(play_game(test, clean).verdict, Verdict::Accepted);
  // A player that goes on after its win, over the player channel.
  FirstConsistent player;
  PlayerChannel channel(player);
  channel.keep_writing_after_win();
  const GameResult result = play_game(test_of(1, 1, 1, AdversaryKind::Largest), channel);
  EXPECT_EQ(result.verdict, Verdict::WrongAnswer);
  EXPECT_EQ(result.message, "wrote after the game was won (guess 1 found the code): \"1\"");
}

TEST(mastermind_game, TranscriptIsBoundedAndCut) {
  const TestCase test = test_of(4, 6, 9, AdversaryKind::Fixed, 0, {1, 2, 3, 4});
  ScriptedChannel channel({"6 6 6 6", std::string(entrapment::kMaxLineBytes + 1, '7')});
  const GameResult result = play_game(test, channel);
  ASSERT_EQ(result.lines.size(), 5u);
  EXPECT_FALSE(result.lines[0].from_contestant);
  EXPECT_EQ(result.lines[0].text, "4 6 9");
  EXPECT_TRUE(result.lines[1].from_contestant);
  EXPECT_EQ(result.lines[1].text, "6 6 6 6");
  EXPECT_EQ(result.lines[2].text, "0 0");
  EXPECT_TRUE(result.lines[3].from_contestant);
  EXPECT_TRUE(result.lines[3].cut);
  EXPECT_EQ(result.lines[3].text, std::string(kTranscriptLineBytes, '7'));
  EXPECT_EQ(result.lines[4].text, "-1");
  EXPECT_FALSE(result.lines[4].from_contestant);
  EXPECT_EQ(result.lines_dropped, 0u);
  // A whole game at G = 20 is far below the bound.
  ScriptedChannel long_game(std::vector<std::string>(20, "6 6 6 6"));
  const GameResult lost =
      play_game(test_of(4, 6, 20, AdversaryKind::Fixed, 0, {1, 2, 3, 4}), long_game);
  EXPECT_EQ(lost.lines.size(), 41u);
  EXPECT_LE(lost.lines.size(), kTranscriptMaxLines);
}

// Answers 0 0 to everything: a keeper that lies once the guesses cover every code.
class Liar : public Adversary {
 public:
  Hint answer(const Code&) override { return Hint{0, 0}; }
  Code reveal() const override { return {1}; }
};

TEST(mastermind_game, AnswersConsistentWithNoCodeAreAJudgeError) {
  const TestCase test = test_of(1, 2, 5, AdversaryKind::Largest);
  Liar liar;
  ScriptedChannel channel({"1", "2"});
  const GameResult result = play_game(test, liar, channel);
  EXPECT_EQ(result.verdict, Verdict::JudgeError);
  EXPECT_EQ(result.message,
            "judge error: guess 2: the judge's answers are consistent with no code (it answered "
            "\"0 0\" to \"2\")");
  // The contradictory answer is never sent.
  EXPECT_EQ(channel.judge_lines(), (std::vector<std::string>{"1 2 5", "0 0"}));
}

TEST(mastermind_game, InvalidTestIsAJudgeErrorBeforeAnythingIsSent) {
  for (const TestCase& test :
       {test_of(5, 6, 9, AdversaryKind::Largest), test_of(4, 6, 0, AdversaryKind::Largest),
        test_of(4, 6, 21, AdversaryKind::Largest),
        test_of(4, 6, 9, AdversaryKind::Fixed, 0, {1, 2, 3})}) {
    ScriptedChannel channel({"1 2 3 4"});
    const GameResult result = play_game(test, channel);
    EXPECT_EQ(result.verdict, Verdict::JudgeError) << format_testcase(test);
    EXPECT_NE(result.message.find("the test case is invalid"), std::string::npos);
    EXPECT_TRUE(channel.judge_lines().empty());
  }
}

TEST(mastermind_game, VerdictNames) {
  EXPECT_STREQ(to_string(Verdict::Accepted), "AC");
  EXPECT_STREQ(to_string(Verdict::WrongAnswer), "WA");
  EXPECT_STREQ(to_string(Verdict::JudgeError), "JE");
}

}  // namespace
}  // namespace mastermind
