// The one judging loop over submissions x tests, for `judge run` and `judge verify` alike: each
// submission is prepared (compiled, the next ones compiling meanwhile when asked), judged on
// every test, and stopped where its expectation says, while a JudgingReporter, which the
// command implements, prints what happens as it happens.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "box/limits.hpp"
#include "judging/judge_tests.hpp"
#include "submission_list.hpp"
#include "verdict/result.hpp"

namespace entrapment {

// What the command line chooses for every submission alike: `judge run` and `judge verify`
// take the same options for it (-j, --sandbox, --all, --first-failure).
struct JudgingChoices {
  int jobs = 1;  // tests at a time
  bool sandbox = true;
  // Where a submission stops (judging_options): by default a submission expected to fail at
  // its first failing test, and any at its first test that waited, unflushed, for the
  // wall-clock guard; `all_tests` judges every test, `first_failure` stops every submission
  // at its first failing test.
  bool all_tests = false;
  bool first_failure = false;
};

struct JudgingPlan {
  // The submissions, in the order they are judged. With `command`, one: command_target().
  std::vector<SubmissionTarget> submissions;
  std::vector<std::string> command;  // `-- COMMAND ARGS...`: the submission is this command
  // The problem whose games are played: the package's module (judge.yaml). Never null when
  // the loop runs.
  const ProblemModule* module = nullptr;
  std::vector<std::filesystem::path> tests;
  std::filesystem::path base;  // the tests are named relative to it (testdata/)
  BoxLimits limits;
  JudgingChoices choices;
  // How many submissions compile while one is judged (`judge verify`: a dozen compilations one
  // after the other were half of its time); 0: each is prepared when its turn comes.
  std::size_t compile_ahead = 0;
};

// What the loop tells the command, in this order for each submission: started, test_done for
// each test (one call at a time, in completion order), then finished or lost.
class JudgingReporter {
 public:
  virtual ~JudgingReporter() = default;
  // `target` is about to be judged with `options` (where it stops).
  virtual void started(const SubmissionTarget& target, const RunOptions& options) = 0;
  virtual void test_done(const TestResult& result) = 0;
  // Its result: a verdict, CE with the compiler's message, or JE with what could not be done.
  virtual void finished(const SubmissionTarget& target, const RunResult& result) = 0;
  // It is no submission after all (a file that went away or changed since it was chosen):
  // `lost` is a JE with the reason as its message. May throw to end the loop.
  virtual void lost(const SubmissionTarget& target, const RunResult& lost) = 0;
};

// How a submission expected to get `expected` is judged under `choices`: the jobs, the sandbox,
// where it stops (RunOptions' stop_at_*).
RunOptions judging_options(const JudgingChoices& choices, const Expectation& expected);

// Judges every submission of `plan` on its tests, reporting to `reporter`; the results in the
// order of `plan.submissions`, a lost one as its JE.
std::vector<RunResult> judge_submissions(const JudgingPlan& plan, JudgingReporter& reporter);

}  // namespace entrapment
