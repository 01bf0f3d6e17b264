// `judge run` and `judge verify` judge through one loop (workflow/judging_loop.hpp): the loop
// itself, with a reporter that records what it is told, and an option both commands take from
// it (--all, --first-failure), each seen to work on both.
#include "workflow/judging_loop.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "box/limits.hpp"
#include "package/problem_modules.hpp"
#include "package/problem_yaml.hpp"
#include "scratch_package.hpp"
#include "tests/support/text.hpp"
#include "workflow/judged_tests.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

// Writes down every call, in order: "started NAME", "test", "finished NAME VERDICT TESTS",
// "lost NAME".
class RecordingReporter : public JudgingReporter {
 public:
  void started(const SubmissionTarget& target, const RunOptions& options) override {
    calls.push_back("started " + target.name);
    stops.push_back(options.stop_at_first_failure);
  }
  void test_done(const TestResult&) override { calls.push_back("test"); }
  void finished(const SubmissionTarget& target, const RunResult& result) override {
    calls.push_back("finished " + target.name + " " + to_string(result.verdict) + " " +
                    std::to_string(result.tests.size()));
  }
  void lost(const SubmissionTarget& target, const RunResult& lost) override {
    calls.push_back("lost " + target.name + " " + to_string(lost.verdict));
  }

  std::vector<std::string> calls;
  std::vector<bool> stops;  // stop_at_first_failure, per submission
};

// The scratch package's 4 tests (2 samples, 2 secret), and three submissions: one accepted,
// one expected and getting WA on every test, one that is gone by the time it is judged.
struct LoopPackage {
  LoopPackage() {
    const fs::path accepted = package.write("solutions/accepted/reference.py", reference_python());
    const fs::path wrong =
        package.write("solutions/wrong_answer/claims_runner.py", kClaimsRunnerAndStops);
    plan.submissions = {
        {accepted, "reference", Expectation{}},
        {package.root() / "solutions" / "accepted" / "gone.py", "gone", Expectation{}},
        {wrong, "claims_runner", Expectation{}}};
    EXPECT_TRUE(parse_expectation("WA", plan.submissions[2].expected));
    plan.module = &package_problem_module(package.root());
    plan.tests = judged_tests(package.root(), false);
    plan.base = package.root() / "testdata";
    plan.limits = limits_from(load_problem_yaml(package.root() / "problem.yaml"));
    plan.choices.jobs = 2;
    plan.choices.sandbox = false;
  }
  ScratchPackage package;
  JudgingPlan plan;
};

std::vector<std::string> repeated(const std::string& call, int times) {
  return std::vector<std::string>(times, call);
}

std::vector<std::string> joined(std::vector<std::vector<std::string>> parts) {
  std::vector<std::string> all;
  for (const auto& part : parts) all.insert(all.end(), part.begin(), part.end());
  return all;
}

TEST(JudgingLoop, ReportsEachSubmissionInTurnAndStopsWhereItsExpectationSays) {
  LoopPackage p;
  ASSERT_EQ(p.plan.tests.size(), 4u);
  p.plan.compile_ahead = 2;  // as judge verify does: the order and the results stay the same
  p.plan.choices.jobs = 1;   // one test at a time: none is started after the first failure
  RecordingReporter reporter;
  const std::vector<RunResult> results = judge_submissions(p.plan, reporter);
  EXPECT_EQ(reporter.calls, joined({{"started reference"},
                                    repeated("test", 4),
                                    {"finished reference AC 4"},
                                    {"started gone", "lost gone JE"},
                                    {"started claims_runner"},
                                    repeated("test", 1),
                                    {"finished claims_runner WA 1"}}));
  EXPECT_EQ(reporter.stops, (std::vector<bool>{false, false, true}));
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(results[0].submission, "reference");
  EXPECT_EQ(results[1].verdict, Verdict::JE);
  EXPECT_TRUE(has(results[1].message, "gone.py")) << results[1].message;
  EXPECT_EQ(results[2].verdict, Verdict::WA);
  EXPECT_TRUE(results[2].stopped_early);
}

