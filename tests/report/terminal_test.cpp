// What `judge run` prints: the summary and the progress in each of its modes.
#include "report/terminal.hpp"

#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <thread>

#include "played_games.hpp"

namespace entrapment::report {
namespace {

std::string summary(const RunResult& run, bool color) {
  std::ostringstream out;
  print_summary(out, run, TerminalOptions{color, false, false});
  return out.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

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

TEST(Progress, VerboseIsOneWholeLinePerTestFromManyThreads) {
  const RunResult run = testing::mixed_run();
  constexpr int kThreads = 4, kPerThread = 50, kTotal = kThreads * kPerThread;
  std::ostringstream out;
  Progress progress(out, kTotal, TerminalOptions{false, true, true});
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int k = 0; k < kPerThread; ++k) progress.test_done(run.tests[(t + k) % 4]);
    });
  for (std::thread& thread : threads) thread.join();
  progress.finish();

  const std::vector<std::string> lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), static_cast<std::size_t>(kTotal));
  EXPECT_FALSE(has(out.str(), "\r")) << "verbose output is never redrawn";
  // "[ 12/200] WA   name  cpu 0.026 s  wall 0.052 s  mem 3.1 MiB  message". (No std::regex:
  // GCC 12 warns inside <regex> under the sanitizers.)
  std::set<int> indices;
  for (const std::string& line : lines) {
    const std::size_t slash = line.find("/200] ");
    ASSERT_TRUE(line.rfind("[", 0) == 0 && slash != std::string::npos) << line;
    indices.insert(std::stoi(line.substr(1, slash - 1)));
    const std::string rest = line.substr(slash + 6);
    EXPECT_TRUE(rest.rfind("AC   ", 0) == 0 || rest.rfind("WA   ", 0) == 0 ||
                rest.rfind("TLE  ", 0) == 0)
        << line;
    for (const char* field : {"  cpu ", " s  wall ", " s  mem ", " MiB  "})
      EXPECT_TRUE(has(rest, field)) << line;
  }
  EXPECT_EQ(indices.size(), static_cast<std::size_t>(kTotal)) << "every index exactly once";
  EXPECT_EQ(*indices.begin(), 1);
  EXPECT_EQ(*indices.rbegin(), kTotal);
  EXPECT_TRUE(
      has(out.str(),
          "] WA   secret/03-bad-proof.in  cpu 0.026 s  wall 0.052 s  mem 3.1 MiB  after round 2: "
          "invalid proof 5 4 7"))
      << out.str();
}

TEST(Progress, LiveRedrawsOneBarInPlace) {
  const RunResult run = testing::mixed_run();
  std::ostringstream out;
  Progress progress(out, run.tests.size(), TerminalOptions{false, false, true});
  for (const TestResult& test : run.tests) progress.test_done(test);
  progress.finish();
  progress.finish();  // idempotent
  const std::string text = out.str();
  EXPECT_EQ(std::count(text.begin(), text.end(), '\r'), 6) << "the empty bar, then one per test";
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1) << text;
  const std::string last = text.substr(text.rfind('\r'));
  EXPECT_TRUE(has(last, "[########################] 5/5  2 AC, 2 WA, 1 TLE")) << last;
}

TEST(Progress, PlainIsOneCharacterPerTest) {
  const RunResult run = testing::mixed_run();
  std::ostringstream out;
  Progress progress(out, run.tests.size(), TerminalOptions{false, false, false});
  for (const TestResult& test : run.tests) progress.test_done(test);
  progress.finish();
  EXPECT_EQ(out.str(), "..WTW [5/5]\n");
}

}  // namespace
}  // namespace entrapment::report
