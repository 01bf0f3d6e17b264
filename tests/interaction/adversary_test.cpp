// The adversaries, exhaustively: on every one of the 2304 boards and against every adversary
// that applies, and under every choice of the adaptive plan, the reference player (the corpus's
// in-process contestant) wins and the judge never lies; the adaptive Trapper exposes wrong
// Runners, and its padding is free for a correct one and fatal to a bookkeeping bug.
#include <gtest/gtest.h>

#include <functional>
#include <set>

#include "problems/entrapment/adversary/kind.hpp"
#include "problems/entrapment/adversary/plan.hpp"
#include "problems/entrapment/corpus/play.hpp"
#include "problems/entrapment/game/solver.hpp"
#include "problems/entrapment/interaction/interaction.hpp"

namespace entrapment {
namespace {

std::vector<TestCase> every_board_against(AdversaryKind strategy, std::uint64_t seed) {
  std::vector<TestCase> out;
  const Solver& solver = Solver::instance();
  for (int r = 1; r <= 9; ++r)
    for (unsigned u = 0; u <= kAllSquares; ++u) {
      const SquareSet unavailable = static_cast<SquareSet>(u);
      if (!is_valid_board(r, unavailable)) continue;
      TestCase t;
      t.rounds = r;
      t.unavailable = labels(unavailable);
      t.adversary.kind = strategy;
      t.adversary.seed = seed + u * 16 + static_cast<unsigned>(r);
      const bool judge_is_runner = !solver.runner_wins(t.start());
      if (strategy == AdversaryKind::Committed && !judge_is_runner) continue;
      if (strategy == AdversaryKind::Scripted) {
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

// Plays `test` against the reference player: it must win, and no answer of the judge's may
// leave the Runner nowhere to be.
void expect_reference_wins(const TestCase& test) {
  Transcript transcript;
  const Outcome o = corpus::play(test, corpus::reference_strategy(), transcript);
  ASSERT_TRUE(o.accepted()) << format_testcase(test) << o.message;
  for (const TranscriptRound& r : transcript.round_log) ASSERT_NE(r.runner_after_answer, kEmpty);
}

class EveryBoard : public ::testing::TestWithParam<AdversaryKind> {};

TEST_P(EveryBoard, AnOptimalContestantWinsAndTheJudgeNeverLies) {
  int games = 0;
  for (const TestCase& test : every_board_against(GetParam(), 1000)) {
    expect_reference_wins(test);
    if (::testing::Test::HasFatalFailure()) return;
    ++games;
  }
  EXPECT_GE(games, 1828);
}

INSTANTIATE_TEST_SUITE_P(Adversaries, EveryBoard,
                         ::testing::Values(AdversaryKind::Adaptive, AdversaryKind::Random,
                                           AdversaryKind::Committed, AdversaryKind::Scripted),
                         [](const auto& info) { return std::string(to_string(info.param)); });

// Every choice of every part of the plan, forced on every board: the plan only breaks ties
// between moves that are equally good for the judge, so it never weakens the adversary.
TEST(AdaptivePlan, EveryChoiceOnEveryBoardLetsTheOptimalContestantWinAndNeverLies) {
  std::vector<std::function<void(AdaptivePlan&)>> choices;
  for (TrapLure l : {TrapLure::Bigger, TrapLure::Yes, TrapLure::No, TrapLure::Mobile})
    choices.push_back([l](AdaptivePlan& p) { p.trap = l; });
  for (Padding l : {Padding::None, Padding::All, Padding::Half, Padding::One})
    choices.push_back([l](AdaptivePlan& p) { p.padding = l; });
  for (BlockLure l : {BlockLure::Pressure, BlockLure::NextToRunner, BlockLure::UnderRunner})
    choices.push_back([l](AdaptivePlan& p) { p.block = l; });
  for (AnswerLure l : {AnswerLure::Larger, AnswerLure::Smaller, AnswerLure::Yes, AnswerLure::No,
                       AnswerLure::Mobile})
    choices.push_back([l](AdaptivePlan& p) { p.answer = l; });
  int games = 0;
  for (const auto& choose : choices)
    for (TestCase test : every_board_against(AdversaryKind::Adaptive, 7)) {
      test.adversary.plan = adaptive_plan(test.adversary.seed);
      choose(*test.adversary.plan);
      expect_reference_wins(test);
      if (::testing::Test::HasFatalFailure()) return;
      ++games;
    }
  EXPECT_EQ(games, 16 * 2304);
}

TEST(AdaptivePlan, IsAFunctionOfTheSeedAndVariesWithIt) {
  std::set<int> trap, padding, block, answer;
  for (std::uint64_t seed = 0; seed < 400; ++seed) {
    const AdaptivePlan plan = adaptive_plan(seed);
    const AdaptivePlan again = adaptive_plan(seed);
    EXPECT_EQ(plan.trap, again.trap);
    EXPECT_EQ(plan.padding, again.padding);
    EXPECT_EQ(plan.block, again.block);
    EXPECT_EQ(plan.answer, again.answer);
    trap.insert(static_cast<int>(plan.trap));
    padding.insert(static_cast<int>(plan.padding));
    block.insert(static_cast<int>(plan.block));
    answer.insert(static_cast<int>(plan.answer));
  }
  // One line of play cannot hide a weak contestant: every part takes several values.
  EXPECT_GE(trap.size(), 2u);
  EXPECT_GE(padding.size(), 2u);
  EXPECT_GE(block.size(), 2u);
  EXPECT_GE(answer.size(), 2u);
}

// The padding adds exactly the squares the Runner cannot be on (all of them, or none), and
// never a square the Runner might be on: the answer means what it meant without it.
TEST(AdaptiveTrapper, PadsQueriesOnlyWithSquaresTheRunnerCannotBeOn) {
  int padded_rounds = 0;
  for (Padding padding : {Padding::None, Padding::All}) {
    for (TestCase test : every_board_against(AdversaryKind::Adaptive, 3)) {
      if (test.winner() != Side::Runner) continue;
      test.adversary.plan = adaptive_plan(test.adversary.seed);
      test.adversary.plan->padding = padding;
      Transcript transcript;
      ASSERT_TRUE(corpus::play(test, corpus::reference_strategy(), transcript).accepted());
      for (const TranscriptRound& r : transcript.round_log) {
        const SquareSet query = make_set(r.query);
        const SquareSet outside = static_cast<SquareSet>(r.available_before & ~r.runner_before);
        if (padding == Padding::All) {
          EXPECT_EQ(query & outside, outside) << format_testcase(test) << "round " << r.round;
          padded_rounds += outside != kEmpty;
        } else {
          EXPECT_EQ(query & outside, kEmpty) << format_testcase(test) << "round " << r.round;
        }
      }
    }
  }
  EXPECT_GT(padded_rounds, 50);  // R = 1 boards have no second round to pad
}

int boards_rejecting(const std::string& strategy, std::function<void(AdaptivePlan&)> choose) {
  const corpus::StrategyInfo* wrong = corpus::find_strategy(strategy);
  EXPECT_NE(wrong, nullptr) << strategy;
  if (!wrong) return 0;
  int rejected = 0;
  for (TestCase test : every_board_against(AdversaryKind::Adaptive, 11)) {
    if (test.winner() != Side::Runner) continue;
    test.adversary.plan = adaptive_plan(test.adversary.seed);
    choose(*test.adversary.plan);
    if (corpus::play(test, *wrong).result == Outcome::Result::WrongAnswer) ++rejected;
  }
  return rejected;
}

TEST(AdaptiveTrapper, PaddingExposesARunnerThatTakesTheQueryForItsSet) {
  const auto pad = [](Padding p) { return [p](AdaptivePlan& plan) { plan.padding = p; }; };
  const int unpadded = boards_rejecting("runner_query_replaces_set", pad(Padding::None));
  const int padded = boards_rejecting("runner_query_replaces_set", pad(Padding::All));
  EXPECT_EQ(unpadded, 0) << "without padding every query is inside the Runner's set";
  EXPECT_GT(padded, 5);
  RecordProperty("query_replaces_set_rejected_on_padded", padded);
}

TEST(AdaptiveTrapper, ExposesAGreedyRunner) {
  const int exposed = boards_rejecting("greedy_runner", [](AdaptivePlan&) {});
  EXPECT_GT(exposed, 100);
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
