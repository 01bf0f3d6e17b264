// A sanity check of the test data that relies on no solution and on none of the generator's
// code: every one of the 2304 boards appears in exhaustive/boards exactly once under its own
// name, against the adaptive adversary; every secret and exhaustive file is on a legal board
// with its .ans naming the winner; the contest set (secret/) is at most 100 tests and holds
// what issue 9 requires of it: the empty board for every R, R + U = 9 for every R, one
// available square, boards where the winner changes when R changes by one, and every
// adversary on each side it plays.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <utility>

#include "package_copy.hpp"
#include "problems/entrapment/adversary/kind.hpp"
#include "problems/entrapment/game/solver.hpp"
#include "problems/entrapment/testcase/testcase.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;
using BoardKey = std::pair<int, SquareSet>;  // rounds, unavailable squares

// Enumerated here, independently of the generator: R in 1..9, U squares, R + U <= 9.
std::set<BoardKey> every_board() {
  std::set<BoardKey> out;
  for (int rounds = 1; rounds <= 9; ++rounds)
    for (unsigned mask = 0; mask < 512; ++mask)
      if (__builtin_popcount(mask) <= 8 && rounds + __builtin_popcount(mask) <= 9)
        out.insert({rounds, static_cast<SquareSet>(mask)});
  return out;
}

std::string expected_name(const BoardKey& board) {
  std::string name =
      "r" + std::to_string(board.first) + "-u" + std::to_string(__builtin_popcount(board.second));
  if (board.second) name += "-blocked";
  for (int s = 1; s <= 9; ++s)
    if (board.second & (1u << (s - 1))) name += "-" + std::to_string(s);
  return name;
}

std::vector<std::pair<fs::path, TestCase>> tests_under(const fs::path& dir) {
  std::vector<std::pair<fs::path, TestCase>> out;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir))
    if (e.path().extension() == ".in")
      out.push_back({e.path(), parse_testcase(read_text(e.path()))});
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return out;
}

BoardKey board_of(const TestCase& test) { return {test.rounds, test.unavailable_set()}; }

bool runner_wins(const BoardKey& board) {
  return Solver::instance().runner_wins(start_position(board.first, board.second));
}

TEST(ExhaustiveTier, EveryBoardOnceAgainstTheAdaptiveAdversary) {
  const std::set<BoardKey> all = every_board();
  ASSERT_EQ(all.size(), 2304u);
  std::map<BoardKey, int> seen;
  for (const auto& [path, test] : tests_under(repository() / "testdata/exhaustive/boards")) {
    ++seen[board_of(test)];
    EXPECT_EQ(path.stem().string(), expected_name(board_of(test)));
    EXPECT_EQ(test.adversary.kind, AdversaryKind::Adaptive) << path;
  }
  EXPECT_EQ(seen.size(), all.size());
  for (const BoardKey& board : all) EXPECT_EQ(seen[board], 1) << expected_name(board);
}

TEST(GeneratedTests, EverySecretAndExhaustiveFileIsOnALegalBoardWithItsAnswer) {
  const std::set<BoardKey> all = every_board();
  std::map<std::string, int> per_directory;
  std::map<AdversaryKind, int> per_strategy;
  for (const char* tier : {"secret", "exhaustive"})
    for (const auto& [path, test] : tests_under(repository() / "testdata" / tier)) {
      EXPECT_EQ(all.count(board_of(test)), 1u) << path;
      fs::path ans = path;
      ans.replace_extension(".ans");
      EXPECT_EQ(read_text(ans), std::string(to_string(test.winner())) + "\n") << ans;
      ++per_directory[path.parent_path().filename().string()];
      ++per_strategy[test.adversary.kind];
    }
  EXPECT_EQ(per_directory["boards"], 2304);
  EXPECT_GE(per_directory["random"], 100);
  EXPECT_GE(per_directory["committed"], 50);
  for (AdversaryKind s : {AdversaryKind::Adaptive, AdversaryKind::Random, AdversaryKind::Committed,
                          AdversaryKind::Scripted})
    EXPECT_GT(per_strategy[s], 0) << to_string(s);
}

class ContestSet : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    tests_ = new std::vector<std::pair<fs::path, TestCase>>(
        tests_under(repository() / "testdata" / "secret"));
  }
  static void TearDownTestSuite() { delete tests_; }

  static bool has(const std::function<bool(const TestCase&)>& fits) {
    for (const auto& entry : *tests_)
      if (fits(entry.second)) return true;
    return false;
  }

  static std::vector<std::pair<fs::path, TestCase>>* tests_;
};
std::vector<std::pair<fs::path, TestCase>>* ContestSet::tests_ = nullptr;

TEST_F(ContestSet, HasAtMostAHundredTestsInOneDirectory) {
  EXPECT_GE(tests_->size(), 20u);
  EXPECT_LE(tests_->size(), 100u);
  for (const auto& [path, test] : *tests_)
    EXPECT_EQ(path.parent_path(), repository() / "testdata" / "secret") << path;
}

TEST_F(ContestSet, HasTheBoundaryBoards) {
  for (int r = 1; r <= 9; ++r)
    EXPECT_TRUE(has([r](const TestCase& t) {
      return board_of(t) == BoardKey{r, kEmpty};
    })) << "the empty board with R = "
        << r;
  for (int r = 1; r <= 8; ++r)
    EXPECT_TRUE(has([r](const TestCase& t) {
      return t.rounds == r && r + static_cast<int>(t.unavailable.size()) == 9;
    })) << "R + U = 9 with R = "
        << r;
  EXPECT_TRUE(has([](const TestCase& t) { return t.unavailable.size() == 8; }))
      << "one available square";
}

TEST_F(ContestSet, HasBoardsWhereTheWinnerChangesWhenRChangesByOne) {
  std::set<BoardKey> boards;
  for (const auto& entry : *tests_) boards.insert(board_of(entry.second));
  int flips = 0;
  for (const BoardKey& b : boards) {
    const BoardKey next{b.first + 1, b.second};
    if (boards.count(next) && runner_wins(b) && !runner_wins(next)) ++flips;
  }
  EXPECT_GE(flips, 4);
}

TEST_F(ContestSet, HasEveryAdversaryOnEverySideItPlays) {
  auto judge_plays_runner = [](const TestCase& t) { return !runner_wins(board_of(t)); };
  for (AdversaryKind s : {AdversaryKind::Adaptive, AdversaryKind::Random, AdversaryKind::Scripted})
    for (bool runner : {false, true})
      EXPECT_TRUE(has([&](const TestCase& t) {
        return t.adversary.kind == s && judge_plays_runner(t) == runner;
      })) << to_string(s)
          << " as " << (runner ? "Runner" : "Trapper");
  EXPECT_TRUE(has([](const TestCase& t) { return t.adversary.kind == AdversaryKind::Committed; }));
  // A scripted Trapper that asks nothing, and one that asks about every available square.
  EXPECT_TRUE(has([](const TestCase& t) {
    return !t.adversary.trapper_script.empty() && t.adversary.trapper_script[0].query.empty();
  }));
  EXPECT_TRUE(has([](const TestCase& t) {
    return !t.adversary.trapper_script.empty() &&
           t.adversary.trapper_script[0].query.size() ==
               static_cast<std::size_t>(size(t.start().available));
  }));
}

}  // namespace
}  // namespace entrapment::testing
