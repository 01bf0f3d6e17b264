// Protocol situations every contest set must show a contestant several times, whatever the
// corpus holds: they are where programs nobody has written yet go wrong (a Trapper that plays
// on after Trapped, a Runner that cannot read an empty query, ...). A candidate's situations
// are read off the game the reference player plays on it.
#pragma once

#include <string>
#include <vector>

#include "../interaction/transcript.hpp"
#include "../testcase/testcase.hpp"

namespace entrapment {

struct Situation {
  std::string name;
  std::string what;  // one line
};

// Every situation, in a fixed order.
const std::vector<Situation>& situations();

// The indices of the situations `reference_game` (the reference player's game on `test`)
// shows, increasing.
std::vector<int> situations_in(const TestCase& test, const Transcript& reference_game);

}  // namespace entrapment
