// The committed sample transcripts are exactly what the interaction core does, and a changed
// transcript is caught at its line.
#include <gtest/gtest.h>

#include "package_copy.hpp"
#include "problems/entrapment/generate/sample_games.hpp"

namespace entrapment::testing {
namespace {

struct Sample {
  TestCase test;
  std::string interaction;
};

Sample sample(const std::string& name) {
  const auto dir = repository() / "testdata" / "sample";
  return {parse_testcase(read_text(dir / (name + ".in"))),
          read_text(dir / (name + ".interaction"))};
}

std::string replace_line(const std::string& text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find("\n" + from + "\n");
  EXPECT_NE(at, std::string::npos) << from;
  return text.substr(0, at + 1) + to + text.substr(at + 1 + from.size());
}

TEST(SampleReplay, BothSamplesReplayExactly) {
  for (const char* name : {"1", "2"}) {
    const Sample s = sample(name);
    EXPECT_EQ(replay_interaction(s.test, s.interaction), std::nullopt) << "sample " << name;
  }
}

TEST(SampleReplay, TheSamplesAreTheStatementsInteractions) {
  EXPECT_EQ(sample("1").interaction,
            "<3 6\n<1 2 3 7 8 9\n>Trapper\n>2\n>4 5\n<Yes\n>5\n<Free\n>0\n<No\n>6\n<Trapped\n");
  EXPECT_EQ(sample("2").interaction,
            "<2 0\n>Runner\n<7\n<3 1 2 8 9 4 5\n>Yes\n<5\n>Free\n<4\n<4 6 7 8\n>Yes\n<7\n>Free\n"
            ">5 4 1\n");
}

// What replaying sample `name` reports once its line `from` is `to` (a test failure when it
// reports nothing).
std::string reported_with(const char* name, const std::string& from, const std::string& to) {
  const Sample s = sample(name);
  const std::optional<std::string> diff =
      replay_interaction(s.test, replace_line(s.interaction, from, to));
  EXPECT_TRUE(diff.has_value()) << "sample " << name << " with " << to << " replays unchanged";
  return diff.value_or("");
}

TEST(SampleReplay, AChangedJudgeLineIsReportedAtItsLine) {
  const std::string diff = reported_with("1", "<No", "<Yes");
  EXPECT_NE(diff.find("line 10"), std::string::npos) << diff;
  EXPECT_NE(diff.find("\"<Yes\""), std::string::npos) << diff;
  EXPECT_NE(diff.find("\"<No\""), std::string::npos) << diff;
}

TEST(SampleReplay, AChangedContestantLineChangesTheGame) {
  // A proof that moves 4 -> 2 (not adjacent): the judge answers -1 after it.
  const std::string diff = reported_with("2", ">5 4 1", ">5 4 2");
  EXPECT_NE(diff.find("line 14"), std::string::npos) << diff;
}

TEST(SampleReplay, AMissingLineAndAForeignLineAreReported) {
  const Sample s = sample("2");
  const std::string cut = s.interaction.substr(0, s.interaction.rfind(">Free"));
  const std::optional<std::string> short_diff = replay_interaction(s.test, cut);
  ASSERT_TRUE(short_diff.has_value());
  EXPECT_NE(short_diff->find("the end of the game"), std::string::npos) << *short_diff;

  const std::optional<std::string> foreign = replay_interaction(s.test, "<2 0\n  Runner\n");
  ASSERT_TRUE(foreign.has_value());
  EXPECT_NE(foreign->find("line 2"), std::string::npos) << *foreign;
}

}  // namespace
}  // namespace entrapment::testing
