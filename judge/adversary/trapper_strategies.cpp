// The judge as Trapper: adaptive (sets traps, then wins outright), random, scripted.
#include <algorithm>
#include <tuple>

#include "../game/solver.hpp"
#include "random.hpp"
#include "strategy.hpp"

namespace entrapment {

namespace {

// The labels of `query` in a seeded random order: contestants must not rely on sorted lists.
std::vector<Square> in_random_order(SquareSet query, Random& random) {
  std::vector<Square> out = labels(query);
  random.shuffle(out);
  return out;
}

// Blocks the square that traps the Runner soonest: optimal when the Trapper is winning, and
// the most pressure on the Runner when it is not. Ties are broken by the seed.
Square soonest_trap_block(const Position& after_answer, Random& random) {
  const Solver& solver = Solver::instance();
  std::vector<Square> best;
  int best_round = 1 << 20;
  for (Square b : labels(after_answer.available)) {
    const int round = solver.trap_round_after_block(
        static_cast<SquareSet>(after_answer.available & ~single(b)), after_answer.runner);
    if (round < best_round) best.clear();
    if (round <= best_round) {
      best_round = round;
      best.push_back(b);
    }
  }
  return random.pick(best);
}

// Prefers queries one of whose answers loses for the Runner, and among them those where
// the losing answer keeps more squares: the answer a greedy Runner would give. Once the
// Runner has erred, asks the query that traps it soonest.
class AdaptiveTrapper : public TrapperStrategy {
 public:
  explicit AdaptiveTrapper(std::uint64_t seed) : random_(seed) {}

  std::vector<Square> query(const Position& p, int) override {
    const Solver& solver = Solver::instance();
    const bool runner_lost = !solver.runner_wins(p);
    std::vector<SquareSet> best;
    std::tuple<int, int, int> best_score{-1, -1, -1};
    for (SquareSet q = p.available;; q = static_cast<SquareSet>((q - 1) & p.available)) {
      const SquareSet yes = p.runner & q;
      const SquareSet no = p.runner & ~q;
      const int yes_round = solver.trap_round_after_answer(p.available, yes);
      const int no_round = solver.trap_round_after_answer(p.available, no);
      std::tuple<int, int, int> score;
      if (runner_lost) {
        score = {0, 0, -std::max(yes_round, no_round)};
      } else {
        const bool yes_loses = yes != kEmpty && yes_round <= p.rounds_left;
        const bool no_loses = no != kEmpty && no_round <= p.rounds_left;
        const SquareSet losing = yes_loses ? yes : no;
        const SquareSet other = yes_loses ? no : yes;
        score = {yes_loses || no_loses, size(losing) >= size(other), size(losing)};
      }
      if (score > best_score) best.clear();
      if (score >= best_score) {
        best_score = score;
        best.push_back(q);
      }
      if (q == kEmpty) break;
    }
    return in_random_order(random_.pick(best), random_);
  }

  Square block(const Position& after_answer, int) override {
    return soonest_trap_block(after_answer, random_);
  }

 private:
  Random random_;
};

// Asks about random squares, often including ones the Runner cannot be on, and blocks a
// random square.
class RandomTrapper : public TrapperStrategy {
 public:
  explicit RandomTrapper(std::uint64_t seed) : random_(seed) {}

  std::vector<Square> query(const Position& p, int) override {
    const std::size_t mode = random_.below(8);
    if (mode == 0) return {};
    if (mode == 1) return in_random_order(p.available, random_);
    SquareSet q = kEmpty;
    for (Square s : labels(p.available))
      if (random_.coin()) q |= single(s);
    return in_random_order(q, random_);
  }

  Square block(const Position& after_answer, int) override {
    return random_.pick(labels(after_answer.available));
  }

 private:
  Random random_;
};

class ScriptedTrapper : public TrapperStrategy {
 public:
  explicit ScriptedTrapper(std::vector<ScriptedTrapperRound> script) : script_(std::move(script)) {}

  std::vector<Square> query(const Position&, int round) override {
    return script_.at(static_cast<std::size_t>(round - 1)).query;
  }
  Square block(const Position&, int round) override {
    return script_.at(static_cast<std::size_t>(round - 1)).block;
  }

 private:
  std::vector<ScriptedTrapperRound> script_;
};

}  // namespace

std::unique_ptr<TrapperStrategy> make_trapper(const TestCase& test) {
  const AdversaryConfig& config = test.adversary;
  switch (config.strategy) {
    case Strategy::Random:
      return std::make_unique<RandomTrapper>(config.seed);
    case Strategy::Scripted:
      return std::make_unique<ScriptedTrapper>(config.trapper_script);
    case Strategy::Adaptive:
    case Strategy::Committed:  // rejected by the parser for a judge Trapper; adaptive is safe
      break;
  }
  return std::make_unique<AdaptiveTrapper>(config.seed);
}

}  // namespace entrapment
