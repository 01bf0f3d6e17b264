// `judge play` for a problem whose module has no terminal game of its own
// (workflow/terminal_game.hpp): the game's lines as they pass, "< " from the judge, "> " from
// the contestant, then the verdict. The contestant is a program or the person at the terminal
// typing raw lines. And what every game of `judge play` shares: the submission prepared, a
// program's game played, its result printed, the exit status.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "box/limits.hpp"
#include "contract/problem_module.hpp"
#include "submissions/submission.hpp"
#include "submissions/work_dir.hpp"
#include "verdict/result.hpp"
#include "workflow/terminal_game.hpp"

namespace entrapment::cli {

// The submission `judge play` plays: SUBMISSION (`words`, compiled in `work`) or `command`;
// nothing when it could not be prepared, with the exit status in `status` (a compile error is
// the contestant's, CE, and printed). Throws PlaySetupError for what is no submission at all.
std::optional<Submission> prepare_for_play(const std::vector<std::string>& words,
                                           const std::vector<std::string>& command, bool sandbox,
                                           std::optional<WorkDir>& work, int& status);

// The person types the contestant's lines (Ctrl-D ends them). Returns the exit status.
int play_lines_person(const ProblemModule& module, const PreparedTest& test);

// `submission` plays, limited and timed as `judge run` does. Returns the exit status.
int play_lines_program(const ProblemModule& module, const PreparedTest& test,
                       const Submission& submission, const BoxLimits& limits, bool sandbox);

// `submission` plays `test`, limited and timed as `judge run` does, shown by `shown`; then the
// verdict, the judge's message and the program's CPU time, wall-clock time and memory. Returns
// the exit status.
int play_shown_program(const ProblemModule& module, const PreparedTest& test,
                       const Submission& submission, const BoxLimits& limits, bool sandbox,
                       ShownGame& shown);

// The exit status of a game a person played: 0 AC, 3 JE, 1 otherwise.
int exit_status_of(const Outcome& outcome);

}  // namespace entrapment::cli
