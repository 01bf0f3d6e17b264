// `judge verify`: every misjudged input file named with the validator's own message, stages
// and submissions to limit it, and its lines in a log as they are decided.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "scratch_package.hpp"
#include "tests/support/text.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

TEST(Verify, NamesEveryFileTheValidatorMisjudgedWithItsMessage) {
  ScratchPackage package;
  package.write("testdata/secret/too-many-rounds.in", "10 0\nadversary adaptive 1\n");
  package.write("testdata/secret/no-adversary.in", "3 0\n");
  package.write("testdata/invalid_input/actually-valid.in", "3 0\nadversary adaptive 1\n");
  const JudgeRun run = run_judge({"verify", "--only", "validate"}, {package.root(), {}, ""});
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_TRUE(
      has(run.out, "  FAIL  accepts testdata/sample and testdata/secret: 6 files, 2 wrong\n"))
      << run.out;
  EXPECT_TRUE(has(run.out, "        testdata/secret/no-adversary.in: rejected (exit 43): line 2: "))
      << run.out;
  EXPECT_TRUE(has(run.out,
                  "        testdata/secret/too-many-rounds.in: rejected (exit 43): line "
                  "1: R = 10 is outside 1..9"))
      << run.out;
  EXPECT_TRUE(has(run.out,
                  "        testdata/invalid_input/actually-valid.in: accepted (exit 42), "
                  "but it is invalid\n"))
      << run.out;
  EXPECT_FALSE(has(run.out, "more")) << "every file is named:\n" << run.out;
  EXPECT_TRUE(has(run.out, "verify: 2 FAILED\n")) << run.out;
}

TEST(Verify, OnlyTheStagesAndSubmissionsAskedFor) {
  ScratchPackage package;
  package.write("testdata/secret/broken.in", "not a test\n");  // the validator would fail it
  package.write("solutions/accepted/reference.py", reference_python());
  package.write("solutions/wrong_answer/claims_runner.py", kClaimsRunnerAndStops);
  const JudgeOptions inside{package.root(), {}, ""};

  // A path: that submission only, no other stage.
  JudgeRun run =
      run_judge({"verify", "solutions/wrong_answer/claims_runner.py", "--max-tests", "1"}, inside);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_FALSE(has(run.out, "input validator")) << run.out;
  EXPECT_FALSE(has(run.out, "reference.py")) << run.out;
  EXPECT_TRUE(has(run.out, "  ok    solutions/wrong_answer/claims_runner.py: expected WA, got WA"))
      << run.out;

  // Stages, comma-separated or repeated.
  run = run_judge({"verify", "--only", "validate,samples"}, inside);
  EXPECT_EQ(run.status, 1) << "broken.in fails validation:\n" << run.out;
  EXPECT_TRUE(has(run.out, "testdata/secret/broken.in: rejected (exit 43)")) << run.out;
  EXPECT_TRUE(has(run.out, "sample transcripts\n")) << run.out;
  EXPECT_FALSE(has(run.out, "submissions")) << run.out;
  fs::remove(package.root() / "testdata" / "secret" / "broken.in");
  run = run_judge({"verify", "--only", "submissions", "--only", "samples", "--max-tests", "1"},
                  inside);
  EXPECT_FALSE(has(run.out, "input validator")) << run.out;
  EXPECT_TRUE(has(run.out, "  ok    solutions/accepted/reference.py: expected AC, got AC"))
      << run.out;
  EXPECT_TRUE(has(run.out, "  ok    solutions/wrong_answer/claims_runner.py")) << run.out;
  EXPECT_EQ(run.status, 0) << run.out;

  run = run_judge({"verify", "--only", "nonsense"}, inside);
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(has(run.err, "--only")) << run.err;
  run = run_judge({"verify", "solutions/missing.py"}, inside);
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(has(run.err, "solutions/missing.py: no such submission file or directory"))
      << run.err;
}

