// Role rules short of the exact solver: the contestant claims by a rule, then (when the claim
// is right) plays optimally, so only the claim can be wrong. Each closed form below is the best
// of its shape over all 2304 boards (the threshold that misclassifies the fewest), because a
// contestant who fits a rule to the boards it tried would end up there; the README lists how
// many boards each gets wrong and the kill table which contest tests catch it.
#include <functional>

#include "../game/solver.hpp"
#include "registry.hpp"
#include "search.hpp"

namespace entrapment::corpus {

namespace {

int open_squares(SquareSet a) { return size(a); }

// Available squares with at least one available neighbour (the others are dead ends).
int squares_with_an_open_neighbour(SquareSet a) {
  int n = 0;
  for (Square s : labels(a))
    if ((neighbours(s) & a) != 0) ++n;
  return n;
}

// Pairs of adjacent available squares.
int open_edges(SquareSet a) {
  int twice = 0;
  for (Square s : labels(a)) twice += size(static_cast<SquareSet>(neighbours(s) & a));
  return twice / 2;
}

int largest_region(SquareSet a) {
  int best = 0;
  for (SquareSet left = a; left != 0;) {
    SquareSet region = static_cast<SquareSet>(left & -left), grown = 0;
    while (region != grown) {
      grown = region;
      region = static_cast<SquareSet>((region | neighbourhood(region)) & a);
    }
    best = std::max(best, size(region));
    left = static_cast<SquareSet>(left & ~region);
  }
  return best;
}

Behaviour claims_by(std::function<bool(SquareSet available, int rounds)> runner_wins) {
  Behaviour b;
  b.claim = [runner_wins](const PlayerState& s) {
    return runner_wins(s.start_available, s.rounds) ? Side::Runner : Side::Trapper;
  };
  return b;
}

// The exact game, searched only `horizon` rounds deep: a Runner that survives that long wins.
bool survives_horizon(SquareSet a, int rounds, int horizon) {
  return wins(a, a, std::min(rounds, horizon));
}

}  // namespace

void add_role_rules(std::vector<StrategyInfo>& out) {
  auto rule = [&](const std::string& name, const std::string& mistake,
                  std::function<bool(SquareSet, int)> runner_wins) {
    out.push_back({name, "role", mistake, "", [runner_wins] { return claims_by(runner_wins); }});
  };
  rule("role_open_squares", "claims Runner iff the open squares number at least 3R + 1",
       [](SquareSet a, int r) { return open_squares(a) >= 3 * r + 1; });
  rule("role_open_neighbours",
       "claims Runner iff at least 3R open squares have an open neighbour (dead ends do not count)",
       [](SquareSet a, int r) { return squares_with_an_open_neighbour(a) >= 3 * r; });
  rule("role_open_edges", "claims Runner iff the open squares have at least 3R - 1 adjacent pairs",
       [](SquareSet a, int r) { return open_edges(a) >= 3 * r - 1; });
  rule("role_largest_region",
       "claims Runner iff the largest connected region of open squares has at least 3R squares",
       [](SquareSet a, int r) { return largest_region(a) >= 3 * r; });
  for (int horizon = 1; horizon <= 3; ++horizon)
    rule("role_horizon_" + std::to_string(horizon),
         "claims by the exact game searched only " + std::to_string(horizon) + " round" +
             (horizon > 1 ? "s" : "") + " deep",
         [horizon](SquareSet a, int r) { return survives_horizon(a, r, horizon); });
  rule("role_rounds_minus_one", "claims by the exact game with R - 1 rounds (off by one)",
       [](SquareSet a, int r) { return wins(a, a, r - 1); });
  rule("role_rounds_plus_one", "claims by the exact game with R + 1 rounds (off by one)",
       [](SquareSet a, int r) { return wins(a, a, r + 1); });
  rule("role_in_plain_sight",
       "claims by the game where the Trapper always knows the Runner's square",
       runner_wins_in_plain_sight);
  rule("role_without_queries", "claims by the game where the Trapper never asks (only blocks)",
       runner_wins_without_queries);
}

}  // namespace entrapment::corpus
