// The tests' own game (echo_problem.hpp) played over canned lines: its rules, which the tests
// of the box rely on (the right answer is AC and nothing else is, a protocol break gets -1, a
// flood of blank lines is stopped), and its test files.
#include "tests/support/echo_problem.hpp"

#include <gtest/gtest.h>

#include "protocol/scripted_channel.hpp"

namespace entrapment::testing {
namespace {

struct EchoPlayed {
  Outcome outcome;
  std::vector<std::string> judge_lines;
  GameRecord record;
};

EchoPlayed play_echo(const EchoTest& test, const std::vector<std::string>& contestant) {
  ScriptedChannel channel(contestant);
  EchoPlayed played;
  played.outcome = echo_module().play(test, channel, played.record);
  played.judge_lines = channel.judge_lines();
  return played;
}

using Lines = std::vector<std::string>;

TEST(EchoGame, TheRightAnswerThenTheEndIsAccepted) {
  const EchoPlayed bye = play_echo(echo_test(), {"pong 7"});
  EXPECT_TRUE(bye.outcome.accepted()) << bye.outcome.message;
  EXPECT_EQ(bye.judge_lines, (Lines{"ping 7 bye", "bye"}));
  ASSERT_EQ(bye.record.lines.size(), 3u);
  EXPECT_TRUE(bye.record.lines[1].from_contestant);
  ASSERT_TRUE(bye.record.payload);
  EXPECT_NE(bye.record.to_json().find("\"pong 7\""), std::string::npos) << bye.record.to_json();

  const EchoPlayed last = play_echo(echo_test_answered_last(), {"pong\t7\r", "", " \r"});
  EXPECT_TRUE(last.outcome.accepted()) << last.outcome.message;
  EXPECT_EQ(last.judge_lines, (Lines{"ping 7"}));
}

TEST(EchoGame, AnythingElseIsAWrongAnswerAndAProtocolBreakGetsMinusOne) {
  const struct {
    Lines contestant;
    const char* message;
  } cases[] = {
      {{"pong 8"}, "expected \"pong 7\", got \"pong 8\""},
      {{"pong 07"}, "got \"pong 07\""},
      {{"pong 7 7"}, "got \"pong 7 7\""},
      {{"Trapper"}, "got \"Trapper\""},
      {{}, "expected \"pong 7\", but the output ended"},
      {{"pong 7", "pong 7"}, "the game is over, but the program wrote more: \"pong 7\""},
  };
  for (const auto& c : cases) {
    const EchoPlayed played = play_echo(echo_test(), c.contestant);
    EXPECT_EQ(played.outcome.result, Outcome::Result::WrongAnswer) << c.message;
    EXPECT_NE(played.outcome.message.find(c.message), std::string::npos) << played.outcome.message;
    EXPECT_EQ(played.judge_lines.back(), "-1") << c.message;
  }
}

TEST(EchoGame, AFloodOfBlankLinesIsStoppedAfterAMebibyte) {
  Lines contestant{"pong 7"};
  contestant.resize(kMaxLineBytes + 10, "");
  const EchoPlayed played = play_echo(echo_test(), contestant);
  EXPECT_EQ(played.outcome.result, Outcome::Result::WrongAnswer);
  EXPECT_NE(played.outcome.message.find("more than 1048576 bytes of blank lines"),
            std::string::npos)
      << played.outcome.message;
  EXPECT_LE(played.record.lines.size(), 4u) << "blank lines are counted, not kept";
}

TEST(EchoGame, ItsTestFilesAreOneLine) {
  const auto seven = echo_module().parse_test("7\n", "");
  EXPECT_EQ(echo_module().contestant_view(*seven), "ping 7\n");
  const auto bye = echo_module().parse_test("1000000000 bye", "");
  EXPECT_EQ(echo_module().contestant_view(*bye), "ping 1000000000 bye\n");
  const struct {
    const char* file;
    int line;
  } broken[] = {{"", 1},       {"x\n", 1},  {"1000000001\n", 1},
                {"7 hi\n", 1}, {"-1\n", 1}, {"7\n8\n", 2}};
  for (const auto& b : broken) {
    try {
      echo_module().parse_test(b.file, "");
      ADD_FAILURE() << "read: " << b.file;
    } catch (const TestFileError& e) {
      EXPECT_EQ(e.line(), b.line) << b.file << ": " << e.what();
    }
  }
}

}  // namespace
}  // namespace entrapment::testing
