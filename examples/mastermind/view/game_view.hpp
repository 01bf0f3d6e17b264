// Master-Mind's games in the HTML report (judge/report/game_view.hpp): the code's shape and the
// judge's side as facts, and each guess drawn as coloured pegs beside its answer.
#pragma once

#include "report/game_view.hpp"

namespace mastermind {

const entrapment::report::GameView& mastermind_game_view();

}  // namespace mastermind
