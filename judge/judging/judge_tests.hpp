// Judging a submission: each test spawns the contestant and plays the game through the
// problem's module in-process; tests run in parallel, results come back in test order and do
// not depend on the number of jobs.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "box/limits.hpp"
#include "contract/channel.hpp"
#include "contract/problem_module.hpp"
#include "package/problem_yaml.hpp"
#include "submissions/submission.hpp"
#include "verdict/result.hpp"

namespace entrapment {

// A test's limits from problem.yaml: CPU time limits.time_limit, the wall clock
// wall_limit_for() it, memory limits.memory.
BoxLimits limits_from(const ProblemConfig& problem);

struct RunOptions {
  int jobs = 0;  // 0: number of cores
  bool sandbox = true;
  // Stop at the first non-AC test in test order: the tests after it are not reported (tests
  // before it always are, so the result does not depend on the number of jobs).
  bool stop_at_first_failure = false;
  // Stop at the first test where the program waited, unflushed, until the wall-clock guard
  // (TestResult::unflushed), whatever is expected: each test would cost the whole guard.
  bool stop_at_unflushed = true;
  std::function<void(const TestResult&)> on_test_done;  // called serially, in completion order
};

// Files or directories (recursively, *.in), sorted by path; a missing path throws with its name.
std::vector<std::filesystem::path> collect_tests(const std::vector<std::filesystem::path>& paths);

// Lets a caller see the game while it is played (`judge play` prints it live): given the
// channel to the contestant and the record the module fills (its payload set before the first
// line), returns the channel the game is played through, which forwards to `pipe`.
using ChannelWrapper =
    std::function<std::unique_ptr<Channel>(Channel& pipe, const GameRecord& record)>;

// One game, played through `wrap(pipe, transcript)` when `wrap` is set. Never throws: a test
// file that cannot be read or a program that cannot be started is a JE with the reason.
// Verdict precedence (README, "Verdicts"): the judge's wrong answer given while the contestant
// was still talking wins; otherwise the contestant's TLE, MLE, RTE win over what the judge
// concluded from its ended output.
TestResult judge_test(const Submission& submission, const ProblemModule& module,
                      const PreparedTest& test, const std::string& name, const BoxLimits& limits,
                      bool sandbox, const ChannelWrapper& wrap = {});

// Each test file is read by `module` (a file that breaks its format is a JE naming the line).
RunResult judge_tests(const Submission& submission, const ProblemModule& module,
                      const std::vector<std::filesystem::path>& tests,
                      const std::filesystem::path& base /* names are relative to it */,
                      const BoxLimits& limits, const RunOptions& options);

}  // namespace entrapment
