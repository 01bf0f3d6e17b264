// The game `judge play` plays, from its options: a test file (--test), or a board with an
// adversary and a seed (--board, --adversary, --seed), each mistake a PlaySetupError
// (workflow/terminal_game.hpp) named by the option that caused it.
#pragma once

#include <string>

#include "../testcase/testcase.hpp"

namespace entrapment {

// The game in the test file `file`.
TestCase test_from_file(const std::string& file);

// The board from --board, the adversary from --adversary and --seed, written as a test file
// and read back by the test-file parser: its checks and its messages, attributed to the option
// that caused them.
TestCase test_from_board(const std::string& board, const std::string& adversary,
                         const std::string& seed);

}  // namespace entrapment
