#include "judging_loop.hpp"

#include <algorithm>
#include <future>

#include "compile_ahead.hpp"
#include "containment/isolation_policy.hpp"
#include "judge_submission.hpp"
#include "submissions/work_dir.hpp"

namespace entrapment {

namespace fs = std::filesystem;

RunOptions judging_options(const JudgingChoices& choices, const Expectation& expected) {
  RunOptions options;
  options.jobs = choices.jobs;
  options.sandbox = choices.sandbox;
  // A submission meant to fail has done so at its first failing test (BAPCtools does the
  // same), and any submission at its first test that waited, unflushed, for the wall-clock
  // guard (each test would cost as much).
  options.stop_at_first_failure =
      choices.first_failure || (!choices.all_tests && !expected.matches(Verdict::AC));
  options.stop_at_unflushed = !choices.all_tests;
  // One expected to exceed the time limit ends at its first test that does, and each test it
  // plays meanwhile on another core costs a whole time limit more of CPU for nothing (a TLE
  // submission judged with -j 2 spent 10 s of `judge verify`'s 33 s): it plays one test at a
  // time. Its verdict and its first failure are the same either way (the tests are judged in
  // order), and the wall clock too, as both tests of a pair take the time limit.
  if (options.stop_at_first_failure && expected.matches(Verdict::TLE) &&
      !expected.matches(Verdict::AC))
    options.jobs = 1;
  return options;
}

std::vector<RunResult> judge_submissions(const JudgingPlan& plan, JudgingReporter& reporter) {
  const WorkDir work("judging");
  std::vector<fs::path> sources;
  if (plan.command.empty())
    for (const SubmissionTarget& target : plan.submissions) sources.push_back(target.path);
  // A program that may not run where nothing isolates it is refused here, once, before anything
  // of any submission is compiled or judged (UntrustedProgram, which the command reports as a
  // usage error); each box's own check stays as the backstop, whose refusal would be a JE.
  for (const SubmissionTarget& target : plan.submissions)
    isolation_for_run(
        plan.command.empty() ? origin_of_source(target.path) : origin_of_command(plan.command),
        plan.choices.sandbox);
  // Submission k is prepared in work/k.
  CompileAhead compiling(sources, work.path(), plan.compile_ahead);
  std::vector<RunResult> results;
  for (const SubmissionTarget& target : plan.submissions) {
    std::future<Submission> prepared;
    if (plan.command.empty()) prepared = compiling.next();
    RunOptions options = judging_options(plan.choices, target.expected);
    options.on_test_done = [&reporter](const TestResult& result) { reporter.test_done(result); };
    reporter.started(target, options);
    const auto prepare = [&]() -> Submission {
      return plan.command.empty() ? prepared.get() : command_submission(plan.command);
    };
    try {
      results.push_back(judge_submission(prepare, target.name, target.expected, *plan.module,
                                         plan.tests, plan.base, plan.limits, options));
    } catch (const SubmissionError& e) {
      RunResult lost;
      lost.submission = target.name;
      lost.expected = target.expected;
      lost.verdict = Verdict::JE;
      lost.message = e.what();
      reporter.lost(target, lost);
      results.push_back(std::move(lost));
      continue;
    }
    reporter.finished(target, results.back());
  }
  return results;
}

}  // namespace entrapment
