// `judge run` the way bt users expect: every submission of a directory (solutions/ by
// default), each expected to get its directory's verdict, --expect overriding; CE a verdict
// with the reports still written; the words after the submission must be tests; lines
// written to a file or pipe as they are decided.
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <thread>

#include "scratch_package.hpp"
#include "tests/support/text.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

// A package with an accepted and a wrong submission in solutions/<verdict>/ and files that are
// not submissions.
struct SolutionsPackage {
  SolutionsPackage() {
    package.write("solutions/accepted/reference.py", reference_python());
    package.write("solutions/wrong_answer/claims_runner.py", kClaimsRunnerAndStops);
    package.write("solutions/README.md", "what each submission does\n");
    package.write("solutions/accepted/notes.txt", "not a submission\n");
  }
  ScratchPackage package;
};

TEST(Run, WithoutArgumentsJudgesEverySubmissionInSolutionsAgainstItsDirectory) {
  const SolutionsPackage p;
  const JudgeRun run =
      run_judge({"run", "--no-sandbox", "--trust", "--trust"}, {p.package.root(), {}, ""});
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "\n== accepted/reference.py (expected AC)\n")) << run.out;
  EXPECT_TRUE(has(run.out, "\n== wrong_answer/claims_runner.py (expected WA)\n")) << run.out;
  EXPECT_TRUE(
      has(run.out, "  ok    accepted/reference.py          expected AC, got AC  (4 tests)\n"))
      << run.out;
  // Expected to fail: stopped at the first failure, as bt does.
  EXPECT_TRUE(
      has(run.out, "  ok    wrong_answer/claims_runner.py  expected WA, got WA  (1 test of 4)\n"))
      << run.out;
  EXPECT_TRUE(has(run.out, "All 2 submissions as expected.\n")) << run.out;
  EXPECT_TRUE(
      has(run.out,
          "not judged (no submission, a symbolic link, or outside a verdict directory): README.md"))
      << run.out;
  EXPECT_TRUE(has(run.out, "accepted/notes.txt")) << "named as not judged:\n" << run.out;
}

TEST(Run, ExpectOverridesTheDirectoryAndTheSummarySaysWhatWasExpected) {
  const SolutionsPackage p;
  const JudgeOptions inside{p.package.root(), {}, ""};
  const JudgeRun run = run_judge({"run", "solutions/wrong_answer", "testdata/sample", "--expect",
                                  "AC", "--no-sandbox", "--trust", "--trust"},
                                 inside);
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "NOT as expected: expected AC, got WA\n")) << run.out;

  // One submission given by path: its directory still says what it should get.
  const JudgeRun single = run_judge({"run", "solutions/wrong_answer/claims_runner.py",
                                     "testdata/sample", "--no-sandbox", "--trust", "--trust"},
                                    inside);
  EXPECT_EQ(single.status, 0) << single.out << single.err;
  EXPECT_TRUE(has(single.out, "As expected: expected WA, got WA\n")) << single.out;
  const JudgeRun forced =
      run_judge({"run", "solutions/accepted/reference.py", "testdata/sample", "--expect",
                 "wrong_answer", "--no-sandbox", "--trust", "--trust"},
                inside);
  EXPECT_EQ(forced.status, 1);
  EXPECT_TRUE(has(forced.out, "NOT as expected: expected WA, got AC\n")) << forced.out;
}

TEST(Run, ASubmissionThatFailsItsExpectationFailsTheRun) {
  ScratchPackage package;
  package.write("solutions/accepted/not_really.py", kClaimsRunnerAndStops);
  const JudgeRun run =
      run_judge({"run", "--no-sandbox", "--trust", "--trust"}, {package.root(), {}, ""});
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "  FAIL  accepted/not_really.py  expected AC, got WA  (4 tests)\n"))
      << run.out;
  EXPECT_TRUE(has(run.out, "1 of 1 submissions NOT as expected.\n")) << run.out;
}

TEST(Run, ACompileErrorIsAVerdictAndTheReportsAreStillWritten) {
  ScratchPackage package;
  const fs::path broken = package.write("solutions/accepted/broken.cpp", "int main() { return }\n");
  const fs::path json = package.outside() / "report.json", html = package.outside() / "report.html";
  const JudgeRun run = run_judge({"run", broken.string(), "--json", json.string(), "--html",
                                  html.string(), "--no-sandbox", "--trust", "--trust"},
                                 {package.root(), {}, ""});
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "Summary of broken.cpp: did not compile\n")) << run.out;
  EXPECT_TRUE(has(run.out, "Verdict: CE (expected AC, got CE)\n")) << run.out;
  EXPECT_TRUE(has(run.out, "error: expected")) << "the compiler's message:\n" << run.out;
  const nlohmann::json doc = nlohmann::json::parse(read_text(json));
  EXPECT_EQ(doc["verdict"], "CE");
  EXPECT_TRUE(has(doc["message"].get<std::string>(), "error: expected"));
  EXPECT_TRUE(doc["tests"].empty());
  EXPECT_TRUE(has(read_text(html), ">CE</span> did not compile")) << read_text(html);

  const JudgeRun expected =
      run_judge({"run", broken.string(), "--expect", "CE", "--no-sandbox", "--trust", "--trust"},
                {package.root(), {}, ""});
  EXPECT_EQ(expected.status, 0) << expected.out;
}

