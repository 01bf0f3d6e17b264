// What `judge run` prints: the summary and the progress in each of its modes.
#include "report/terminal.hpp"

#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "played_games.hpp"
#include "support/parallel_for.hpp"
#include "tests/support/text.hpp"

namespace entrapment::report {
namespace {

std::string summary(const RunResult& run, bool color) {
  std::ostringstream out;
  print_summary(out, run, TerminalOptions{color, false});
  return out.str();
}

using testing::has;
using testing::lines_of;
TEST(Summary, NamesCountsVerdictSlowestAndFirstFailure) {
  const std::string text = summary(testing::mixed_run(), false);
  EXPECT_TRUE(has(text, "5 tests (2 AC, 2 WA, 1 TLE)")) << text;
  EXPECT_TRUE(has(text, "Verdict: WA\n")) << text;
  EXPECT_TRUE(has(text, "Slowest: secret/04-timeout.in  wall 10.00 s")) << text;
  EXPECT_TRUE(has(text, "First failing test: secret/03-bad-proof.in (WA)\n")) << text;
  EXPECT_TRUE(has(text, "\n  after round 2: invalid proof 5 4 7: round 2: the move 4 -> 7"))
      << text;
  EXPECT_FALSE(has(text, "\033")) << "colours were off";
}

TEST(Summary, ShowsTheTranscriptTailMarkedLikeInteractionFiles) {
  const std::vector<std::string> lines = lines_of(summary(testing::mixed_run(), false));
  const auto header = std::find_if(lines.begin(), lines.end(), [](const std::string& l) {
    return has(l, "Transcript, last 12 of 14 lines");
  });
  ASSERT_NE(header, lines.end()) << "no transcript tail";
  const std::vector<std::string> tail(header + 1, lines.end());
  ASSERT_EQ(tail.size(), 12u);
  // Sample 2's second round, then the bad proof and the judge's -1.
  EXPECT_EQ(tail[tail.size() - 3], "    > Free");
  EXPECT_EQ(tail[tail.size() - 2], "    > 5 4 7");
  EXPECT_EQ(tail[tail.size() - 1], "    < -1");
  EXPECT_TRUE(std::find(tail.begin(), tail.end(), "    < 4 6 7 8") != tail.end());
}

TEST(Summary, AllAcceptedAndHostileText) {
  RunResult run;
  run.submission = "ok.cpp";
  run.tests = {testing::sample_runner_accepted("a.in"), testing::sample_trapper_accepted("b.in")};
  std::string text = summary(run, false);
  EXPECT_TRUE(has(text, "All tests accepted.")) << text;
  EXPECT_FALSE(has(text, "First failing")) << text;

  run.tests.push_back(testing::wrong_claim(testing::hostile_text(), testing::hostile_text()));
  run.verdict = overall_verdict(run.tests);
  text = summary(run, false);
  EXPECT_TRUE(has(text, "First failing test: <script>")) << text;
  EXPECT_FALSE(has(text, "\033")) << "the contestant's escape sequence reached the terminal";
  EXPECT_FALSE(has(text, std::string(1, '\0')));
  EXPECT_FALSE(has(text, "\xff"));
  EXPECT_TRUE(has(text, "\\x1B[31m"));

  EXPECT_TRUE(has(summary(run, true), "\033[31mWA\033[0m")) << "colours were on";
}

// `count` results cycling through the mixed run's five, numbered in test order.
std::vector<TestResult> numbered(std::size_t count) {
  const RunResult run = testing::mixed_run();
  std::vector<TestResult> out;
  for (std::size_t i = 0; i < count; ++i) {
    out.push_back(run.tests[i % run.tests.size()]);
    out.back().index = i;
  }
  return out;
}

TEST(Progress, VerboseLinesComeInTestOrderWhateverOrderTheyFinishIn) {
  constexpr int kThreads = 4, kTotal = 200;
  const std::vector<TestResult> tests = numbered(kTotal);
  std::ostringstream out;
  Progress progress(out, kTotal, TerminalOptions{false, true});
  // Each thread finishes its share from the end backwards: test 1 is decided last of all.
  parallel_for(kThreads, kThreads, [&](std::size_t share, int) {
    for (int i = kTotal - 1 - static_cast<int>(share); i >= 0; i -= kThreads)
      progress.test_done(tests[i]);
  });
  progress.finish();

  const std::vector<std::string> lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), static_cast<std::size_t>(kTotal));
  EXPECT_FALSE(has(out.str(), "\r")) << "stdout is never redrawn";
  // "[ 12/200] WA   name  cpu 0.026 s  wall 0.052 s  mem 3.1 MiB  message". (No std::regex:
  // GCC 12 warns inside <regex> under the sanitizers.)
  for (int i = 0; i < kTotal; ++i) {
    const std::string& line = lines[i];
    std::string index = std::to_string(i + 1);
    index.insert(0, 3 - index.size(), ' ');
    ASSERT_EQ(line.rfind("[" + index + "/200] ", 0), 0u) << line;
    const std::string rest = line.substr(10);
    EXPECT_TRUE(rest.rfind("AC   ", 0) == 0 || rest.rfind("WA   ", 0) == 0 ||
                rest.rfind("TLE  ", 0) == 0)
        << line;
    for (const char* field : {"  cpu ", " s  wall ", " s  mem ", " MiB"})
      EXPECT_TRUE(has(rest, field)) << line;
  }
  EXPECT_TRUE(has(out.str(),
                  "[  3/200] WA   secret/03-bad-proof.in  cpu 0.026 s  wall 0.052 s  mem 3.1 MiB  "
                  "after round 2: invalid proof 5 4 7"))
      << out.str();
}

