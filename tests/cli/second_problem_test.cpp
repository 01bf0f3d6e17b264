// The toolkit judges a second problem, interactive Master-Mind (examples/mastermind), through
// its module alone (issue 46): judge.yaml names the module, and `judge run` and `judge verify`
// read its tests, play its games, validate its data and replay its samples as they do
// Entrapment's. What a package without a module gets: an error naming judge.yaml.
#include <gtest/gtest.h>

#include <fstream>

#include "tests/support/files.hpp"
#include "tests/support/judge.hpp"
#include "tests/support/repository.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

fs::path mastermind() { return repository() / "examples" / "mastermind"; }

JudgeRun judge_mastermind(std::vector<std::string> args) {
  args.insert(args.end(), {"--root", mastermind().string()});
  return run_judge(args);
}

TEST(SecondProblem, ItsDataIsValidatedAndItsSamplesReplayThroughItsModule) {
  ASSERT_TRUE(fs::exists(mastermind() / "judge.yaml")) << mastermind();
  const JudgeRun run = judge_mastermind({"verify", "--only", "validate,samples"});
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "  ok    accepts testdata/sample and testdata/secret: ")) << run.out;
  EXPECT_TRUE(has(run.out, "  ok    rejects testdata/invalid_input: ")) << run.out;
  EXPECT_TRUE(has(run.out, "  ok    testdata/sample/1.interaction")) << run.out;
  EXPECT_TRUE(has(run.out, "verify: OK")) << run.out;
}

TEST(SecondProblem, ItsSolutionsGetTheirVerdictsAndAFailureShowsItsGame) {
  const JudgeRun accepted =
      judge_mastermind({"run", (mastermind() / "solutions/accepted/lexicographic.cpp").string()});
  EXPECT_EQ(accepted.status, 0) << accepted.out << accepted.err;
  EXPECT_TRUE(has(accepted.out, "All tests accepted.")) << accepted.out;

  const JudgeRun wrong =
      judge_mastermind({"run", (mastermind() / "solutions/wrong_answer/colour_sets.cpp").string()});
  EXPECT_EQ(wrong.status, 0) << "as expected:\n" << wrong.out << wrong.err;
  EXPECT_TRUE(has(wrong.out, "expected WA, got WA")) << wrong.out;
  EXPECT_TRUE(has(wrong.out,
                  "  Transcript (< judge to contestant, > contestant to judge):\n"
                  "    < 4 6 12\n"))
      << "the failing game, as the module recorded it:\n"
      << wrong.out;

  // Its HTML report draws its games with the module's view: the shape, then each guess.
  const TempDir reports("entrapment-test-mastermind-report", 0755);
  const fs::path html = reports.path / "report.html";
  const JudgeRun drawn =
      judge_mastermind({"run", (mastermind() / "solutions/wrong_answer/colour_sets.cpp").string(),
                        "--html", html.string()});
  EXPECT_EQ(drawn.status, 0) << drawn.out << drawn.err;
  const std::string page = read_text(html);
  EXPECT_TRUE(has(page, "<dt>code</dt><dd>4 pins of 6 colours, at most 12 guesses</dd>")) << page;
  EXPECT_TRUE(has(page, "<h3>The game</h3><table>")) << page;

  // Tests named on the command line are read by the package's module too.
  const JudgeRun samples =
      judge_mastermind({"run", (mastermind() / "solutions/accepted/lexicographic.py").string(),
                        (mastermind() / "testdata/sample").string()});
  EXPECT_EQ(samples.status, 0) << samples.out << samples.err;
  EXPECT_TRUE(has(samples.out, "All tests accepted.")) << samples.out;
}

// `judge play` shows any problem's game as its lines: a program, or lines typed (here piped).
TEST(SecondProblem, PlayShowsItsGameLineByLine) {
  const std::string sample = (mastermind() / "testdata/sample/1.in").string();
  JudgeRun run = run_judge(
      {"play", (mastermind() / "solutions/accepted/lexicographic.cpp").string(), "--test", sample},
      {mastermind(), {}, ""});
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "< 2 3 4\n> 1 1\n< 1 0\n")) << run.out;
  EXPECT_TRUE(has(run.out, "verdict: AC\n")) << run.out;

  // The sample's own lines, typed: the game the statement shows.
  run = run_judge({"play", "--test", sample}, {mastermind(), {}, "1 1\n1 2\n3 1\n"});
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "< 2 3 4\n> 1 1\n< 1 0\n> 1 2\n< 0 1\n> 3 1\n< 2 0\n")) << run.out;
  EXPECT_TRUE(has(run.out, "verdict: AC\n")) << run.out;

  run = run_judge({"play", "--test", sample}, {mastermind(), {}, "1 1\n0 2\n"});
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "verdict: WA\n")) << run.out;

  run = run_judge({"play", "--board", "3 0"}, {mastermind(), {}, ""});
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(has(run.err, "this package's module is mastermind: give the game with --test FILE"))
      << run.err;
}

TEST(SecondProblem, APackageWithoutAKnownModuleIsToldWhichFileToFix) {
  const TempDir dir("entrapment-test-no-module", 0755);
  fs::create_directories(dir.path / "testdata" / "sample");
  fs::copy_file(mastermind() / "problem.yaml", dir.path / "problem.yaml");
  fs::copy_file(mastermind() / "testdata/sample/1.in", dir.path / "testdata/sample/1.in");
  const std::string program = (mastermind() / "solutions/accepted/lexicographic.py").string();

  JudgeRun run = run_judge({"run", program, "--root", dir.path.string()});
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(has(run.err, "judge.yaml: cannot read the file")) << run.err;
  EXPECT_TRUE(has(run.err, "entrapment, mastermind")) << "the modules it knows:\n" << run.err;

  std::ofstream(dir.path / "judge.yaml") << "# a comment\nmodule: chess\n";
  run = run_judge({"run", program, "--root", dir.path.string()});
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(has(run.err, "judge.yaml:2: module: no problem module named 'chess'")) << run.err;

  std::ofstream(dir.path / "judge.yaml") << "module: mastermind\nmodel: x\n";
  run = run_judge({"run", program, "--root", dir.path.string()});
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(has(run.err, "judge.yaml:2: model: unknown key")) << run.err;
}

}  // namespace
}  // namespace entrapment::testing
