#include "play.hpp"

#include <atomic>
#include <stdexcept>

#include "contestant.hpp"
#include "support/parallel_for.hpp"

namespace entrapment::corpus {

Outcome play(const TestCase& test, const StrategyInfo& strategy) {
  Transcript transcript;
  return play(test, strategy, transcript);
}

Outcome play(const TestCase& test, const StrategyInfo& strategy, Transcript& transcript) {
  ContestantChannel channel(make_player(strategy.make()));
  return interact(test, channel, transcript);
}

std::vector<const StrategyInfo*> all_strategies() {
  std::vector<const StrategyInfo*> out;
  for (const StrategyInfo& s : strategies()) out.push_back(&s);
  return out;
}

KillMatrix kill_matrix(const std::vector<TestCase>& tests,
                       const std::vector<const StrategyInfo*>& strategies, int threads) {
  KillMatrix kills(tests.size());
  std::atomic<bool> failed{false};
  std::string failure;  // written once, by the thread that set `failed`
  parallel_for(tests.size(), threads, [&](std::size_t t, int) {
    if (failed) return;
    for (std::size_t s = 0; s < strategies.size(); ++s) {
      const Outcome outcome = play(tests[t], *strategies[s]);
      if (outcome.result == Outcome::Result::JudgeError) {
        if (!failed.exchange(true))
          failure = "the judge failed against " + strategies[s]->name + " on\n" +
                    format_testcase(tests[t]) + outcome.message;
        return;
      }
      if (!outcome.accepted()) kills[t].push_back(static_cast<int>(s));
    }
  });
  if (failed) throw std::logic_error(failure);
  return kills;
}

}  // namespace entrapment::corpus
