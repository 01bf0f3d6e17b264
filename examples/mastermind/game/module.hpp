// Interactive Master-Mind behind the toolkit's problem contract (judge/contract): its test
// files, one game, and its account of the game (the guesses and a code consistent with every
// answer) as the record's payload. C++14, standard library only.
#pragma once

#include "contract/problem_module.hpp"
#include "game.hpp"
#include "testcase.hpp"

namespace mastermind {

const entrapment::ProblemModule& mastermind_module();

// Master-Mind's own record of a game, read back by its views.
struct GameAccount : entrapment::GamePayload {
  TestCase test;
  GameResult result;
  std::string to_json() const override;
};

// The account of a game this module played, or null.
const GameAccount* mastermind_account(const entrapment::GameRecord& record);

}  // namespace mastermind
