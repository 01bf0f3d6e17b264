// `judge play` for a problem whose module draws nothing at the terminal (any module but
// Entrapment's, whose boards play_command.cpp draws): the game's lines as they pass, "< " from
// the judge, "> " from the contestant, then the verdict. The contestant is a program or the
// person at the terminal typing raw lines.
#pragma once

#include "box/limits.hpp"
#include "contract/problem_module.hpp"
#include "submissions/submission.hpp"
#include "verdict/result.hpp"

namespace entrapment::cli {

// The person types the contestant's lines (Ctrl-D ends them). Returns the exit status.
int play_lines_person(const ProblemModule& module, const PreparedTest& test);

// `submission` plays, limited and timed as `judge run` does. Returns the exit status.
int play_lines_program(const ProblemModule& module, const PreparedTest& test,
                       const Submission& submission, const BoxLimits& limits, bool sandbox);

// How `judge play` ends a program's game, whatever the problem: the verdict, the judge's
// message and the program's CPU time, wall-clock time and memory.
void print_program_result(const TestResult& result);

}  // namespace entrapment::cli
