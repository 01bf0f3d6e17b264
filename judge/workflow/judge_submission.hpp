// Preparing and judging one submission, the step of the judging loop (judging_loop.hpp): the
// contestant's and the judge's failures become verdicts (CE with the compiler's message, JE
// with what could not be done), so that a report is always written.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "judging/judge_tests.hpp"
#include "submissions/submission.hpp"
#include "verdict/result.hpp"

namespace entrapment {

// Calls `prepare` (which compiles), then judges on `tests`, played by `module`.
// `options.stop_at_first_failure` is honoured and recorded. A SubmissionError from `prepare` (not a
// submission at all) is thrown on: it is a usage error, not a verdict.
RunResult judge_submission(const std::function<Submission()>& prepare, const std::string& name,
                           const Expectation& expected, const ProblemModule& module,
                           const std::vector<std::filesystem::path>& tests,
                           const std::filesystem::path& base, const BoxLimits& limits,
                           const RunOptions& options);

}  // namespace entrapment
