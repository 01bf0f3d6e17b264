// .interaction files (problem package format): one line per line of the game, '<' then what
// the judge sent, or '>' then what the contestant sent. Written from, and checked against,
// the module's own game, so a sample shows exactly what the interactor does.
#pragma once

#include <string>
#include <vector>

#include "contract/problem_module.hpp"

namespace entrapment {

struct PlayedSample {
  Outcome outcome;
  std::string interaction;  // the .interaction text of the game
};

// Plays `test` through `module` with a contestant that sends `contestant_lines`.
PlayedSample play_sample(const ProblemModule& module, const PreparedTest& test,
                         const std::vector<std::string>& contestant_lines);

}  // namespace entrapment
