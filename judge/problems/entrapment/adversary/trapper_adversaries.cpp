// The judge as Trapper: adaptive (sets traps, then wins outright), random, scripted.
#include <algorithm>
#include <array>

#include "../game/solver.hpp"
#include "adversary.hpp"
#include "kind.hpp"
#include "plan.hpp"
#include "random.hpp"

namespace entrapment {

namespace {

// The labels of `query` in a seeded random order: contestants must not rely on sorted lists.
std::vector<Square> in_random_order(SquareSet query, Random& random) {
  std::vector<Square> out = labels(query);
  random.shuffle(out);
  return out;
}

// The block that traps the Runner soonest, among the squares `prefer` picks out when it picks
// any: optimal when the Trapper is winning, and the most pressure on the Runner when it is
// not. Ties are broken by the seed.
Square soonest_trap_block(const Position& after_answer, SquareSet prefer, Random& random) {
  const Solver& solver = Solver::instance();
  if ((prefer & after_answer.available) == kEmpty) prefer = after_answer.available;
  std::vector<Square> best;
  int best_round = 1 << 20;
  for (Square b : labels(prefer & after_answer.available)) {
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

// Sets traps: prefers queries one of whose answers loses for the Runner, and among those the
// trap the seed's plan favours (see plan.hpp); pads each query with squares the Runner cannot
// be on as the plan says. Once the Runner has erred, asks the query that traps it soonest and
// blocks accordingly, so a wrong answer is always punished.
class AdaptiveTrapper : public TrapperAdversary {
 public:
  AdaptiveTrapper(std::uint64_t seed, const AdaptivePlan& plan) : random_(seed), plan_(plan) {}

  std::vector<Square> query(const Position& p, int) override {
    const SquareSet cut = choose_cut(p);
    return in_random_order(static_cast<SquareSet>(cut | padding(p)), random_);
  }

  Square block(const Position& after_answer, int) override {
    const bool lost = Solver::instance().trap_round_after_answer(
                          after_answer.available, after_answer.runner) <= after_answer.rounds_left;
    if (lost || plan_.block == BlockLure::Pressure)
      return soonest_trap_block(after_answer, after_answer.available, random_);
    const SquareSet prefer = plan_.block == BlockLure::UnderRunner
                                 ? after_answer.runner
                                 : neighbourhood(after_answer.runner);
    return soonest_trap_block(after_answer, prefer, random_);
  }

 private:
  using Score = std::array<int, 3>;

  // The Runner's squares the query holds: the only part of a query that matters in the game.
  SquareSet choose_cut(const Position& p) {
    const Solver& solver = Solver::instance();
    const bool runner_lost = !solver.runner_wins(p);
    std::vector<SquareSet> best;
    Score best_score{-1000, -1000, -1000};
    for (SquareSet yes = p.runner;; yes = static_cast<SquareSet>((yes - 1) & p.runner)) {
      const SquareSet no = static_cast<SquareSet>(p.runner & ~yes);
      const int yes_round = solver.trap_round_after_answer(p.available, yes);
      const int no_round = solver.trap_round_after_answer(p.available, no);
      Score score{0, 0, 0};
      if (runner_lost) {
        score = {0, -std::max(yes_round, no_round), 0};
      } else {
        const bool yes_loses = yes != kEmpty && yes_round <= p.rounds_left;
        const bool no_loses = no != kEmpty && no_round <= p.rounds_left;
        if (yes_loses || no_loses)
          score = trap_score(p, yes_loses ? yes : no, yes_loses ? no : yes, yes_loses);
      }
      if (score > best_score) best.clear();
      if (score >= best_score) {
        best_score = score;
        best.push_back(yes);
      }
      if (yes == kEmpty) break;
    }
    return random_.pick(best);
  }

  // How much the plan likes a trap whose losing answer keeps `losing`, the other answer
  // keeping `other`.
  Score trap_score(const Position& p, SquareSet losing, SquareSet other, bool losing_is_yes) const {
    switch (plan_.trap) {
      case TrapLure::Bigger:
        break;
      case TrapLure::Yes:
        return {1, losing_is_yes, size(losing)};
      case TrapLure::No:
        return {1, !losing_is_yes, size(losing)};
      case TrapLure::Mobile: {
        const int mobile = open_neighbours(losing, p.available);
        return {1, mobile >= open_neighbours(other, p.available), mobile};
      }
    }
    return {1, size(losing) >= size(other), size(losing)};
  }

  // Squares the Runner cannot be on, added to the query: free for the judge (the answer means
  // the same), fatal to a program that confuses the query with its own candidate set.
  SquareSet padding(const Position& p) {
    const SquareSet outside = static_cast<SquareSet>(p.available & ~p.runner);
    if (outside == kEmpty) return kEmpty;
    switch (plan_.padding) {
      case Padding::None:
        return kEmpty;
      case Padding::All:
        return outside;
      case Padding::Half: {
        SquareSet some = kEmpty;
        for (Square s : labels(outside))
          if (random_.coin()) some |= single(s);
        return some;
      }
      case Padding::One:
        return single(random_.pick(labels(outside)));
    }
    return kEmpty;
  }

  Random random_;
  AdaptivePlan plan_;
};

// Asks about random squares, often including ones the Runner cannot be on, and blocks a
// random square.
class RandomTrapper : public TrapperAdversary {
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

class ScriptedTrapper : public TrapperAdversary {
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

std::unique_ptr<TrapperAdversary> make_trapper(const AdversaryConfig& config) {
  switch (config.kind) {
    case AdversaryKind::Random:
      return std::unique_ptr<TrapperAdversary>(new RandomTrapper(config.seed));
    case AdversaryKind::Scripted:
      return std::unique_ptr<TrapperAdversary>(new ScriptedTrapper(config.trapper_script));
    case AdversaryKind::Adaptive:
    case AdversaryKind::Committed:  // rejected by the parser for a judge Trapper; adaptive is safe
      break;
  }
  return std::unique_ptr<TrapperAdversary>(
      new AdaptiveTrapper(config.seed, config.plan.value_or(adaptive_plan(config.seed))));
}

}  // namespace entrapment
