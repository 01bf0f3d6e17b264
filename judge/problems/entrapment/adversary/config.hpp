// What a test file says about the side the judge plays: which kind of adversary, its seed, and
// the script of a scripted one. The test-file format (testcase/) reads it; the factories in
// adversary.hpp build the adversary from it. C++17, standard library only.
#pragma once

#include <cstdint>
#include <vector>

#include "../game/rules.hpp"
#include "plan.hpp"
#include "protocol/optional.hpp"

namespace entrapment {

// The `adversary NAME SEED` line of a test file. The kinds themselves are in kind.hpp, which
// only the files that name one include.
enum class AdversaryKind;

const char* to_string(AdversaryKind kind);  // "adaptive", "random", ...

struct ScriptedTrapperRound {
  std::vector<Square> query;  // in the script's order: the judge sends them in that order
  Square block = 0;

  SquareSet query_set() const { return make_set(query); }
};

struct AdversaryConfig {
  AdversaryKind kind{};  // adaptive (kind.hpp)
  std::uint64_t seed = 0;
  std::vector<ScriptedTrapperRound> trapper_script;  // scripted judge as Trapper
  std::vector<Answer> runner_script;                 // scripted judge as Runner
  // The adaptive adversaries' plan is drawn from the seed (plan.hpp). Tools that measure one
  // plan against another set it here; a test file cannot, so every file still plays the game
  // its seed gives.
  Optional<AdaptivePlan> plan;
};

}  // namespace entrapment
