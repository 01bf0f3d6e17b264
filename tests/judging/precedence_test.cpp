// Verdict precedence when both sides fail (README, "Verdicts"): the judge's wrong answer given
// while the contestant was still talking wins; otherwise the contestant's failure wins.
#include <gtest/gtest.h>

#include "tests/support/runs.hpp"

namespace entrapment::testing {
namespace {

Verdict judge_mode(const std::string& mode, std::string* message = nullptr) {
  const TestResult result = judge_test(player(mode), trapper_board(), mode, small_limits(), false);
  if (message) *message = result.message;
  return result.verdict;
}

TEST(Precedence, WrongAnswerFirstBeatsLaterTimeout) {
  EXPECT_EQ(judge_mode("read-after-wa"), Verdict::WA);
}

TEST(Precedence, WrongAnswerFirstBeatsLaterCrash) {
  std::string message;
  EXPECT_EQ(judge_mode("wrong-then-crash", &message), Verdict::WA);
  EXPECT_NE(message.find("Trapper wins"), std::string::npos) << message;
}

TEST(Precedence, CrashThatEndsTheOutputBeatsTheJudgesConclusion) {
  std::string message;
  EXPECT_EQ(judge_mode("stop-then-crash", &message), Verdict::RTE);
  EXPECT_NE(message.find("signal 11"), std::string::npos) << message;
  EXPECT_NE(message.find("the judge:"), std::string::npos) << message;
}

TEST(Precedence, CrashAfterACorrectGameIsRuntimeError) {
  EXPECT_EQ(judge_mode("crash-after"), Verdict::RTE);
  EXPECT_EQ(judge_mode("exit-3-after"), Verdict::RTE);
}

TEST(Precedence, SpinningAfterACorrectGameIsTimeLimit) {
  EXPECT_EQ(judge_mode("spin-after"), Verdict::TLE);
}

// The judge waits for the end of its output after the game; the program's lines all came, so
// it is not asked whether it flushed (red team: "did you flush? The judge was waiting for a
// line", and the run stopped there as for a program that never flushes).
TEST(Precedence, SleepingAfterACorrectGameIsTimeLimitForNotExiting) {
  std::string message;
  EXPECT_EQ(judge_mode("sleep-after", &message), Verdict::TLE);
  EXPECT_NE(message.find("did not exit"), std::string::npos) << message;
  EXPECT_EQ(message.find("flush"), std::string::npos) << message;
}

TEST(Precedence, EndedOutputWithCleanExitIsWrongAnswer) {
  EXPECT_EQ(judge_mode("close-stdin"), Verdict::WA);
}

TEST(Precedence, UnstartableProgramIsJudgeError) {
  Submission missing{"missing", {"/nonexistent/program"}};
  const TestResult result = judge_test(missing, trapper_board(), "t", small_limits(), false);
  EXPECT_EQ(result.verdict, Verdict::JE);
  EXPECT_NE(result.message.find("cannot start"), std::string::npos) << result.message;
}

}  // namespace
}  // namespace entrapment::testing
