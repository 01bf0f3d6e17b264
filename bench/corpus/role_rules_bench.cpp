// The role rules of the corpus (kind "role": a rule short of the exact solver decides the
// claim) against the exact solver on all 2304 boards: how many boards each gets wrong, which
// way, and the first few of them (R, then the unavailable squares).
#include <cstdio>
#include <string>

#include "problems/entrapment/corpus/registry.hpp"
#include "problems/entrapment/game/solver.hpp"

int main() {
  using namespace entrapment;
  const Solver& solver = Solver::instance();
  for (const corpus::StrategyInfo& s : corpus::strategies()) {
    if (s.kind != "role") continue;
    const corpus::Behaviour behaviour = s.make();
    int says_runner = 0, says_trapper = 0;
    std::string examples;
    int shown = 0;
    for (int r = 1; r <= 9; ++r)
      for (unsigned u = 0; u <= kAllSquares; ++u) {
        const SquareSet unavailable = static_cast<SquareSet>(u);
        if (!is_valid_board(r, unavailable)) continue;
        corpus::PlayerState state;
        state.rounds = r;
        state.start_available = state.available = state.runner =
            static_cast<SquareSet>(kAllSquares & ~unavailable);
        const Side claim = behaviour.claim(state);
        const Side truth = solver.winner(start_position(r, unavailable));
        if (claim == truth) continue;
        (claim == Side::Runner ? says_runner : says_trapper)++;
        if (shown++ < 4)
          examples += std::string(shown > 1 ? "; " : "") + "R = " + std::to_string(r) + " " +
                      describe(unavailable) + " (" + to_string(truth) + ")";
      }
    std::printf(
        "%-22s wrong on %4d boards (Runner on %4d Trapper boards, Trapper on %3d Runner "
        "boards), e.g. %s\n",
        s.name.c_str(), says_runner + says_trapper, says_runner, says_trapper, examples.c_str());
  }
  return 0;
}
