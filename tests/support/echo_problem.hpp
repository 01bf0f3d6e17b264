// A game of the tests' own, behind the problem contract (judge/contract): the judge sends
// "ping N", the contestant answers "pong N". The tests of the box (the hostile suite, the box
// contract, containment, staging, languages, load, CPU pinning) play it: what they test is the
// box, not a problem's rules, so they hold for any problem a package brings. The test program
// tests/programs/player.cpp plays it in every mode (and Entrapment when the judge sends
// Entrapment's first line). C++14, standard library only, like every module.
//
// The game. A test file is one line, "N" or "N bye" (N an integer in 0..10^9, in digits).
//   judge:      ping N       or   ping N bye
//   contestant: pong N
//   judge:                        bye          (the judge has the last word, as in Entrapment's
//                                               Trapper games; without it the contestant has, as
//                                               in its Runner's)
// then the contestant's output ends: AC. Blank lines may follow the answer (at most
// kMaxLineBytes of them, like one line). Anything else is a WA, and a wrong or missing answer
// gets "-1" from the judge, as the real problems send on a protocol break. The game never says
// JE of the contestant.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "contract/problem_module.hpp"

namespace entrapment {
namespace testing {

class EchoTest : public PreparedTest {
 public:
  explicit EchoTest(long long number = 7, bool bye = true) : number(number), bye(bye) {}
  long long number;
  bool bye;  // the judge says "bye" after the right answer: it has the last word
};

// The test the tests of the box play: "ping 7 bye", the judge's last word after the answer.
inline EchoTest echo_test() { return EchoTest(7, true); }
// The same game where the contestant's answer is the last line: "ping 7".
inline EchoTest echo_test_answered_last() { return EchoTest(7, false); }

// The module, named "echo". Its test files: "N" or "N bye" (see above).
const ProblemModule& echo_module();

// The module's account of a game (the record's payload): the test, its lines (as the record's),
// and the blank lines after the answer (counted, never kept).
struct EchoAccount : GamePayload {
  long long number = 0;
  bool bye = false;
  std::vector<GameLine> lines;
  std::size_t blank_lines_after_game = 0;
  std::string to_json() const override;
};

}  // namespace testing
}  // namespace entrapment
