// A test file: the board exactly as the contestant receives it, then the judge-only
// description of the adversary the judge plays. Format (every line ends in '\n', tokens are
// separated by one space, integers are canonical):
//
//   R U                            1 <= R <= 9, 0 <= U <= 8, R + U <= 9
//   s_1 ... s_U                    only when U > 0: distinct labels 1..9
//   adversary NAME SEED            NAME in adaptive|random|committed|scripted, 0 <= SEED < 10^18
//   ask L_1 ... L_k block B        scripted Trapper: R lines, one per round
//   answers A_1 ... A_R            scripted Runner: one line, each A_i Yes or No
//
// The judge plays the side that loses with optimal play. `committed` exists only for the judge
// as Runner. A scripted Trapper's queries and blocks must be legal when they are played; a
// scripted Runner's answer is a preference, overruled when it would contradict every square
// the Runner could be on (so the judge never lies).
//
// C++17 and the standard library only (part of the single-file interactor).
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "../adversary/plan.hpp"
#include "../game/rules.hpp"

namespace entrapment {

enum class Strategy { Adaptive, Random, Committed, Scripted };

const char* to_string(Strategy strategy);

struct ScriptedTrapperRound {
  std::vector<Square> query;  // in the script's order: the judge sends them in that order
  Square block = 0;

  SquareSet query_set() const { return make_set(query); }
};

struct AdversaryConfig {
  Strategy strategy = Strategy::Adaptive;
  std::uint64_t seed = 0;
  std::vector<ScriptedTrapperRound> trapper_script;  // scripted judge as Trapper
  std::vector<Answer> runner_script;                 // scripted judge as Runner
  // The adaptive adversaries' plan is drawn from the seed (adversary/plan.hpp). Tools that
  // measure one plan against another set it here; a test file cannot, so every file still
  // plays the game its seed gives.
  std::optional<AdaptivePlan> plan;
};

struct TestCase {
  int rounds = 0;
  std::vector<Square> unavailable;  // in the order of the file: sent to the contestant as is
  AdversaryConfig adversary;

  SquareSet unavailable_set() const { return make_set(unavailable); }
  Position start() const { return start_position(rounds, unavailable_set()); }
  // The side the contestant must claim, and so the one the judge does not play.
  Side winner() const;
  // The first lines of the interaction, each without its '\n'.
  std::vector<std::string> board_lines() const;
};

// A test file that breaks the format; `line` is 1-based (0: the file as a whole).
class TestCaseError : public std::runtime_error {
 public:
  TestCaseError(int line, const std::string& what);
  int line() const { return line_; }

 private:
  int line_;
};

// Parses and fully validates a test file; throws TestCaseError naming the line and the fault.
TestCase parse_testcase(const std::string& text);

// The canonical text of a test case: parse_testcase(format_testcase(t)) gives t back.
std::string format_testcase(const TestCase& test);

}  // namespace entrapment
