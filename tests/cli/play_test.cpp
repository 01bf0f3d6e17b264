// `judge play` for a person: the board after each round, prompts with the right round and
// what the judge expects, and at a terminal a typo refused and asked again, never sent.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include "scratch_package.hpp"
#include "tests/support/text.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

// Sample 2 as the Runner, with typos on the way.
TEST(PlayForAPerson, ATypoAtTheTerminalIsRefusedAndAskedAgain) {
  const ScratchPackage package;
  const JudgeRun run = run_judge_on_terminal(
      {"play", "--test", "testdata/sample/2.in"},
      {package.root(), {}, "runner\nRunner\nyes\nYes\nFree\nYes\nFree\n5 4\n5 4 10\n5 4 1\n"});
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_TRUE(has(run.out, "verdict: AC\n")) << run.out;
  // What was wrong, and the line asked again.
  expect_in_order(run.out,
                  {"[0] the side that wins with optimal play: Runner or Trapper\n[0] > ",
                   "not sent: expected Runner or Trapper, got \"runner\" (words are "
                   "case-sensitive: Runner); type it again",
                   "[1] your answer: Yes (you are in one of the squares asked) or No\n[1] > ",
                   "not sent: expected Yes or No, got \"yes\"",
                   "[1] Free (you moved), or Trapped\n[1] > ", "[2] your answer:",
                   "[3] your proof: 3 squares, the start and the square after each move\n[3] > ",
                   "not sent: expected 3 squares on the line, got 2",
                   "not sent: \"10\" is not a square (1 to 9)"});
  // The judge received only the good lines: the game went exactly as sample 2.
  EXPECT_TRUE(has(run.out, "the Runner survived 2 rounds and proved it with 5 4 1")) << run.out;
}

TEST(PlayForAPerson, AsTrapperTheSquaresOnOffer) {
  const ScratchPackage package;
  const JudgeRun run =
      run_judge_on_terminal({"play", "--test", "testdata/sample/1.in"},
                            {package.root(), {}, "Trapper\n2\n4 5 5\n1 5\n4 5\n5\n0\n6\n"});
  EXPECT_EQ(run.status, 0) << run.out;
  expect_in_order(run.out, {"[1] N, how many squares you ask about (0 to 3)\n[1] > ",
                            "[1] the 2 squares of your query (available: 4 5 6)\n[1] > ",
                            "not sent: expected 2 squares on the line, got 3",
                            "not sent: square 1 is not available (available: 4 5 6)",
                            "[1] the square you block (available: 4 5 6)",
                            "[2] N, how many squares you ask about (0 to 2)"});
  EXPECT_TRUE(has(run.out, "verdict: AC\n")) << run.out;
}

// Piped (not a terminal): the lines go to the judge as they are, and the board is drawn after
// each round with the right squares.
TEST(PlayForAPerson, TheBoardAfterEachRound) {
  const ScratchPackage package;
  const JudgeRun run = run_judge({"play", "--test", "testdata/sample/1.in"},
                                 {package.root(), {}, "Trapper\n2\n4 5\n5\n0\n6\n"});
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  // The board comes before the role line, so that a person sees it before choosing (issue 29).
  expect_in_order(run.out, {"[0] < 1 2 3 7 8 9\n    the board (",
                            "      1 2 3    # # #\n"
                            "      4 5 6    R R R\n"
                            "      7 8 9    # # #\n[0] > Trapper\n[1] > 2\n",
                            "[1] < Free\n"
                            "    after round 1: blocked 5; the Runner could be on 2 squares\n"
                            "      1 2 3    # # #\n"
                            "      4 5 6    R X R\n"
                            "      7 8 9    # # #\n",
                            "[2] < Trapped\n"
                            "    after round 2: blocked 6; the Runner is trapped\n"
                            "      1 2 3    # # #\n"
                            "      4 5 6    . # X\n"});
  EXPECT_EQ(run.err, "") << "no prompt when stdin is not a terminal";
  // Not at a terminal the game is strict: a typo is sent and loses.
  const JudgeRun strict =
      run_judge({"play", "--test", "testdata/sample/1.in"}, {package.root(), {}, "trapper\n"});
  EXPECT_EQ(strict.status, 1);
  EXPECT_TRUE(has(strict.out, "verdict: WA\n")) << strict.out;
}

