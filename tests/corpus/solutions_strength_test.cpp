// No loss of strength, with real processes: every program under solutions/ that must be
// rejected (wrong_answer, time_limit_exceeded, run_time_error) is rejected by at least three
// contest tests (testdata/secret), each time with its directory's verdict, compiled and run
// by judge/judging exactly as `judge run` does. The contest set was chosen with the corpus's
// in-process models of these programs, so the models must stay faithful: a modelled program
// that fails fast (wrong_answer, run_time_error) runs on every contest test and must be
// rejected by exactly the tests its model is rejected by. A time_limit_exceeded program costs
// the wall-clock limit per rejection, so it stops after three, trying first the tests its
// model predicts (which must then reject it).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>

#include "box/limits.hpp"
#include "corpus/play.hpp"
#include "judging/judge_tests.hpp"
#include "package/problem_yaml.hpp"
#include "submissions/submission.hpp"
#include "submissions/work_dir.hpp"
#include "tests/support/files.hpp"
#include "tests/support/param_name.hpp"
#include "tests/support/repository.hpp"

namespace entrapment::corpus {
namespace {

namespace fs = std::filesystem;

constexpr int kRejections = 3;

fs::path root() { return testing::repository(); }

// "wrong_answer/greedy_runner.cpp" for every program that must be rejected.
std::vector<std::string> rejected_programs() {
  std::vector<std::string> out;
  for (const char* dir : {"wrong_answer", "time_limit_exceeded", "run_time_error"}) {
    const fs::path folder = root() / "solutions" / dir;
    if (!fs::is_directory(folder)) continue;
    for (const fs::directory_entry& e : fs::directory_iterator(folder)) {
      const std::string ext = e.path().extension().string();
      if (e.is_regular_file() && (ext == ".cpp" || ext == ".py" || ext == ".c" || ext == ".java"))
        out.push_back(std::string(dir) + "/" + e.path().filename().string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::set<Verdict> expected_verdicts(const std::string& program) {
  if (program.rfind("wrong_answer/", 0) == 0) return {Verdict::WA};
  if (program.rfind("time_limit_exceeded/", 0) == 0) return {Verdict::TLE};
  return {Verdict::RTE, Verdict::MLE};  // run_time_error: a memory hog counts, as in the format
}

class RejectedProgram : public ::testing::TestWithParam<std::string> {};

TEST_P(RejectedProgram, IsRejectedByThreeContestTestsWithItsVerdict) {
  const std::string program = GetParam();
  std::vector<fs::path> contest;
  for (const fs::directory_entry& e : fs::directory_iterator(root() / "testdata" / "secret"))
    if (e.path().extension() == ".in") contest.push_back(e.path());
  std::sort(contest.begin(), contest.end());
  ASSERT_GE(contest.size(), static_cast<std::size_t>(kRejections));

  // The model's predictions, when the corpus models this program.
  const StrategyInfo* model = nullptr;
  for (const StrategyInfo& s : strategies())
    if (s.models == "solutions/" + program) model = &s;
  std::vector<fs::path> predicted, rest;
  for (const fs::path& test : contest) {
    const bool rejects =
        model && !play(parse_testcase(testing::read_text(test)), *model).accepted();
    (rejects ? predicted : rest).push_back(test);
  }
  if (model) {
    EXPECT_GE(predicted.size(), static_cast<std::size_t>(kRejections))
        << "the model " << model->name << " is rejected by only " << predicted.size()
        << " contest tests";
  }
  std::vector<fs::path> order = predicted;
  order.insert(order.end(), rest.begin(), rest.end());

  const WorkDir work("strength");
  const Submission submission = prepare_submission(root() / "solutions" / program, work.path());
  const BoxLimits limits = limits_from(load_problem_yaml(root() / "problem.yaml"));
  const std::set<Verdict> expected = expected_verdicts(program);
  const bool slow = program.rfind("time_limit_exceeded/", 0) == 0;
  RunOptions options;
  options.jobs = 2;
  options.sandbox = false;  // the verdicts are the same; the limits hold without bwrap
  int rejected = 0;
  for (std::size_t from = 0; from < order.size() && (!slow || rejected < kRejections);) {
    // Slow programs: the fewest tests that can still bring the count to three, two at a time.
    const std::size_t count =
        slow ? std::min<std::size_t>(order.size() - from, std::max(2, kRejections - rejected))
             : order.size();
    const std::vector<fs::path> batch(order.begin() + static_cast<std::ptrdiff_t>(from),
                                      order.begin() + static_cast<std::ptrdiff_t>(from + count));
    const RunResult run = judge_tests(submission, batch, root() / "testdata", limits, options);
    for (std::size_t i = 0; i < run.tests.size(); ++i) {
      const TestResult& t = run.tests[i];
      const bool was_predicted = from + i < predicted.size();
      if (t.verdict == Verdict::AC) {
        EXPECT_FALSE(was_predicted) << model->name << " says " << t.name << " rejects " << program
                                    << ", but the program was accepted: the model is unfaithful";
        continue;
      }
      ++rejected;
      EXPECT_TRUE(expected.count(t.verdict))
          << program << " on " << t.name << ": " << to_string(t.verdict) << " " << t.message;
      if (model && !slow) {
        EXPECT_TRUE(was_predicted)
            << program << " is rejected by " << t.name << " (" << t.message << "), but its model "
            << model->name << " is not: the model is unfaithful";
      }
    }
    from += count;
  }
  EXPECT_GE(rejected, kRejections) << program << " is rejected by only " << rejected << " of the "
                                   << contest.size() << " contest tests";
}

INSTANTIATE_TEST_SUITE_P(Solutions, RejectedProgram, ::testing::ValuesIn(rejected_programs()),
                         testing::ParamName());

}  // namespace
}  // namespace entrapment::corpus