// A sample's transcript is a few lines: one of gigabytes (a mistake, a sparse file) is named
// and left unread, not read whole into memory.
TEST(Verify, AHugeSampleTranscriptIsNamedUnread) {
  ScratchPackage package;
  const fs::path transcript =
      package.write("testdata/sample/1.interaction", "< Trapper\n");  // replaced below
  fs::resize_file(transcript, 3ull << 30);                            // sparse: no disk
  const JudgeRun run = run_judge({"verify", "--only", "samples"}, {package.root(), {}, ""});
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "testdata/sample/1.interaction: the file is larger than 16 MiB"))
      << run.out;
}

TEST(Verify, LinesReachALogAsTheyAreDecided) {
  ScratchPackage package;
  package.write("solutions/wrong_answer/first.py", kClaimsRunnerAndStops);
  package.write("solutions/wrong_answer/second.py", sleepy_claim(4));
  Process judge =
      start_judge({"verify", "--only", "submissions", "-j", "1"}, {package.root(), {}, ""});
  bool seen_while_running = false;
  // Until the line comes or the judge has exited, however busy the machine: no fixed bound.
  while (judge.running()) {
    if (has(judge.out(), "  ok    solutions/wrong_answer/first.py")) {
      seen_while_running = judge.running();
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_EQ(judge.wait(), 0) << judge.out() << judge.err();
  EXPECT_TRUE(seen_while_running) << "the first submission's line waited for the second";
  EXPECT_TRUE(has(judge.out(), "verify: OK\n"));
  EXPECT_FALSE(has(judge.err(), "\r")) << "no progress line when stderr is no terminal";
}

// Submissions compile ahead of their turn (while the one before is judged): the lines still come
// in the order of solutions/, and a compile error is still that submission's CE.
TEST(Verify, CompilingAheadKeepsTheOrderAndTheCompileErrors) {
  ScratchPackage package;
  package.write("solutions/accepted/reference.py", reference_python());
  package.write("solutions/wrong_answer/a_broken.cpp", "int main( {\n");
  package.write("solutions/wrong_answer/b_claims_runner.py", kClaimsRunnerAndStops);
  package.write("solutions/wrong_answer/c_broken.cpp", "int main() { return x; }\n");
  const JudgeRun run = run_judge({"verify", "--only", "submissions", "--max-tests", "2", "-j", "2"},
                                 {package.root(), {}, ""});
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  const std::size_t reference = run.out.find("  ok    solutions/accepted/reference.py");
  const std::size_t a =
      run.out.find("  FAIL  solutions/wrong_answer/a_broken.cpp: expected WA, got CE");
  const std::size_t b = run.out.find("  ok    solutions/wrong_answer/b_claims_runner.py");
  const std::size_t c =
      run.out.find("  FAIL  solutions/wrong_answer/c_broken.cpp: expected WA, got CE");
  ASSERT_NE(reference, std::string::npos) << run.out;
  ASSERT_NE(a, std::string::npos) << run.out;
  ASSERT_NE(b, std::string::npos) << run.out;
  ASSERT_NE(c, std::string::npos) << run.out;
  EXPECT_LT(reference, a) << run.out;
  EXPECT_LT(a, b) << run.out;
  EXPECT_LT(b, c) << run.out;
  EXPECT_TRUE(has(run.out, "verify: 2 FAILED\n")) << run.out;
}

// A failing verify leads somewhere: the end of the game that went wrong under the failing line,
// and the failing games drawn in an HTML report whose path it prints (a directory of its own).
TEST(Verify, AFailureShowsTheGameAndWritesTheReport) {
  ScratchPackage package;
  package.write("solutions/accepted/claims_runner.py", kClaimsRunnerAndStops);
  const JudgeRun run =
      run_judge({"verify", "--only", "submissions", "--no-color"}, {package.root(), {}, ""});
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "  FAIL  solutions/accepted/claims_runner.py: expected AC, got WA"))
      << run.out;
  EXPECT_TRUE(has(run.out, "(< judge to contestant, > contestant to judge):")) << run.out;
  EXPECT_TRUE(has(run.out, "          > Runner\n")) << run.out;
  const std::string marker = "the failing games, drawn round by round: ";
  const std::size_t at = run.out.find(marker);
  ASSERT_NE(at, std::string::npos) << run.out;
  const fs::path page =
      run.out.substr(at + marker.size(), run.out.find('\n', at) - at - marker.size());
  EXPECT_EQ(page.filename(), "report.html");
  EXPECT_TRUE(has(read_text(page), "claims_runner.py")) << page;
  std::error_code ignored;
  fs::remove_all(page.parent_path(), ignored);
  EXPECT_TRUE(has(run.out, "again, with every test: judge run solutions/accepted/claims_runner.py"))
      << run.out;
  EXPECT_FALSE(has(run.out, "\x1b[")) << "--no-color";
}

