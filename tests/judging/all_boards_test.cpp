// The accepted C++ reference solution wins on every one of the 2304 boards, against every
// adversary that applies: adaptive and random always, committed when the judge is the Runner,
// scripted with a script derived here. To stay within about two minutes on two cores, each
// board plays one adversary, in rotation, so every adversary meets over 500 boards; set
// ENTRAPMENT_ALL_BOARDS_FULL=1 for the full product (about 8700 games).
#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>

#include "problems/entrapment/adversary/kind.hpp"
#include "problems/entrapment/game/solver.hpp"
#include "tests/support/runs.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

// A scripted Trapper: each round asks about the lower half of the available squares and
// blocks the highest available one; always legal because it follows the blocks it made.
std::vector<ScriptedTrapperRound> trapper_script(const TestCase& board) {
  std::vector<ScriptedTrapperRound> script;
  SquareSet available = board.start().available;
  for (int round = 0; round < board.rounds; ++round) {
    std::vector<Square> squares;
    for (Square s = 1; s <= kSquares; ++s)
      if (contains(available, s)) squares.push_back(s);
    ScriptedTrapperRound r;
    r.query.assign(squares.begin(), squares.begin() + static_cast<long>(squares.size() / 2));
    r.block = squares.back();
    available = static_cast<SquareSet>(available & ~single(r.block));
    script.push_back(r);
  }
  return script;
}

std::vector<TestCase> all_games(bool full) {
  std::vector<TestCase> games;
  int board_index = 0;
  for (int rounds = 1; rounds <= 9; ++rounds)
    for (unsigned mask = 0; mask <= kAllSquares; ++mask) {
      const SquareSet unavailable = static_cast<SquareSet>(mask);
      if (!is_valid_board(rounds, unavailable)) continue;
      TestCase board;
      board.rounds = rounds;
      for (Square s = 1; s <= kSquares; ++s)
        if (contains(unavailable, s)) board.unavailable.push_back(s);
      const bool judge_is_runner = board.winner() == Side::Trapper;
      std::vector<AdversaryKind> kinds = {AdversaryKind::Adaptive, AdversaryKind::Random,
                                          AdversaryKind::Scripted};
      if (judge_is_runner) kinds.push_back(AdversaryKind::Committed);
      for (std::size_t k = 0; k < kinds.size(); ++k) {
        if (!full && k != static_cast<std::size_t>(board_index) % kinds.size()) continue;
        TestCase game = board;
        game.adversary.kind = kinds[k];
        game.adversary.seed = 1000 + static_cast<std::uint64_t>(board_index);
        if (kinds[k] == AdversaryKind::Scripted) {
          if (judge_is_runner)
            for (int r = 0; r < rounds; ++r)
              game.adversary.runner_script.push_back(r % 2 ? Answer::Yes : Answer::No);
          else
            game.adversary.trapper_script = trapper_script(board);
        }
        games.push_back(game);
      }
      ++board_index;
    }
  EXPECT_EQ(board_index, 2304);
  return games;
}

TEST(AllBoards, ReferenceSolutionWinsEveryGame) {
  const fs::path source = package_root() / "solutions" / "accepted" / "reference.cpp";
  ASSERT_TRUE(fs::exists(source)) << source
                                  << " is gone: the accepted reference solution is the "
                                     "one every board is played with";
  const TempDir temp("entrapment-all-boards", 0755);
  const fs::path& dir = temp.path;
  const Submission submission = prepare_submission(source, dir / "build");
  const char* full = std::getenv("ENTRAPMENT_ALL_BOARDS_FULL");
  std::vector<TestCase> games = all_games(full && std::string(full) == "1");
  if (sanitizer_tree()) {
    // Under the sanitizers the judge's side of each game costs several times more and every
    // game takes the same paths: every 25th game (25 is prime to the rotation of 3 or 4
    // adversaries, so each adversary still meets its share of boards, 93 games of 2304). The
    // plain pass plays them all; what the sanitizers watch is the judge's code, which a few
    // games run through.
    std::size_t kept = 0;
    for (std::size_t i = 0; i < games.size(); i += 25) games[kept++] = games[i];
    games.resize(kept);
  }
  fs::create_directories(dir / "tests");
  std::vector<fs::path> files;
  for (std::size_t i = 0; i < games.size(); ++i) {
    char file[32];
    std::snprintf(file, sizeof file, "%05zu.in", i);
    files.push_back(dir / "tests" / file);
    std::ofstream(files.back()) << format_testcase(games[i]);
  }
  RunOptions options;
  options.sandbox = false;  // the sandbox costs ~0.1 s per game; the limits still hold
  BoxLimits limits;         // problem.yaml's: 5 s, 2 GiB
  const RunResult result = judge_tests(submission, files, dir / "tests", limits, options);
  int failures = 0;
  for (const TestResult& t : result.tests)
    if (t.verdict != Verdict::AC && ++failures <= 5)
      ADD_FAILURE() << t.name << ": " << to_string(t.verdict) << " " << t.message << "\n"
                    << format_testcase(games[&t - &result.tests[0]]);
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(result.verdict, Verdict::AC);
}

}  // namespace
}  // namespace entrapment::testing
