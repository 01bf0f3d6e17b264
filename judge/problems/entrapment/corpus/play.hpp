// Playing the corpus: one game of a test file against a strategy, in process, and the kill
// matrix of many tests against many strategies (on every core).
#pragma once

#include <vector>

#include "../interaction/interaction.hpp"
#include "registry.hpp"

namespace entrapment::corpus {

// One game of `test` against `strategy`, through the interaction core, with no process.
Outcome play(const TestCase& test, const StrategyInfo& strategy);
Outcome play(const TestCase& test, const StrategyInfo& strategy, Transcript& transcript);

// For every test, the indices into `strategies` of those it rejects, in increasing order.
using KillMatrix = std::vector<std::vector<int>>;

// Plays every test against every strategy on `threads` threads (0: every core). The result
// does not depend on the number of threads. Throws std::logic_error naming the test and the
// strategy if the judge ever reports a judge error: that is a bug in the judge.
KillMatrix kill_matrix(const std::vector<TestCase>& tests,
                       const std::vector<const StrategyInfo*>& strategies, int threads = 0);

// Every strategy of the corpus, as pointers in the registry's order.
std::vector<const StrategyInfo*> all_strategies();

}  // namespace entrapment::corpus
