// The judging core: plays one game of Entrapment against a contestant through a Channel and
// decides whether the contestant proved its claim. Every transport (the contest-system
// interactor, the testlib build, judge/judging) calls this and nothing else.
// C++17, standard library only.
#pragma once

#include <string>

#include "../testcase/testcase.hpp"
#include "contract/channel.hpp"
#include "contract/outcome.hpp"
#include "transcript.hpp"

namespace entrapment {

// Plays the game described by `test`. Never throws; never reads after the outcome is known
// (after a protocol violation it sends -1 and returns). `transcript` receives the game.
Outcome interact(const TestCase& test, Channel& channel, Transcript& transcript);

}  // namespace entrapment
