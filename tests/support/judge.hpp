// build/bin/judge run the way a user runs it, for the tests: in a working directory, with an
// environment and stdin bytes, on pipes or on a pseudo-terminal. ENTRAPMENT_ROOT is always
// unset first unless options.env sets it: each test chooses how the judge finds its package
// (--root, ENTRAPMENT_ROOT, or the working directory).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "process.hpp"

namespace entrapment::testing {

using JudgeOptions = ProcessOptions;
using JudgeRun = ProcessResult;

// build_program("judge").
std::filesystem::path judge_binary();

// `judge ARGS...` to its end.
JudgeRun run_judge(const std::vector<std::string>& args, const JudgeOptions& options = {});

// `judge ARGS...` started; the caller polls, signals and waits.
Process start_judge(const std::vector<std::string>& args, const JudgeOptions& options = {});

// `judge ARGS...` on a pseudo-terminal, options.input typed into it (run_on_terminal).
JudgeRun run_judge_on_terminal(const std::vector<std::string>& args,
                               const JudgeOptions& options = {});

}  // namespace entrapment::testing
