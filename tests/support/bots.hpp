// Contestant strategies for in-process tests, driven by the exact solver: an optimal player
// for either side and a greedy Runner (keeps the larger set) that good adversaries expose.
#pragma once

#include <memory>

#include "bot_channel.hpp"
#include "testcase/testcase.hpp"

namespace entrapment::testing {

enum class BotStyle { Optimal, GreedyRunner };

// A channel whose contestant plays `test`'s board: it reads the board from the judge's
// lines, claims the winning side and plays it in the given style.
std::unique_ptr<BotChannel> make_bot(BotStyle style);

}  // namespace entrapment::testing
