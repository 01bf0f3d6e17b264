// How fast the corpus plays: every strategy of judge/problems/entrapment/corpus against every
// one of the 2304 boards (adaptive adversary), through the real interaction core with
// in-process contestants, on one thread and on every core. Prints games per second.
#include <chrono>
#include <cstdio>
#include <thread>

#include "problems/entrapment/corpus/play.hpp"
#include "problems/entrapment/game/rules.hpp"

namespace {

using namespace entrapment;

std::vector<TestCase> every_board() {
  std::vector<TestCase> tests;
  for (int r = 1; r <= 9; ++r)
    for (unsigned u = 0; u <= kAllSquares; ++u) {
      if (!is_valid_board(r, static_cast<SquareSet>(u))) continue;
      TestCase t;
      t.rounds = r;
      t.unavailable = labels(static_cast<SquareSet>(u));
      t.adversary.seed = u * 10 + static_cast<unsigned>(r);
      tests.push_back(t);
    }
  return tests;
}

void measure(const std::vector<TestCase>& tests, int threads) {
  const std::vector<const corpus::StrategyInfo*> strategies = corpus::all_strategies();
  const auto start = std::chrono::steady_clock::now();
  const corpus::KillMatrix kills = corpus::kill_matrix(tests, strategies, threads);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double games = static_cast<double>(tests.size() * strategies.size());
  std::size_t lost = 0;
  for (const std::vector<int>& k : kills) lost += k.size();
  std::printf(
      "%d thread%s: %zu tests x %zu strategies = %.0f games in %.2f s: %.0f games/s "
      "(%.1f us a game), %zu lost by the contestant\n",
      threads, threads == 1 ? " " : "s", tests.size(), strategies.size(), games, seconds,
      games / seconds, 1e6 * seconds / games, lost);
}

}  // namespace

int main() {
  const std::vector<TestCase> tests = every_board();
  measure(tests, 1);  // the first run also builds the solver's and the corpus's tables
  measure(tests, 1);
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (cores > 1) measure(tests, cores);
  return 0;
}
