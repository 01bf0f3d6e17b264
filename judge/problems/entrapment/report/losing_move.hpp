// After a lost game (`judge play`): which of the contestant's moves lost it, by the exact
// solver. A wrong claim; as the Runner, the first answer after which the Trapper could force
// the trap; as the Trapper, the first query or block after which the Runner could escape. Each
// with what would have kept the win. "" when every move kept the win (the game was lost by a
// line the judge's message already explains: a wrong Free or Trapped, a bad proof, a typo).
#pragma once

#include <string>

#include "../interaction/transcript.hpp"
#include "../testcase/testcase.hpp"

namespace entrapment::report {

std::string losing_move(const TestCase& test, const Transcript& transcript);

}  // namespace entrapment::report