// Tests by name, as a setter says them: the start of a test's path under testdata/ without .in
// (sample/1), the start of its file name, or a glob of either.
TEST(Run, TestsCanBeNamedAsWellAsGivenAsPaths) {
  ScratchPackage package(3);
  package.write("solutions/accepted/reference.py", reference_python());
  const JudgeOptions inside{package.root(), {}, ""};
  JudgeRun run = run_judge({"run", "solutions/accepted/reference.py", "sample/1", "secret/*",
                            "--no-sandbox", "--trust", "--trust"},
                           inside);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "4 tests (4 AC)")) << run.out;
  run = run_judge({"run", "solutions/accepted/reference.py", "sample/2.in", "--no-sandbox",
                   "--trust", "--trust"},
                  inside);
  EXPECT_TRUE(has(run.out, "1 test (1 AC)")) << run.out;
  run = run_judge({"run", "solutions/accepted/reference.py", "secret/nothing-like-it"}, inside);
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(has(run.err,
                  "secret/nothing-like-it: no such test file or directory, and no test "
                  "under testdata/ is named so"))
      << run.err;
}

TEST(Run, EveryWordAfterTheSubmissionMustBeATest) {
  ScratchPackage package;
  const fs::path a = package.write("a.py", kClaimsRunnerAndStops);
  const fs::path b = package.write("b.py", kClaimsRunnerAndStops);
  const JudgeOptions inside{package.root(), {}, ""};
  JudgeRun run = run_judge({"run", "a.py", "b.py", "testdata/sample/1.in"}, inside);
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(has(run.err,
                  "judge run: b.py is not a test file (a test is a *.in file or a "
                  "directory of them)"))
      << run.err;
  EXPECT_FALSE(has(run.out, "line 1")) << "not judged as a test file: " << run.out;

  run =
      run_judge({"run", "testdata/sample/1.in", "a.py", "--", "/usr/bin/python3", "b.py"}, inside);
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(has(run.err,
                  "a.py is a submission, and -- COMMAND gives the submission too: give "
                  "one of them"))
      << run.err;

  run = run_judge({"run", "testdata/sample/1.in"}, inside);
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(has(run.err, "testdata/sample/1.in is a test file; give the SUBMISSION first"))
      << run.err;
  run = run_judge({"run", "a.py", "testdata/missing.in"}, inside);
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(has(run.err, "testdata/missing.in: no such test file or directory")) << run.err;
  run = run_judge({"run", "testdata"}, inside);
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(has(run.err, "testdata: no submissions in it (it holds test files")) << run.err;
}

TEST(Run, AnInvalidTestFileNamedOnTheLineIsAJudgeError) {
  ScratchPackage package;
  const fs::path a = package.write("a.py", kClaimsRunnerAndStops);
  const fs::path bad = package.write("bad.in", "10 0\nadversary adaptive 1\n");
  const JudgeRun run =
      run_judge({"run", a.string(), bad.string(), "--no-sandbox", "--trust", "--trust"},
                {package.root(), {}, ""});
  EXPECT_EQ(run.status, 3) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "Verdict: JE")) << run.out;
}

// A test file of gigabytes (here a sparse one) is refused after its first 16 MiB, at once and
// in little memory, naming the file and the limit; the first fault in a file is the one named.
TEST(Run, AHugeOrGarbledTestFileIsAJudgeErrorNamingTheFirstFault) {
  ScratchPackage package;
  const fs::path a = package.write("a.py", kClaimsRunnerAndStops);
  const fs::path huge = package.root() / "huge.in";
  package.write("huge.in", "2 0\nadversary adaptive 1\n");
  fs::resize_file(huge, std::uintmax_t{3} << 30);
  const fs::path garbled = package.write("garbled.in", "2 0\x01\nadversary");
  const JudgeRun run = run_judge({"run", a.string(), huge.string(), garbled.string(), "-a",
                                  "--no-sandbox", "--trust", "-j", "1"},
                                 {package.root(), {}, ""});
  EXPECT_EQ(run.status, 3) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "huge.in: the file is larger than 16 MiB")) << run.out;
  EXPECT_TRUE(has(run.out, "garbled.in:1: line 1: byte")) << run.out;
  // Reading 3 GiB took a minute and 1.5 GiB of memory; 16 MiB takes milliseconds. The
  // judge's own CPU and memory (not a busy machine's wall clock) tell which.
  EXPECT_LT(run.peak_kib, 512 * 1024) << "the judge's peak memory, KiB: the whole file was kept";
  EXPECT_LT(run.cpu_s, 2.0) << "the judge's CPU time: the whole file was read";
}

