// The adversaries, exhaustively: on every one of the 2304 boards and against every adversary
// that applies, an optimal contestant wins and the judge never lies; and the adaptive
// Trapper exposes a greedy Runner.
#include <gtest/gtest.h>

#include "bots.hpp"
#include "game/solver.hpp"
#include "interaction/interaction.hpp"

namespace entrapment {
namespace {

std::vector<TestCase> every_board_against(Strategy strategy, std::uint64_t seed) {
  std::vector<TestCase> out;
  const Solver& solver = Solver::instance();
  for (int r = 1; r <= 9; ++r)
    for (unsigned u = 0; u <= kAllSquares; ++u) {
      const SquareSet unavailable = static_cast<SquareSet>(u);
      if (!is_valid_board(r, unavailable)) continue;
      TestCase t;
      t.rounds = r;
      t.unavailable = labels(unavailable);
      t.adversary.strategy = strategy;
      t.adversary.seed = seed + u * 16 + static_cast<unsigned>(r);
      const bool judge_is_runner = !solver.runner_wins(t.start());
      if (strategy == Strategy::Committed && !judge_is_runner) continue;
      if (strategy == Strategy::Scripted) {
        if (judge_is_runner) {
          for (int i = 0; i < r; ++i)
            t.adversary.runner_script.push_back(i % 2 ? Answer::Yes : Answer::No);
        } else {
          // Ask about the first half of what is open, block the lowest open square.
          SquareSet open = t.start().available;
          for (int i = 0; i < r; ++i) {
            ScriptedTrapperRound round;
            const std::vector<Square> squares = labels(open);
            round.query.assign(squares.begin(), squares.begin() + squares.size() / 2);
            round.block = squares.front();
            open &= static_cast<SquareSet>(~single(round.block));
            t.adversary.trapper_script.push_back(round);
          }
        }
      }
      out.push_back(parse_testcase(format_testcase(t)));  // also proves the format round-trips
    }
  return out;
}

class EveryBoard : public ::testing::TestWithParam<Strategy> {};

TEST_P(EveryBoard, AnOptimalContestantWinsAndTheJudgeNeverLies) {
  int games = 0;
  for (const TestCase& test : every_board_against(GetParam(), 1000)) {
    auto bot = testing::make_bot(testing::BotStyle::Optimal);
    Transcript transcript;
    const Outcome o = interact(test, *bot, transcript);
    ASSERT_TRUE(o.accepted()) << format_testcase(test) << o.message;
    // Every answer the judge gave left it somewhere to be.
    for (const TranscriptRound& r : transcript.round_log) ASSERT_NE(r.runner_after_answer, kEmpty);
    ++games;
  }
  EXPECT_GE(games, 1828);
}

INSTANTIATE_TEST_SUITE_P(Adversaries, EveryBoard,
                         ::testing::Values(Strategy::Adaptive, Strategy::Random,
                                           Strategy::Committed, Strategy::Scripted),
                         [](const auto& info) { return std::string(to_string(info.param)); });

TEST(AdaptiveTrapper, ExposesAGreedyRunner) {
  int exposed = 0, runner_boards = 0;
  for (const TestCase& test : every_board_against(Strategy::Adaptive, 0)) {
    if (test.winner() != Side::Runner) continue;
    ++runner_boards;
    auto bot = testing::make_bot(testing::BotStyle::GreedyRunner);
    Transcript transcript;
    if (interact(test, *bot, transcript).result == Outcome::Result::WrongAnswer) ++exposed;
  }
  EXPECT_EQ(runner_boards, 476);
  EXPECT_GT(exposed, 0);
  RecordProperty("greedy_runner_exposed_on", exposed);
}

TEST(AdaptiveRunner, EscapesAssoonAsTheContestantSlips) {
  // 4 rounds on the empty board: a Trapper win, but only with the right first moves. A
  // Trapper that asks nothing and blocks a corner lets the adaptive Runner escape.
  TestCase test = parse_testcase("4 0\nadversary adaptive 5\n");
  auto lines = std::vector<std::string>{"Trapper", "0", "1", "0", "3", "0", "7", "0", "9"};
  class Canned : public Channel {
   public:
    explicit Canned(std::vector<std::string> l) : lines_(std::move(l)) {}
    LineRead read_line() override {
      LineRead r;
      if (i_ < lines_.size()) {
        r.status = LineRead::Status::Line;
        r.text = lines_[i_++];
      }
      return r;
    }
    bool write_line(const std::string&) override { return true; }

   private:
    std::vector<std::string> lines_;
    std::size_t i_ = 0;
  } canned(lines);
  Transcript transcript;
  const Outcome o = interact(test, canned, transcript);
  EXPECT_EQ(o.result, Outcome::Result::WrongAnswer);
  EXPECT_NE(o.message.find("escaped"), std::string::npos) << o.message;
}

}  // namespace
}  // namespace entrapment
