// The judge as Runner: adaptive (never commits), random, committed (a real secret walk),
// scripted (preferred answers).
#include <algorithm>
#include <tuple>

#include "../game/solver.hpp"
#include "adversary.hpp"
#include "kind.hpp"
#include "plan.hpp"
#include "random.hpp"

namespace entrapment {

std::vector<Square> RunnerAdversary::proof(SquareSet available_at_start,
                                           const std::vector<RoundRecord>& rounds) const {
  return find_consistent_path(available_at_start, rounds).value_or(std::vector<Square>{});
}

namespace {

// The answers that leave the Runner somewhere to be.
std::vector<Answer> truthful_answers(const Position& p, SquareSet query) {
  std::vector<Answer> out;
  for (Answer a : {Answer::Yes, Answer::No})
    if (runner_after_answer(p.runner, query, a) != kEmpty) out.push_back(a);
  return out;
}

// Uncommitted Runners move to every square they can reach at once.
class UncommittedRunner : public RunnerAdversary {
 public:
  bool move(const Position& after_block) override {
    return runner_after_move(after_block.runner, after_block.available) != kEmpty;
  }
};

// Escapes whenever the contestant's play allows it, otherwise survives as long as it can;
// among answers equally good by that measure, the one the seed's plan favours (plan.hpp);
// then lets the seed decide.
class AdaptiveRunner : public UncommittedRunner {
 public:
  AdaptiveRunner(std::uint64_t seed, const AdaptivePlan& plan) : random_(seed), plan_(plan) {}

  Answer answer(const Position& p, SquareSet query, int) override {
    const Solver& solver = Solver::instance();
    std::vector<Answer> best;
    std::tuple<int, int> best_score{-1, -1000};
    for (Answer a : truthful_answers(p, query)) {
      const SquareSet left = runner_after_answer(p.runner, query, a);
      // Every answer that escapes is as good as any other.
      const int survives =
          std::min(solver.trap_round_after_answer(p.available, left), p.rounds_left + 1);
      const std::tuple<int, int> score{survives, lure(p, left, a)};
      if (score > best_score) best.clear();
      if (score >= best_score) {
        best_score = score;
        best.push_back(a);
      }
    }
    return random_.pick(best);
  }

 private:
  int lure(const Position& p, SquareSet left, Answer a) const {
    switch (plan_.answer) {
      case AnswerLure::Larger:
        break;
      case AnswerLure::Smaller:
        return -size(left);
      case AnswerLure::Yes:
        return a == Answer::Yes;
      case AnswerLure::No:
        return a == Answer::No;
      case AnswerLure::Mobile:
        return open_neighbours(left, p.available);
    }
    return size(left);
  }

  Random random_;
  AdaptivePlan plan_;
};

class RandomRunner : public UncommittedRunner {
 public:
  explicit RandomRunner(std::uint64_t seed) : random_(seed) {}
  Answer answer(const Position& p, SquareSet query, int) override {
    return random_.pick(truthful_answers(p, query));
  }

 private:
  Random random_;
};

class ScriptedRunner : public UncommittedRunner {
 public:
  explicit ScriptedRunner(std::vector<Answer> script) : script_(std::move(script)) {}
  Answer answer(const Position& p, SquareSet query, int round) override {
    const Answer wanted = script_.at(static_cast<std::size_t>(round - 1));
    if (runner_after_answer(p.runner, query, wanted) != kEmpty) return wanted;
    return wanted == Answer::Yes ? Answer::No : Answer::Yes;
  }

 private:
  std::vector<Answer> script_;
};

// Picks a secret start and walks at random, answering truthfully for where it stands.
class CommittedRunner : public RunnerAdversary {
 public:
  CommittedRunner(std::uint64_t seed, SquareSet available) : random_(seed) {
    walk_.push_back(random_.pick(labels(available)));
  }

  Answer answer(const Position&, SquareSet query, int) override {
    return contains(query, walk_.back()) ? Answer::Yes : Answer::No;
  }

  bool move(const Position& after_block) override {
    const SquareSet options = neighbours(walk_.back()) & after_block.available;
    if (options == kEmpty) return false;
    walk_.push_back(random_.pick(labels(options)));
    return true;
  }

  std::vector<Square> proof(SquareSet, const std::vector<RoundRecord>&) const override {
    return walk_;
  }

 private:
  Random random_;
  std::vector<Square> walk_;
};

}  // namespace

std::unique_ptr<RunnerAdversary> make_runner(const AdversaryConfig& config,
                                             SquareSet available_at_start) {
  switch (config.kind) {
    case AdversaryKind::Random:
      return std::unique_ptr<RunnerAdversary>(new RandomRunner(config.seed));
    case AdversaryKind::Scripted:
      return std::unique_ptr<RunnerAdversary>(new ScriptedRunner(config.runner_script));
    case AdversaryKind::Committed:
      return std::unique_ptr<RunnerAdversary>(new CommittedRunner(config.seed, available_at_start));
    case AdversaryKind::Adaptive:
      break;
  }
  return std::unique_ptr<RunnerAdversary>(
      new AdaptiveRunner(config.seed, config.plan.value_or(adaptive_plan(config.seed))));
}

}  // namespace entrapment
