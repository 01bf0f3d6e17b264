// Entrapment's samples played through its module (generate/interaction_file.hpp): a game of
// `test` against the contestant's lines a sample gives (generators.yaml's `contestant:`), and
// a sample's .interaction replayed.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "../testcase/testcase.hpp"
#include "generate/interaction_file.hpp"

namespace entrapment {

// Plays `test` with a contestant that sends `contestant_lines`.
PlayedSample play_sample(const TestCase& test, const std::vector<std::string>& contestant_lines);

// Plays `interaction_text` (a .interaction transcript) against `test`: nothing when the game
// produces exactly that transcript; otherwise which line differs, what was expected and what
// the game did.
std::optional<std::string> replay_interaction(const TestCase& test,
                                              const std::string& interaction_text);

}  // namespace entrapment
