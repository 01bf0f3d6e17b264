// Results do not depend on the number of jobs: same verdicts, messages and transcripts in the
// same order for -j1 and -j2, also when stopping at the first failure.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>

#include "tests/support/runs.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

// Boards of 2 and 3 rounds: the "wrong-when-r3" player fails exactly on the 3-round ones.
std::vector<fs::path> write_tests(const fs::path& dir) {
  const char* boards[] = {"2 0", "3 6\n1 2 3 7 8 9", "2 1\n5", "3 2\n1 9",     "2 3\n1 5 9",
                          "3 0", "2 2\n2 8",         "3 1\n5", "2 4\n1 3 7 9", "3 3\n4 5 6"};
  std::vector<fs::path> files;
  int i = 0;
  for (const char* board : boards)
    for (const char* adversary : {"adaptive", "random"}) {
      fs::path file = dir / ("t" + std::to_string(10 + i++) + ".in");
      std::ofstream(file) << board << "\nadversary " << adversary << " " << i * 7 << "\n";
      files.push_back(file);
    }
  return files;
}

RunResult run(const std::vector<fs::path>& tests, const fs::path& base, int jobs, bool stop) {
  RunOptions options;
  options.jobs = jobs;
  options.sandbox = false;
  options.stop_at_first_failure = stop;
  std::size_t callbacks = 0;
  options.on_test_done = [&](const TestResult&) { ++callbacks; };
  RunResult result = judge_tests(player("wrong-when-r3"), tests, base, small_limits(), options);
  EXPECT_EQ(callbacks, stop ? callbacks : tests.size());
  return result;
}

void expect_same(const RunResult& a, const RunResult& b) {
  EXPECT_EQ(a.verdict, b.verdict);
  ASSERT_EQ(a.tests.size(), b.tests.size());
  for (std::size_t i = 0; i < a.tests.size(); ++i) {
    EXPECT_EQ(a.tests[i].name, b.tests[i].name);
    EXPECT_EQ(a.tests[i].verdict, b.tests[i].verdict) << a.tests[i].name;
    EXPECT_EQ(a.tests[i].message, b.tests[i].message) << a.tests[i].name;
    EXPECT_EQ(a.tests[i].game.to_json(), b.tests[i].game.to_json()) << a.tests[i].name;
  }
}

TEST(Determinism, SameResultsWhateverTheJobs) {
  TempDir dir("entrapment-test", 0755);
  const auto tests = collect_tests({dir.path});
  ASSERT_TRUE(tests.empty());
  write_tests(dir.path);
  const auto files = collect_tests({dir.path});
  ASSERT_EQ(files.size(), 20u);
  const RunResult one = run(files, dir.path, 1, false);
  const RunResult two = run(files, dir.path, 2, false);
  expect_same(one, two);
  EXPECT_EQ(one.verdict, Verdict::WA);
  EXPECT_EQ(one.tests[0].name, "t10.in");
  int accepted = 0;
  for (const TestResult& t : one.tests) accepted += t.verdict == Verdict::AC;
  EXPECT_EQ(accepted, 10);  // the 2-round boards
}

TEST(Determinism, StopAtFirstFailureIsTheFirstInTestOrder) {
  TempDir dir("entrapment-test", 0755);
  const auto files = write_tests(dir.path);
  const RunResult one = run(collect_tests({dir.path}), dir.path, 1, true);
  const RunResult two = run(collect_tests({dir.path}), dir.path, 2, true);
  expect_same(one, two);
  ASSERT_EQ(one.tests.size(), 3u);  // t10 t11 (2 0) AC, then t12 (3 6) fails first
  EXPECT_EQ(one.tests.back().name, "t12.in");
  EXPECT_EQ(one.tests.back().verdict, Verdict::WA);
}

TEST(Determinism, MissingTestPathIsNamed) {
  try {
    collect_tests({"/nonexistent/tests"});
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/tests"), std::string::npos);
  }
}

}  // namespace
}  // namespace entrapment::testing
