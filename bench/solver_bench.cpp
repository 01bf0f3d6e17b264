// How long the exact solver takes to solve the whole game from scratch (every position of
// every board), and to answer every one of the 2304 starting boards.
#include <benchmark/benchmark.h>

#include "problems/entrapment/game/solver.hpp"

namespace {

using entrapment::Solver;

void BM_SolveWholeGame(benchmark::State& state) {
  for (auto _ : state) {
    Solver solver;
    benchmark::DoNotOptimize(solver.trap_round(entrapment::kAllSquares, entrapment::kAllSquares));
  }
}
BENCHMARK(BM_SolveWholeGame)->Unit(benchmark::kMillisecond);

void BM_AllStartingBoards(benchmark::State& state) {
  const Solver& solver = Solver::instance();
  for (auto _ : state) {
    int runner_wins = 0;
    for (int r = 1; r <= 9; ++r)
      for (unsigned u = 0; u <= entrapment::kAllSquares; ++u)
        if (entrapment::is_valid_board(r, static_cast<entrapment::SquareSet>(u)))
          runner_wins += solver.runner_wins(
              entrapment::start_position(r, static_cast<entrapment::SquareSet>(u)));
    benchmark::DoNotOptimize(runner_wins);
  }
}
BENCHMARK(BM_AllStartingBoards)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
