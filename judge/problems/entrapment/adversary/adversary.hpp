// The sides the judge can play (its adversaries). The judge plays whichever side loses with
// optimal play; its job is to expose wrong programs, so besides optimal-minded players there
// are random and scripted ones. Every adversary obeys the rules and never lies. C++17,
// standard library only.
#pragma once

#include <memory>
#include <vector>

#include "../game/history.hpp"
#include "config.hpp"

namespace entrapment {

// The judge as Trapper (the contestant plays the Runner).
class TrapperAdversary {
 public:
  virtual ~TrapperAdversary() = default;
  // The query for this round, in the order it is sent: distinct available squares.
  virtual std::vector<Square> query(const Position& p, int round) = 0;
  // The square to block once the Runner answered; `after_answer.runner` is what is left.
  virtual Square block(const Position& after_answer, int round) = 0;
};

// The judge as Runner (the contestant plays the Trapper).
class RunnerAdversary {
 public:
  virtual ~RunnerAdversary() = default;
  // The answer to `query`; it must leave at least one square the Runner could be on.
  virtual Answer answer(const Position& p, SquareSet query, int round) = 0;
  // Makes the move after the block; false when the Runner is trapped. `after_block.runner`
  // is still the set before the move.
  virtual bool move(const Position& after_block) = 0;
  // The path that proves the Runner escaped, given the rounds played.
  virtual std::vector<Square> proof(SquareSet available_at_start,
                                    const std::vector<RoundRecord>& rounds) const;
};

// The adversary a test's configuration describes. A committed Runner starts on one of the
// squares available at the start of the game.
std::unique_ptr<TrapperAdversary> make_trapper(const AdversaryConfig& config);
std::unique_ptr<RunnerAdversary> make_runner(const AdversaryConfig& config,
                                             SquareSet available_at_start);

}  // namespace entrapment
