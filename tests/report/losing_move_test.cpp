// report::losing_move on real games (played through the interaction core): the move it names
// is the first that gave the win away, by the solver, with what would have kept it.
#include "problems/entrapment/report/losing_move.hpp"

#include <gtest/gtest.h>

#include "played_games.hpp"
#include "problems/entrapment/game/solver.hpp"
#include "problems/entrapment/module.hpp"
#include "tests/support/text.hpp"

namespace entrapment::testing {
namespace {

std::string explain(const std::string& test_text, const std::vector<std::string>& lines) {
  const TestResult result = play("losing-move", test_text, lines);
  EXPECT_EQ(result.verdict, Verdict::WA) << result.message;
  return report::losing_move(parse_testcase(test_text), *entrapment_transcript(result.game));
}

// The row 4 5 6 alone, one round: the Runner wins by keeping 5 (the only square with two
// neighbours); answering No to "5" leaves 4 and 6, both trapped by blocking 5.
TEST(LosingMove, TheRunnersAnswerThatGaveTheWinAway) {
  const std::string test = "1 6\n1 2 3 7 8 9\nadversary scripted 1\nask 5 block 5\n";
  EXPECT_EQ(explain(test, {"Runner", "No"}),
            "round 1: answering No to 5 lost: the Trapper could then trap you by round 1 "
            "whatever you did; Yes kept your win");
}

TEST(LosingMove, AWrongClaim) {
  EXPECT_EQ(explain("2 0\nadversary adaptive 0\n", {"Trapper"}),
            "your claim Trapper lost: the Runner survives all 2 rounds whatever the Trapper "
            "asks and blocks");
  EXPECT_EQ(explain("4 0\nadversary adaptive 0\n", {"Runner"}),
            "your claim Runner lost: the Trapper can trap the Runner by round 4 whatever the "
            "Runner answers");
}

// The first board (by R, then unavailable squares) where the Trapper wins but some query of
// round 1 gives the win away; the adaptive Runner then escapes.
TEST(LosingMove, TheTrappersQueryThatGaveTheWinAway) {
  const Solver& solver = Solver::instance();
  for (int rounds = 1; rounds <= 3; ++rounds) {
    for (unsigned unavailable = 0; unavailable < 512; ++unavailable) {
      const Position start = start_position(rounds, static_cast<SquareSet>(unavailable));
      if (start.available == kEmpty || rounds + size(static_cast<SquareSet>(unavailable)) > 9 ||
          solver.runner_wins(start))
        continue;
      for (unsigned query = start.available;; query = (query - 1) & start.available) {
        if (!solver.query_keeps_win(start, static_cast<SquareSet>(query))) {
          const SquareSet q = static_cast<SquareSet>(query);
          std::string test = std::to_string(rounds) + " " +
                             std::to_string(size(static_cast<SquareSet>(unavailable))) + "\n";
          if (unavailable) test += join_labels(static_cast<SquareSet>(unavailable)) + "\n";
          test += "adversary adaptive 0\n";
          std::vector<std::string> lines = {"Trapper", std::to_string(size(q))};
          if (q) lines.push_back(join_labels(q));
          const std::string why = explain(test, lines);
          EXPECT_TRUE(has(why, "round 1: the query " + (q ? join_labels(q) : "0 (empty)") +
                                   " lost: one of the answers lets the Runner escape"))
              << test << why;
          const std::vector<SquareSet> good = solver.winning_queries(start);
          ASSERT_FALSE(good.empty());
          EXPECT_TRUE(
              has(why, "; asking " +
                           (good.front() ? join_labels(good.front()) : std::string("0 (empty)")) +
                           " kept your win"))
              << why;
          return;
        }
        if (query == 0) break;
      }
    }
  }
  FAIL() << "no board where a query gives the Trapper's win away";
}

// A winning query, then a block that lets the Runner escape: the block is named, with the
// blocks that kept the win. The adaptive Runner answers the same both times (same seed). The
// first board (by R, then unavailable squares) where some block after a winning query loses.
TEST(LosingMove, TheTrappersBlockThatGaveTheWinAway) {
  const Solver& solver = Solver::instance();
  for (int rounds = 1; rounds <= 4; ++rounds) {
    for (unsigned unavailable = 0; unavailable < 512; ++unavailable) {
      const SquareSet blocked = static_cast<SquareSet>(unavailable);
      const Position start = start_position(rounds, blocked);
      if (start.available == kEmpty || rounds + size(blocked) > 9 || solver.runner_wins(start))
        continue;
      std::string test = std::to_string(rounds) + " " + std::to_string(size(blocked)) + "\n";
      if (blocked) test += join_labels(blocked) + "\n";
      test += "adversary adaptive 0\n";
      const SquareSet query = solver.winning_queries(start).front();
      std::vector<std::string> lines = {"Trapper", std::to_string(size(query))};
      if (query) lines.push_back(join_labels(query));
      const TestResult asked = play("asked", test, lines);
      ASSERT_EQ(entrapment_transcript(asked.game)->round_log.size(), 1u);
      const TranscriptRound& round = entrapment_transcript(asked.game)->round_log[0];
      ASSERT_TRUE(round.answer.has_value()) << asked.message;
      const Position after_answer{start.available, round.runner_after_answer, start.rounds_left};
      Square losing = 0;
      for (Square s = 1; s <= 9 && !losing; ++s)
        if (contains(start.available, s) && !solver.block_keeps_win(after_answer, s)) losing = s;
      if (!losing) continue;
      lines.push_back(std::to_string(losing));
      const std::string why = explain(test, lines);
      EXPECT_TRUE(has(why, "round 1: blocking " + std::to_string(losing) +
                               " lost: the Runner could then escape; blocking "))
          << test << why;
      const std::vector<Square> good = solver.winning_blocks(after_answer);
      ASSERT_FALSE(good.empty());
      EXPECT_TRUE(has(why, "blocking " + std::to_string(good.front()))) << why;
      return;
    }
  }
  FAIL() << "no board and winning query where a block gives the win away";
}

// Every move kept the win: the judge's message says what went wrong, nothing to add.
TEST(LosingMove, NothingWhenNoMoveGaveTheWinAway) {
  const TestResult bad_proof = runner_bad_proof("bad-proof");
  EXPECT_EQ(bad_proof.verdict, Verdict::WA);
  EXPECT_EQ(report::losing_move(parse_testcase("2 0\nadversary scripted 2\nask 3 1 2 8 9 4 5 "
                                               "block 5\nask 4 6 7 8 block 7\n"),
                                *entrapment_transcript(bad_proof.game)),
            "");
}

}  // namespace
}  // namespace entrapment::testing