TEST(Progress, WithoutVerboseOnlyFailingTestsGetALineEachAsSoonAsItIsDecided) {
  const std::vector<TestResult> tests = numbered(5);  // AC AC WA TLE WA
  std::ostringstream out;
  Progress progress(out, 5, TerminalOptions{false, false});
  progress.test_done(tests[2]);
  EXPECT_EQ(out.str(), "") << "test 3 waits for tests 1 and 2";
  progress.test_done(tests[0]);
  progress.test_done(tests[1]);
  EXPECT_EQ(lines_of(out.str()).size(), 1u) << out.str();
  EXPECT_EQ(out.str().rfind("[3/5] WA   secret/03-bad-proof.in", 0), 0u) << out.str();
  progress.test_done(tests[4]);
  progress.test_done(tests[3]);
  progress.finish();
  const std::vector<std::string> lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), 3u) << out.str();
  EXPECT_EQ(lines[1].rfind("[4/5] TLE ", 0), 0u) << lines[1];
  EXPECT_EQ(lines[2].rfind("[5/5] WA  ", 0), 0u) << lines[2];
}

TEST(Progress, StopsAtTheFirstFailureWhenTheRunDoes) {
  const std::vector<TestResult> tests = numbered(5);
  std::ostringstream out;
  Progress progress(out, 5, TerminalOptions{false, true}, nullptr, /*stop_at_first_failure=*/true);
  for (const TestResult& test : tests) progress.test_done(test);
  progress.finish();
  const std::vector<std::string> lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), 3u) << out.str();
  EXPECT_EQ(lines[2].rfind("[3/5] WA", 0), 0u) << lines[2];
}

TEST(Progress, TheBarIsRedrawnInPlaceOnItsOwnStreamAndClearedBeforeEachLine) {
  const std::vector<TestResult> tests = numbered(5);
  std::ostringstream out, bar;
  Progress progress(out, 5, TerminalOptions{false, false}, &bar);
  for (const TestResult& test : tests) progress.test_done(test);
  progress.finish();
  progress.finish();  // idempotent
  EXPECT_FALSE(has(out.str(), "\r")) << "the lines stay clean for a log";
  EXPECT_FALSE(has(out.str(), "####")) << "the bar never reaches the lines";
  const std::string text = bar.str();
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 0) << "redrawn, never scrolled";
  EXPECT_TRUE(has(text, "[########################] 5/5  2 AC, 2 WA, 1 TLE")) << text;
  // The empty bar, one per test, a clear before each of the three failing lines, the end.
  EXPECT_EQ(std::count(text.begin(), text.end(), '\r'), 1 + 5 + 3 + 1) << text;
  EXPECT_EQ(text.substr(text.size() - 4), "\r\033[K") << "cleared at the end";
}

TEST(Summary, CompileErrorShowsTheCompilersMessage) {
  RunResult run;
  run.submission = "broken.cpp";
  run.verdict = Verdict::CE;
  run.message = "broken.cpp: compile error:\nbroken.cpp:3:1: error: expected ';'\n";
  const std::string text = summary(run, false);
  EXPECT_TRUE(has(text, "Summary of broken.cpp: did not compile\n")) << text;
  EXPECT_TRUE(has(text, "Verdict: CE (expected AC, got CE)\n")) << text;
  EXPECT_TRUE(has(text, "  broken.cpp:3:1: error: expected ';'\n")) << text;
}

TEST(Summary, SaysWhatWasExpectedAndWhatCame) {
  RunResult run = testing::mixed_run();
  run.expected.verdicts = {Verdict::WA};
  EXPECT_TRUE(has(summary(run, false), "As expected: expected WA, got WA\n"));
  run.expected.verdicts = {Verdict::TLE, Verdict::RTE};
  EXPECT_TRUE(has(summary(run, false), "NOT as expected: expected TLE or RTE, got WA\n"));
}

TEST(SubmissionTable, OneLinePerSubmissionAndTheCountNotAsExpected) {
  RunResult good = testing::mixed_run(), bad = testing::mixed_run(), broken;
  good.submission = "wrong_answer/a.cpp";
  good.expected.verdicts = {Verdict::WA};
  bad.submission = "accepted/b.cpp";
  broken.submission = "accepted/c.cpp";
  broken.verdict = Verdict::CE;
  std::ostringstream out;
  print_submission_table(out, {good, bad, broken}, TerminalOptions{});
  const std::vector<std::string> lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), 5u) << out.str();
  EXPECT_EQ(lines[1], "  ok    wrong_answer/a.cpp  expected WA, got WA  (5 tests)");
  EXPECT_EQ(lines[2], "  FAIL  accepted/b.cpp      expected AC, got WA  (5 tests)");
  EXPECT_EQ(lines[3], "  FAIL  accepted/c.cpp      expected AC, got CE  (did not compile)");
  EXPECT_EQ(lines[4], "2 of 3 submissions NOT as expected.");
}

}  // namespace
}  // namespace entrapment::report
