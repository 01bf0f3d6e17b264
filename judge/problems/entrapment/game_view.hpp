// Entrapment's games as the reports draw them (report/game_view.hpp).
#pragma once

#include "../../report/game_view.hpp"

namespace entrapment {

const report::GameView& entrapment_game_view();

}  // namespace entrapment
