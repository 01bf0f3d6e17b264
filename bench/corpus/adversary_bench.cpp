// Which tie-breaks make the adaptive adversaries catch the most wrong strategies: for every
// choice of every part of the adaptive plan (judge/problems/entrapment/adversary/plan.hpp), every
// board on which that part plays, three seeds each with its plan forced to that choice (the other
// parts as the seed draws them), against the whole corpus. Prints, per choice, the games the corpus
// loses, the same with each strategy counted at most 100 times (so that strategies caught
// everywhere do not drown the rare ones), and the weight the rule in plan.cpp derives from it: the
// capped count / 10 for choices within 95% of the best choice of their part, else 0.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

#include "problems/entrapment/adversary/plan.hpp"
#include "problems/entrapment/corpus/play.hpp"
#include "problems/entrapment/game/solver.hpp"

namespace {

using namespace entrapment;

struct Part {
  const char* name;
  int choices;
  std::function<void(AdaptivePlan&, int)> force;
  std::function<const char*(int)> choice_name;
  Side judge_plays;
};

std::vector<TestCase> boards_where_judge_plays(Side side, const Part& part, int choice) {
  std::vector<TestCase> tests;
  std::uint64_t seed = 1;
  for (int r = 1; r <= 9; ++r)
    for (unsigned u = 0; u <= kAllSquares; ++u) {
      const SquareSet unavailable = static_cast<SquareSet>(u);
      if (!is_valid_board(r, unavailable)) continue;
      const bool runner_wins = Solver::instance().runner_wins(start_position(r, unavailable));
      if ((side == Side::Trapper) != runner_wins) continue;
      for (int k = 0; k < 3; ++k) {
        TestCase t;
        t.rounds = r;
        t.unavailable = labels(unavailable);
        t.adversary.seed = seed++;
        t.adversary.plan = adaptive_plan(t.adversary.seed);
        part.force(*t.adversary.plan, choice);
        tests.push_back(t);
      }
    }
  return tests;
}

}  // namespace

int main() {
  const std::vector<const corpus::StrategyInfo*> strategies = corpus::all_strategies();
  const std::vector<Part> parts = {
      {"trap", 4, [](AdaptivePlan& p, int c) { p.trap = static_cast<TrapLure>(c); },
       [](int c) { return to_string(static_cast<TrapLure>(c)); }, Side::Trapper},
      {"padding", 4, [](AdaptivePlan& p, int c) { p.padding = static_cast<Padding>(c); },
       [](int c) { return to_string(static_cast<Padding>(c)); }, Side::Trapper},
      {"block", 3, [](AdaptivePlan& p, int c) { p.block = static_cast<BlockLure>(c); },
       [](int c) { return to_string(static_cast<BlockLure>(c)); }, Side::Trapper},
      {"answer", 5, [](AdaptivePlan& p, int c) { p.answer = static_cast<AnswerLure>(c); },
       [](int c) { return to_string(static_cast<AnswerLure>(c)); }, Side::Runner},
  };
  std::printf("%-8s %-15s %8s %8s %7s\n", "part", "choice", "lost", "capped", "weight");
  for (const Part& part : parts) {
    std::vector<long> lost(part.choices), capped(part.choices);
    for (int c = 0; c < part.choices; ++c) {
      const corpus::KillMatrix kills =
          corpus::kill_matrix(boards_where_judge_plays(part.judge_plays, part, c), strategies);
      std::vector<int> per(strategies.size());
      for (const std::vector<int>& k : kills)
        for (int s : k) ++per[static_cast<std::size_t>(s)];
      for (int n : per) {
        lost[c] += n;
        capped[c] += std::min(n, 100);
      }
    }
    const long best = *std::max_element(capped.begin(), capped.end());
    for (int c = 0; c < part.choices; ++c) {
      const long weight = capped[c] * 100 >= best * 95 ? std::lround(capped[c] / 10.0) : 0;
      std::printf("%-8s %-15s %8ld %8ld %7ld\n", part.name, part.choice_name(c), lost[c], capped[c],
                  weight);
    }
  }
  return 0;
}
