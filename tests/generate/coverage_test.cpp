// A sanity check of secret/ that relies on no solution: every one of the 2304 boards appears
// in secret/boards exactly once under its own name, against the adaptive adversary, and every
// other secret file is on a legal board; every .in has its .ans naming the winner.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <utility>

#include "game/solver.hpp"
#include "package_copy.hpp"
#include "testcase/testcase.hpp"

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

TEST(SecretCoverage, EveryBoardOnceAgainstTheAdaptiveAdversary) {
  const std::set<BoardKey> all = every_board();
  ASSERT_EQ(all.size(), 2304u);
  std::map<BoardKey, int> seen;
  for (const fs::directory_entry& e :
       fs::directory_iterator(repository_root() / "testdata" / "secret" / "boards")) {
    if (e.path().extension() != ".in") continue;
    const TestCase test = parse_testcase(read_file(e.path()));
    const BoardKey board{test.rounds, test.unavailable_set()};
    ++seen[board];
    EXPECT_EQ(e.path().stem().string(), expected_name(board));
    EXPECT_EQ(test.adversary.strategy, Strategy::Adaptive) << e.path();
  }
  EXPECT_EQ(seen.size(), all.size());
  for (const BoardKey& board : all) EXPECT_EQ(seen[board], 1) << expected_name(board);
}

TEST(SecretCoverage, EverySecretFileIsOnALegalBoardWithItsAnswer) {
  const std::set<BoardKey> all = every_board();
  std::map<std::string, int> per_directory;
  std::map<Strategy, int> per_strategy;
  for (const fs::directory_entry& e :
       fs::recursive_directory_iterator(repository_root() / "testdata" / "secret")) {
    if (e.path().extension() != ".in") continue;
    const TestCase test = parse_testcase(read_file(e.path()));
    EXPECT_EQ(all.count({test.rounds, test.unavailable_set()}), 1u) << e.path();
    fs::path ans = e.path();
    ans.replace_extension(".ans");
    EXPECT_EQ(read_file(ans), std::string(to_string(test.winner())) + "\n") << ans;
    ++per_directory[e.path().parent_path().filename().string()];
    ++per_strategy[test.adversary.strategy];
  }
  EXPECT_EQ(per_directory["boards"], 2304);
  EXPECT_GE(per_directory["random"], 100);
  EXPECT_GE(per_directory["committed"], 50);
  for (Strategy s : {Strategy::Adaptive, Strategy::Random, Strategy::Committed, Strategy::Scripted})
    EXPECT_GT(per_strategy[s], 0) << to_string(s);
}

}  // namespace
}  // namespace entrapment::testing
