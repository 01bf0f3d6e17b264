#include "judge_submission.hpp"

namespace entrapment {

RunResult judge_submission(const std::function<Submission()>& prepare, const std::string& name,
                           const Expectation& expected, const ProblemModule& module,
                           const std::vector<std::filesystem::path>& tests,
                           const std::filesystem::path& base, const BoxLimits& limits,
                           const RunOptions& options) {
  RunResult result;
  result.submission = name;
  result.expected = expected;
  result.tests_planned = tests.size();
  Submission submission;
  try {
    submission = prepare();
  } catch (const SubmissionError&) {
    throw;
  } catch (const CompileError& e) {
    result.verdict = Verdict::CE;
    result.message = e.what();
    return result;
  } catch (const std::exception& e) {
    result.verdict = Verdict::JE;
    result.message = std::string("cannot prepare the submission: ") + e.what();
    return result;
  }
  RunResult run = judge_tests(submission, module, tests, base, limits, options);
  result.verdict = run.verdict;
  result.tests = std::move(run.tests);
  result.stopped_early = result.tests.size() < tests.size();
  return result;
}

}  // namespace entrapment
