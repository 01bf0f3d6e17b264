// No loss of strength, with real processes: every program under solutions/ that must be
// rejected (wrong_answer, time_limit_exceeded, run_time_error) is rejected by at least three
// contest tests (testdata/secret), each time with its directory's verdict, compiled and run
// by judge/judging exactly as `judge run` does. The contest set was chosen with the corpus's
// in-process models of these programs, so the models must stay faithful: a modelled program
// that fails fast (wrong_answer, run_time_error) runs on every contest test and must be
// rejected by exactly the tests its model is rejected by. A time_limit_exceeded program costs
// the wall-clock limit per rejection, so it stops after three, trying first the tests its
// model predicts (which must then reject it).
// What the judge says on these tests is what solutions/README.md's table says: the program's row
// as tools/solutions_table.py writes it from these results is the committed row (for a
// time_limit_exceeded program, which the table judges on a sample of the tests, its first
// rejecting test and the judge's message there).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>

#include "box/limits.hpp"
#include "judging/judge_tests.hpp"
#include "package/problem_yaml.hpp"
#include "problems/entrapment/corpus/play.hpp"
#include "problems/entrapment/module.hpp"
#include "report/json_report.hpp"
#include "submissions/submission.hpp"
#include "submissions/work_dir.hpp"
#include "tests/support/files.hpp"
#include "tests/support/param_name.hpp"
#include "tests/support/process.hpp"
#include "tests/support/repository.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

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

// solutions/README.md's row for `program`: its cells, the first being the program.
std::vector<std::string> table_row(const std::string& program) {
  return testing::table_row(testing::read_text(root() / "solutions" / "README.md"),
                            "`" + program + "`");
}

// The contest test a row names as the first to reject its program (cell 5, "`secret/X.in`").
std::optional<fs::path> first_rejecting_test(const std::vector<std::string>& row) {
  if (row.size() < 6 || row[5].size() < 3 || row[5].front() != '`') return std::nullopt;
  return root() / "testdata" / row[5].substr(1, row[5].size() - 2);
}

// The row tools/solutions_table.py writes for `program` from `judged` (as `judge run --json`
// would give them), against the committed `row`: every cell, or for a program the table judges
// on a sample of the tests, the first rejecting test and the message there.
void expect_the_table_says_what_the_judge_says(const std::string& program,
                                               const std::vector<std::string>& row,
                                               std::vector<TestResult> judged, bool sample) {
  const std::string rewrite =
      "run `python3 tools/solutions_table.py --only solutions/" + program + "`";
  ASSERT_GE(row.size(), 8u) << "solutions/README.md has no row for " << program << ": " << rewrite;
  std::sort(judged.begin(), judged.end(),
            [](const TestResult& a, const TestResult& b) { return a.name < b.name; });
  if (sample) {
    const std::string named = row[5].size() > 2 ? row[5].substr(1, row[5].size() - 2) : "";
    judged.erase(std::remove_if(judged.begin(), judged.end(),
                                [&](const TestResult& t) { return t.name != named; }),
                 judged.end());
  }
  RunResult run;
  run.submission = "solutions/" + program;
  run.tests = judged;
  run.verdict = overall_verdict(run.tests);
  const testing::TempDir scratch("entrapment-table-row");
  const std::string directory = program.substr(0, program.find('/'));
  const std::string json = directory + "__" + program.substr(program.find('/') + 1) + ".json";
  {
    std::ofstream out(scratch.path / json);
    report::write_json(out, run);
  }
  const fs::path table = scratch.path / "README.md";
  testing::write_text(table, testing::read_text(root() / "solutions" / "README.md"));
  const testing::ProcessResult tool = testing::run_process(
      {"python3", (root() / "tools" / "solutions_table.py").string(), "--from-json",
       scratch.path.string(), "--only", "solutions/" + program, "--output", table.string()});
  ASSERT_TRUE(tool.status == 0 || tool.status == 1) << tool.out << tool.err;
  const std::vector<std::string> now =
      testing::table_row(testing::read_text(table), "`" + program + "`");
  ASSERT_EQ(now.size(), row.size()) << tool.err;
  const char* const columns[] = {"submission",
                                 "expected",
                                 "verdict",
                                 "rejecting tests",
                                 "by verdict",
                                 "first rejecting test",
                                 "the judge's message there",
                                 "what is wrong"};
  for (std::size_t cell = 1; cell < row.size() && cell < 8; ++cell) {
    if (sample && cell != 5 && cell != 6) continue;
    EXPECT_EQ(row[cell], now[cell])
        << "solutions/README.md, " << program << ", " << columns[cell]
        << ": the table (first) is not what the judge says now (second): " << rewrite;
  }
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
  const bool slow = program.rfind("time_limit_exceeded/", 0) == 0;
  // A slow program plays the test the table names first, so that its message there is known
  // (whether a test was predicted is looked up, not read off its place in this order).
  const std::vector<std::string> row = table_row(program);
  if (const std::optional<fs::path> named = first_rejecting_test(row); slow && named) {
    const auto at = std::find(order.begin(), order.end(), *named);
    if (at != order.end()) std::rotate(order.begin(), at, at + 1);
  }

  const WorkDir work("strength");
  const Submission submission = prepare_submission(root() / "solutions" / program, work.path());
  const BoxLimits limits = limits_from(load_problem_yaml(root() / "problem.yaml"));
  const std::set<Verdict> expected = expected_verdicts(program);
  RunOptions options;
  options.jobs = 2;
  options.sandbox = false;  // the verdicts are the same; the limits hold without bwrap
  int rejected = 0;
  std::vector<TestResult> judged;
  for (std::size_t from = 0; from < order.size() && (!slow || rejected < kRejections);) {
    // Slow programs: the fewest tests that can still bring the count to three, two at a time.
    const std::size_t count =
        slow ? std::min<std::size_t>(order.size() - from, std::max(2, kRejections - rejected))
             : order.size();
    const std::vector<fs::path> batch(order.begin() + static_cast<std::ptrdiff_t>(from),
                                      order.begin() + static_cast<std::ptrdiff_t>(from + count));
    const RunResult run =
        judge_tests(submission, entrapment_module(), batch, root() / "testdata", limits, options);
    judged.insert(judged.end(), run.tests.begin(), run.tests.end());
    for (std::size_t i = 0; i < run.tests.size(); ++i) {
      const TestResult& t = run.tests[i];
      const bool was_predicted =
          std::find(predicted.begin(), predicted.end(), batch[i]) != predicted.end();
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
  expect_the_table_says_what_the_judge_says(program, row, judged, slow);
}

INSTANTIATE_TEST_SUITE_P(Solutions, RejectedProgram, ::testing::ValuesIn(rejected_programs()),
                         testing::ParamName());

}  // namespace
}  // namespace entrapment::corpus