// The report goes to $TMPDIR; one that cannot be written (here: a file size limit of 4 KiB, too
// small for the page, which the judge's other files fit under) is said so, and takes its
// directory with it (it left an empty one behind).
TEST(Verify, AReportThatCannotBeWrittenLeavesNoDirectory) {
  ScratchPackage package;
  package.write("solutions/accepted/claims_runner.py", kClaimsRunnerAndStops);
  const TempDir tmpdir("entrapment-verify-tmpdir");
  ProcessOptions options{package.root(), {{"TMPDIR", tmpdir.path.c_str()}}, ""};
  // sh's ulimit -f counts 512-byte blocks; the soft limit only, which the box may raise for the
  // programs it runs. An ignored SIGXFSZ makes a write past the limit fail instead (EFBIG).
  JudgeRun run = run_judge({"verify", "--only", "submissions", "--no-color"}, options);
  ASSERT_TRUE(has(run.out, "the failing games, drawn round by round: " +
                               (tmpdir.path / "entrapment-verify-report-").string()))
      << "the report is not in $TMPDIR:\n"
      << run.out;
  for (const fs::directory_entry& entry : fs::directory_iterator(tmpdir.path))
    fs::remove_all(entry.path());
  ASSERT_TRUE(fs::is_empty(tmpdir.path));
  options.env.push_back({"ENTRAPMENT_ROOT", std::nullopt});
  run = run_process({"sh", "-c", "ulimit -S -f 8 && trap '' XFSZ && exec \"$0\" \"$@\"",
                     judge_binary().string(), "verify", "--only", "submissions", "--no-color"},
                    options);
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "  FAIL  solutions/accepted/claims_runner.py: expected AC, got WA"))
      << run.out;
  EXPECT_TRUE(has(run.out, "(no HTML report: ")) << run.out;
  std::vector<std::string> left;
  for (const fs::directory_entry& entry : fs::directory_iterator(tmpdir.path))
    left.push_back(entry.path().filename().string());
  EXPECT_EQ(left, std::vector<std::string>{}) << run.out;
}

// problemtools' rule: the slowest accepted test times ac_to_time_limit must fit under the time
// limit; verify says so, and warns (without failing) when it does not.
TEST(Verify, TheTimeLimitsMarginIsCheckedAgainstTheAcceptedSubmissions) {
  ScratchPackage package;
  package.write("solutions/accepted/reference.py", reference_python());
  JudgeRun run = run_judge({"verify", "--only", "submissions"}, {package.root(), {}, ""});
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  // The time limit is the package's (problem.yaml is the setter's to change: not pinned here).
  EXPECT_TRUE(has(run.out, "  ok    time limit margin: time limit ")) << run.out;
  EXPECT_TRUE(has(run.out, " s, slowest accepted test ")) << run.out;
  std::string yaml = read_text(package.root() / "problem.yaml");
  yaml += "  time_multipliers:\n    ac_to_time_limit: 100\n";
  package.write("problem.yaml", yaml);
  run =
      run_judge({"verify", "--only", "submissions", "--time-limit", "1"}, {package.root(), {}, ""});
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "  warn  time limit margin: time limit 1.000 s")) << run.out;
  EXPECT_TRUE(has(run.out, "x 100 (limits.time_multipliers.ac_to_time_limit)")) << run.out;
}