// At every decision within a round the board shows what it is about: the query to answer ('*'),
// the block before Free or Trapped ('X'), the Runner's answer before the block.
TEST(PlayForAPerson, TheBoardAtEveryDecision) {
  const ScratchPackage package;
  const JudgeRun runner =
      run_judge_on_terminal({"play", "--test", "testdata/sample/2.in"},
                            {package.root(), {}, "Runner\nYes\nFree\nYes\nFree\n5 4 1\n"});
  EXPECT_EQ(runner.status, 0) << runner.out;
  expect_in_order(
      runner.out,
      {"    round 1: the judge asks about 3 1 2 8 9 4 5 (*); you could be on 9 "
       "squares: 1 2 3 4 5 6 7 8 9 (R): Yes if you are on one of the asked squares\n"
       "      1 2 3    R R R    * * *\n"
       "      4 5 6    R R R    * * .\n"
       "      7 8 9    R R R    . * *\n",
       "[1] your answer: Yes",
       "    round 1: the judge blocked 5 (X); you could be on 7 squares: 1 2 3 4 5 8 9 (R): "
       "Free if one of them has an available neighbour\n"
       "      1 2 3    R R R\n"
       "      4 5 6    R X .\n"
       "      7 8 9    . R R\n",
       "[1] Free (you moved), or Trapped", "round 2: the judge asks about 4 6 7 8 (*)"});

  const JudgeRun trapper = run_judge_on_terminal({"play", "--test", "testdata/sample/1.in"},
                                                 {package.root(), {}, "Trapper\n1\n4\n5\n"});
  EXPECT_EQ(trapper.status, 0) << trapper.out;
  expect_in_order(
      trapper.out,
      {"[1] the square of your query (available: 4 5 6)\n",
       "    round 1: the Runner answered Yes to 4; it could be on 1 square: 4 (R): block a "
       "square\n"
       "      1 2 3    # # #    . . .\n"
       "      4 5 6    R . .    * . .\n"
       "      7 8 9    # # #    . . .\n",
       "[1] the square you block (available: 4 5 6)"});
  EXPECT_FALSE(has(trapper.out, "the 1 squares")) << trapper.out;
}

// A lost game says which move lost it (the solver knows); a won one says nothing of the kind.
TEST(PlayForAPerson, ALostGameSaysWhichMoveLostIt) {
  const ScratchPackage package;
  const JudgeRun claim = run_judge({"play", "--board", "2 0"}, {package.root(), {}, "Trapper\n"});
  EXPECT_EQ(claim.status, 1) << claim.out << claim.err;
  EXPECT_TRUE(has(claim.out,
                  "why: your claim Trapper lost: the Runner survives all 2 rounds whatever the "
                  "Trapper asks and blocks\n"))
      << claim.out;
  const JudgeRun won = run_judge({"play", "--test", "testdata/sample/2.in"},
                                 {package.root(), {}, "Runner\nYes\nFree\nYes\nFree\n5 4 1\n"});
  EXPECT_EQ(won.status, 0) << won.out;
  EXPECT_FALSE(has(won.out, "why:")) << won.out;
}

TEST(PlayForAPerson, NeedsNoPackage) {
  const ScratchPackage package;
  const JudgeRun run = run_judge({"play", "--board", "2 0"}, {package.outside(), {}, "Runner\n"});
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "judge play: outside a package (no problem.yaml and testdata/ in "))
      << run.out;
  EXPECT_FALSE(has(run.out + run.err, "run inside the package"))
      << "the first line contradicts itself:\n"
      << run.out;
  EXPECT_TRUE(has(run.out, "verdict: WA\n")) << "the game was played:\n" << run.out;
  // A program is limited by the package's problem.yaml: without one, a usage error.
  const fs::path program = package.outside() / "a.py";
  write_text(program, kClaimsRunnerAndStops);
  const JudgeRun refused =
      run_judge({"play", program.string(), "--board", "2 0"}, {package.outside(), {}, ""});
  EXPECT_EQ(refused.status, 2);
  EXPECT_TRUE(has(refused.err, "no package here")) << refused.err;
}

// Python from pyenv, conda or Homebrew: an interpreter installed under a directory the
// contestant's user cannot search (a private home, mode 0700) runs in the sandbox, which root
// builds, binding its installation and making the directories above it open to all: it was a
// judge error ("/root is not searchable for it"), then ran only in the private root.
TEST(PlayAProgram, AnInterpreterUnderAPrivateHomeRuns) {
  if (::geteuid() != 0) GTEST_SKIP() << "only root runs the contestant as a user of its own";
  ScratchPackage package;
  const fs::path home = package.outside() / "home";  // inside the private (0700) parent
  const fs::path bin = home / "python-install" / "bin";
  fs::create_directories(bin);
  ::chmod(home.c_str(), 0700);
  ::chmod((home / "python-install").c_str(), 0755);
  ::chmod(bin.c_str(), 0755);
  fs::copy_file(fs::canonical("/usr/bin/python3"), bin / "python3");
  ::chmod((bin / "python3").c_str(), 0755);
  const fs::path program = package.write("solutions/accepted/reference.py", reference_python());
  // Only a sandbox mounts it; a machine without namespaces has none (a container).
  const JudgeRun mode =
      run_judge({"run", "-v", program.string(), "sample/1"}, {package.root(), {}, ""});
  ASSERT_NE(mode.out.find("isolation: "), std::string::npos) << mode.out << mode.err;
  if (mode.out.find("isolation: none") != std::string::npos)
    GTEST_SKIP() << "no sandbox here:\n" << mode.out;
  const JudgeRun run = run_judge(
      {"play", "--board", "3 0", "--sandbox", "--", (bin / "python3").string(), program.string()},
      {package.root(), {}, ""});
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("verdict: AC"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace entrapment::testing
