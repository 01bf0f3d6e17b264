// One test case as one line of configuration: the board exactly as the contestant reads it,
// the adversary the judge plays and its seed, and for a scripted adversary the kind of script.
// Everything else (a scripted adversary's queries, blocks or answers) is drawn from the seed, so
// the line alone reproduces the test file byte for byte. The generated families and the
// contest selection (testdata/secret.yaml) are both made of such lines.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../testcase/testcase.hpp"

namespace entrapment {

constexpr std::uint64_t kTestSeedLimit = 1000000000000000000ULL;  // test-file seeds are < 10^18

struct TestLine {
  int rounds = 0;
  std::vector<Square> unavailable;  // in the order the contestant receives them
  AdversaryKind adversary{};        // adaptive (adversary/kind.hpp)
  std::uint64_t seed = 0;
  std::string queries;  // scripted judge as Trapper: empty | full | random
  std::string answers;  // scripted judge as Runner: yes | no | alternate | random

  // "3 2 5 1": R, U, then the unavailable squares in order (as `judge play --board` takes it).
  std::string board() const;
  SquareSet unavailable_set() const { return make_set(unavailable); }
  // The adversary and its script kind: "adaptive", "scripted queries=random".
  std::string adversary_text() const;
};

// The test case the line describes. Throws std::invalid_argument naming what is wrong (a bad
// board, a script kind that does not exist or does not fit the side the judge plays).
TestCase make_test(const TestLine& line);

// A TestLine from the text of `board()`; throws std::invalid_argument.
TestLine line_on_board(const std::string& board_text);

// The script kinds, for messages.
const std::vector<std::string>& query_scripts();   // empty, full, random
const std::vector<std::string>& answer_scripts();  // yes, no, alternate, random

}  // namespace entrapment