// limits.code is the size contest systems accept: a larger source is CE before anything of it
// is compiled or read, saying the size and the limit; within it, the same source is judged.
TEST(Run, ASourceOverLimitsCodeIsACompileErrorNamingBothSizes) {
  ScratchPackage package;
  std::string yaml = read_text(package.root() / "problem.yaml");
  yaml.replace(yaml.find("limits:\n"), 8, "limits:\n  code: 1\n");
  package.write("problem.yaml", yaml);
  const fs::path big = package.write("big.py", kClaimsRunnerAndStops + std::string(2500, '#'));
  JudgeRun run =
      run_judge({"run", big.string(), "testdata/sample/1.in", "--no-sandbox", "--trust", "--trust"},
                {package.root(), {}, ""});
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "Verdict: CE")) << run.out;
  EXPECT_TRUE(has(run.out,
                  "big.py: the source is 3 KiB, more than the 1 KiB that problem.yaml's "
                  "limits.code allows"))
      << run.out;
  yaml.replace(yaml.find("  code: 1\n"), 10, "  code: 4\n");
  package.write("problem.yaml", yaml);
  run = run_judge(
      {"run", big.string(), "testdata/sample/1.in", "--no-sandbox", "--trust", "--expect", "WA"},
      {package.root(), {}, ""});
  EXPECT_EQ(run.status, 0) << run.out << run.err;
}

// An executable is copied into every test's run: one larger than any contest program (here a
// sparse file of 300 MiB, which takes no disk until copied) is CE at once, saying its size and
// the bound, and nothing of it is copied (red team: 3 GiB written out for every test).
TEST(Run, AnExecutableLargerThanAnyContestProgramIsACompileErrorNotCopied) {
  ScratchPackage package;
  const fs::path huge = package.write("huge", "#!/bin/sh\necho Runner\n");
  fs::permissions(huge, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                            fs::perms::others_read | fs::perms::others_exec);
  fs::resize_file(huge, std::uintmax_t{300} << 20);
  const JudgeRun run = run_judge(
      {"run", huge.string(), "testdata/sample/1.in", "--no-sandbox", "--trust", "--trust"},
      {package.root(), {}, ""});
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "Verdict: CE")) << run.out;
  EXPECT_TRUE(has(run.out, "huge: an executable of 300 MiB, more than the 256 MiB")) << run.out;
  EXPECT_LT(run.cpu_s, 1.0) << "the judge's CPU time: the file was copied";
}

// `judge run > log`: each line is in the log the moment it is decided; the bar never is.
TEST(Run, LinesReachAFileAsTheyAreDecided) {
  ScratchPackage package(4);
  const fs::path slow = package.write("solutions/wrong_answer/slow.py", sleepy_claim(1.5));
  Process judge = start_judge(
      {"run", slow.string(), "-v", "-j", "1", "--all", "--no-sandbox", "--trust", "--trust"},
      {package.root(), {}, ""});
  bool seen_while_running = false;
  // Until the line comes or the judge has exited, however busy the machine: no fixed bound.
  while (judge.running()) {
    if (has(judge.out(), "[1/6] WA")) {
      seen_while_running = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  const bool still_running = judge.running();
  const int status = judge.wait();
  EXPECT_TRUE(seen_while_running && still_running)
      << "the first test's line was not in the log while the other five were judged";
  EXPECT_EQ(status, 0);
  const std::string log = judge.out();
  EXPECT_TRUE(has(log, "[6/6] WA")) << log;
  EXPECT_FALSE(has(log, "\r")) << "no progress bar in a log";
  EXPECT_FALSE(has(judge.err(), "\r")) << "no progress bar when stderr is no terminal";
}

// A contestant's file kept outside the package, judged from there: build/bin/judge finds the
// package it was built in (issue 29); before, "no package here".
TEST(Run, AFileKeptElsewhereIsJudgedWithTheJudgesOwnPackage) {
  const ScratchPackage package;
  const fs::path program = package.outside() / "mine.py";
  fs::copy_file(repository() / "solutions" / "accepted" / "reference.py", program);
  // --trust: what is judged here is where the package is found, wherever bwrap is.
  const JudgeRun run = run_judge({"run", program.string(), "--trust"}, {package.outside(), {}, ""});
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("(the package judge was built in)"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace entrapment::testing
