// `judge play` for a problem whose module draws nothing at the terminal (any module but
// Entrapment's, whose boards play_command.cpp draws): the game's lines as they pass, "< " from
// the judge, "> " from the contestant, then the verdict. The contestant is a program or the
// person at the terminal typing raw lines.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "box/limits.hpp"
#include "contract/problem_module.hpp"
#include "submissions/submission.hpp"
#include "submissions/work_dir.hpp"
#include "verdict/result.hpp"

namespace entrapment::cli {

// The submission `judge play` plays: SUBMISSION (`words`, compiled in `work`) or `command`;
// nothing when it could not be prepared, with the exit status in `status` (a compile error is
// the contestant's, CE, and printed). Throws SetupError for what is no submission at all.
std::optional<Submission> prepare_for_play(const std::vector<std::string>& words,
                                           const std::vector<std::string>& command, bool sandbox,
                                           std::optional<WorkDir>& work, int& status);

// The person types the contestant's lines (Ctrl-D ends them). Returns the exit status.
int play_lines_person(const ProblemModule& module, const PreparedTest& test);

// `submission` plays, limited and timed as `judge run` does. Returns the exit status.
int play_lines_program(const ProblemModule& module, const PreparedTest& test,
                       const Submission& submission, const BoxLimits& limits, bool sandbox);

// How `judge play` ends a program's game, whatever the problem: the verdict, the judge's
// message and the program's CPU time, wall-clock time and memory.
void print_program_result(const TestResult& result);

}  // namespace entrapment::cli
