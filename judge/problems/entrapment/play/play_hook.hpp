// Entrapment at the terminal (`judge play`), behind the toolkit's hook
// (workflow/terminal_game.hpp): a game from a test file or from --board, --adversary and
// --seed; its boards drawn as the game goes; a person prompted for each move. Registered
// beside its module (problems/built_in.cpp).
#pragma once

#include "workflow/terminal_game.hpp"

namespace entrapment {

const TerminalGame& entrapment_terminal_game();

}  // namespace entrapment
