#include "plan.hpp"

#include "random.hpp"

namespace entrapment {

namespace {

// Weights, as build/bin/adversary_bench measures them against the corpus (README, "The
// adversaries"): how many games the wrong strategies lose when the seeds play that choice,
// each strategy counted at most 100 times so that rare mistakes weigh as much as common ones,
// divided by 10; a choice below 95% of the best of its part gets 0 (TrapLure::No: it never
// caught shallow_runner). The seed draws among the rest, more often the stronger ones. The
// measured differences are small: variety costs nothing, and one line of play is not enough
// (padding every query hides the empty query that runner_ignores_empty_query cannot read).
struct Weighted {
  int choice;
  unsigned weight;
};

constexpr Weighted kTrapWeights[] = {
    {static_cast<int>(TrapLure::Bigger), 296},
    {static_cast<int>(TrapLure::Yes), 297},
    {static_cast<int>(TrapLure::No), 0},
    {static_cast<int>(TrapLure::Mobile), 295},
};
constexpr Weighted kPaddingWeights[] = {
    {static_cast<int>(Padding::None), 298},
    {static_cast<int>(Padding::All), 296},
    {static_cast<int>(Padding::Half), 297},
    {static_cast<int>(Padding::One), 297},
};
constexpr Weighted kBlockWeights[] = {
    {static_cast<int>(BlockLure::Pressure), 295},
    {static_cast<int>(BlockLure::NextToRunner), 298},
    {static_cast<int>(BlockLure::UnderRunner), 296},
};
constexpr Weighted kAnswerWeights[] = {
    {static_cast<int>(AnswerLure::Larger), 300}, {static_cast<int>(AnswerLure::Smaller), 302},
    {static_cast<int>(AnswerLure::Yes), 293},    {static_cast<int>(AnswerLure::No), 303},
    {static_cast<int>(AnswerLure::Mobile), 300},
};

template <std::size_t N>
int draw(const Weighted (&table)[N], Random& random) {
  unsigned total = 0;
  for (const Weighted& w : table) total += w.weight;
  std::size_t x = random.below(total);
  for (const Weighted& w : table) {
    if (x < w.weight) return w.choice;
    x -= w.weight;
  }
  return table[0].choice;
}

}  // namespace

AdaptivePlan adaptive_plan(std::uint64_t seed) {
  // A stream of its own, so the plan and the game's own tie-breaks are independent.
  Random random(seed ^ 0x6a09e667f3bcc908ULL);
  AdaptivePlan plan;
  plan.trap = static_cast<TrapLure>(draw(kTrapWeights, random));
  plan.padding = static_cast<Padding>(draw(kPaddingWeights, random));
  plan.block = static_cast<BlockLure>(draw(kBlockWeights, random));
  plan.answer = static_cast<AnswerLure>(draw(kAnswerWeights, random));
  return plan;
}

const char* to_string(TrapLure lure) {
  switch (lure) {
    case TrapLure::Bigger:
      return "bigger";
    case TrapLure::Yes:
      return "yes";
    case TrapLure::No:
      return "no";
    case TrapLure::Mobile:
      return "mobile";
  }
  return "?";
}

const char* to_string(Padding padding) {
  switch (padding) {
    case Padding::None:
      return "none";
    case Padding::All:
      return "all";
    case Padding::Half:
      return "half";
    case Padding::One:
      return "one";
  }
  return "?";
}

const char* to_string(BlockLure lure) {
  switch (lure) {
    case BlockLure::Pressure:
      return "pressure";
    case BlockLure::NextToRunner:
      return "next-to-runner";
    case BlockLure::UnderRunner:
      return "under-runner";
  }
  return "?";
}

const char* to_string(AnswerLure lure) {
  switch (lure) {
    case AnswerLure::Larger:
      return "larger";
    case AnswerLure::Smaller:
      return "smaller";
    case AnswerLure::Yes:
      return "yes";
    case AnswerLure::No:
      return "no";
    case AnswerLure::Mobile:
      return "mobile";
  }
  return "?";
}

}  // namespace entrapment
