// Entrapment behind the problem contract: its test files (testcase/), its game
// (interaction/interact), its transcript as the record's payload. What only Entrapment's own
// views need (the board of a test, its transcript) is read back from the contract's types here.
// C++14, standard library only.
#pragma once

#include "../../contract/problem_module.hpp"
#include "interaction/transcript.hpp"
#include "testcase/testcase.hpp"

namespace entrapment {

const ProblemModule& entrapment_module();

// A test this module read.
class EntrapmentTest : public PreparedTest {
 public:
  explicit EntrapmentTest(TestCase test) : test(std::move(test)) {}
  TestCase test;
};

// The Entrapment test behind `test`, which this module prepared.
const TestCase& entrapment_test(const PreparedTest& test);

// The transcript of a game this module played, or null (another module's game, or none).
const Transcript* entrapment_transcript(const GameRecord& record);

}  // namespace entrapment