TEST(JudgingLoop, AllTestsAndFirstFailureOverrideTheExpectation) {
  LoopPackage p;
  p.plan.submissions = {p.plan.submissions[2]};  // expected WA, WA on every test
  p.plan.choices.all_tests = true;
  RecordingReporter every;
  EXPECT_EQ(judge_submissions(p.plan, every).at(0).tests.size(), 4u);
  EXPECT_EQ(every.stops, std::vector<bool>{false});

  // Expected AC, WA on every test: stopped at the first only when asked.
  p.plan.submissions[0].expected = Expectation{};
  p.plan.choices.all_tests = false;
  RecordingReporter plain;
  EXPECT_EQ(judge_submissions(p.plan, plain).at(0).tests.size(), 4u);
  p.plan.choices.first_failure = true;
  RecordingReporter first;
  EXPECT_EQ(judge_submissions(p.plan, first).at(0).tests.size(), 1u);
  EXPECT_EQ(first.stops, std::vector<bool>{true});
}

// The same options reach the loop from both commands: a submission expected to fail stops at
// its first failing test unless --all; one expected to pass stops there with --first-failure.
// A submission expected to exceed the time limit stops at its first TLE: a second test at the
// same time would only burn another time limit of CPU. Every other keeps its jobs, and so does
// one judged on every test.
TEST(JudgingLoop, OneExpectedToTimeOutPlaysOneTestAtATime) {
  JudgingChoices choices;
  choices.jobs = 4;
  Expectation tle, rejected, accepted, wrong;
  ASSERT_TRUE(parse_expectation("TLE", tle));
  ASSERT_TRUE(parse_expectation("rejected", rejected));
  ASSERT_TRUE(parse_expectation("AC", accepted));
  ASSERT_TRUE(parse_expectation("WA", wrong));
  EXPECT_EQ(judging_options(choices, tle).jobs, 1);
  EXPECT_EQ(judging_options(choices, rejected).jobs, 1);
  EXPECT_EQ(judging_options(choices, accepted).jobs, 4);
  EXPECT_EQ(judging_options(choices, wrong).jobs, 4);
  choices.all_tests = true;
  EXPECT_EQ(judging_options(choices, tle).jobs, 4) << "--all judges every test anyway";
}

TEST(JudgingLoop, RunAndVerifyBothHonourAllAndFirstFailure) {
  ScratchPackage package;
  package.write("solutions/wrong_answer/claims_runner.py", kClaimsRunnerAndStops);
  package.write("solutions/accepted/not_really.py", kClaimsRunnerAndStops);
  const JudgeOptions inside{package.root(), {}, ""};
  const auto run = [&](const std::string& submission, const std::string& option) {
    std::vector<std::string> args = {"run", "--no-sandbox", "--no-color", submission};
    if (!option.empty()) args.push_back(option);
    return run_judge(args, inside);
  };
  const auto verify = [&](const std::string& submission, const std::string& option) {
    std::vector<std::string> args = {"verify", "--no-color", submission};
    if (!option.empty()) args.push_back(option);
    return run_judge(args, inside);
  };
  const std::string wrong = "solutions/wrong_answer/claims_runner.py";
  const std::string accepted = "solutions/accepted/not_really.py";

  const std::string one = ": 1 test (1 WA), stopped at the first failure of 4\n";
  const std::string four = ": 4 tests (4 WA)\n";
  JudgeRun r = run(wrong, "");
  EXPECT_TRUE(has(r.out, one)) << r.out << r.err;
  r = run(wrong, "--all");
  EXPECT_TRUE(has(r.out, four)) << r.out << r.err;
  r = run(accepted, "");
  EXPECT_TRUE(has(r.out, four)) << r.out << r.err;
  r = run(accepted, "--first-failure");
  EXPECT_TRUE(has(r.out, one)) << r.out << r.err;

  JudgeRun v = verify(wrong, "");
  EXPECT_TRUE(has(v.out, "expected WA, got WA, 1 of 4 tests, up to its first failing test,"))
      << v.out << v.err;
  v = verify(wrong, "--all");
  EXPECT_TRUE(has(v.out, "expected WA, got WA, 4 tests,")) << v.out << v.err;
  v = verify(accepted, "");
  EXPECT_TRUE(has(v.out, "expected AC, got WA, 4 tests,")) << v.out << v.err;
  v = verify(accepted, "--first-failure");
  EXPECT_TRUE(has(v.out, "expected AC, got WA, 1 of 4 tests, up to its first failing test,"))
      << v.out << v.err;
}

}  // namespace
}  // namespace entrapment::testing