// -v says which limits are in force and how they are enforced, as `judge run -v` does; with
// --time-limit, the limit tried.
TEST(Verify, VerboseShowsTheLimitsInForce) {
  ScratchPackage package;
  JudgeRun run = run_judge({"verify", "-v", "--only", "validate", "--time-limit", "3"},
                           {package.root(), {}, ""});
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "  time limit 3 s of CPU time: the whole process tree")) << run.out;
  EXPECT_TRUE(has(run.out, "isolation: ")) << run.out;
  // verify's default is bwrap whenever it is usable, as root or not (issue 27): never off
  // because of the command line.
  EXPECT_TRUE(has(run.out, "sandbox: ")) << run.out;
  EXPECT_FALSE(has(run.out, "sandbox: off (--no-sandbox)")) << "verify's default:\n" << run.out;
  run = run_judge({"verify", "--only", "validate"}, {package.root(), {}, ""});
  EXPECT_FALSE(has(run.out, "isolation: ")) << "only with -v:\n" << run.out;
}

// Where the boxes count memory on a best-effort basis (rlimits), verify says so before it judges
// anything, in the box's words; where a control group counts it, it says nothing of it.
TEST(Verify, SaysBeforeItStartsWhenMemoryIsCountedOnABestEffortBasis) {
  ScratchPackage package;
  JudgeOptions rlimits{package.root(), {}, ""};
  rlimits.env = {{"ENTRAPMENT_LIMITS", "rlimit"}};
  JudgeRun run = run_judge({"verify", "--only", "validate"}, rlimits);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  const std::size_t note = run.out.find(
      "note: limits: rlimit (ENTRAPMENT_LIMITS=rlimit): memory is counted on a best-effort basis");
  EXPECT_NE(note, std::string::npos) << run.out;
  EXPECT_LT(note, run.out.find("input validator")) << "before judging starts:\n" << run.out;
  JudgeOptions control_groups{package.root(), {}, ""};
  control_groups.env = {{"ENTRAPMENT_LIMITS", "cgroup"}};
  run = run_judge({"verify", "--only", "validate"}, control_groups);
  if (run.status == 0) {
    EXPECT_FALSE(has(run.out, "best-effort")) << run.out;
  }
}

// --time-limit tries another limit without editing problem.yaml.
TEST(Run, TimeLimitOverridesProblemYaml) {
  ScratchPackage package;
  const std::string burns =
      "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.6:\n    "
      "pass\n" +
      reference_python();
  package.write("solutions/accepted/slow.py", burns);
  const JudgeOptions inside{package.root(), {}, ""};
  JudgeRun run =
      run_judge({"run", "solutions/accepted/slow.py", "sample/1", "--no-sandbox"}, inside);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  run = run_judge(
      {"run", "solutions/accepted/slow.py", "sample/1", "--no-sandbox", "--time-limit", "0.3"},
      inside);
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "TLE")) << run.out;
  run = run_judge({"run", "solutions/accepted/slow.py", "--time-limit", "0"}, inside);
  EXPECT_EQ(run.status, 2) << run.err;
  // Every comparison with NaN is false: CLI11's range took it, and judged every test TLE at
  // "nan s" (red team).
  for (const char* nan : {"nan", "NaN", "inf"}) {
    run = run_judge({"run", "solutions/accepted/slow.py", "--time-limit", nan}, inside);
    EXPECT_EQ(run.status, 2) << nan << ": " << run.out << run.err;
    EXPECT_TRUE(has(run.err, "--time-limit")) << nan << ": " << run.err;
  }
}

}  // namespace
}  // namespace entrapment::testing
