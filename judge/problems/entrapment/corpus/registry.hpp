// The corpus: named wrong strategies, each the reference player with one plausible mistake,
// and the reference player itself as the control. The generator plays them all against every
// candidate test to choose the contest set (judge/problems/entrapment/generate/selection.hpp);
// every one that the exhaustive tier rejects must be rejected by at least three contest tests.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "player.hpp"

namespace entrapment::corpus {

struct StrategyInfo {
  std::string name;     // unique; lower case, digits and '_'
  std::string kind;     // role | runner | trapper | proof | protocol | search
  std::string mistake;  // one line: what its author got wrong
  std::string models;   // the program under solutions/ it models, if any
  std::function<Behaviour()> make;
};

// Every wrong strategy, in a fixed order (the order of the kill table).
const std::vector<StrategyInfo>& strategies();

// The reference solution's player: plays every board correctly (the control).
const StrategyInfo& reference_strategy();

// The strategy named `name`, or nullptr.
const StrategyInfo* find_strategy(const std::string& name);

// Each group of strategies adds itself (one file per group).
void add_solution_models(std::vector<StrategyInfo>& out);
void add_role_rules(std::vector<StrategyInfo>& out);
void add_runner_mistakes(std::vector<StrategyInfo>& out);
void add_trapper_mistakes(std::vector<StrategyInfo>& out);
void add_proof_and_protocol_mistakes(std::vector<StrategyInfo>& out);

// add(name, mistake, make): appends to `out` a strategy of `kind` that models no program (the
// groups of one kind add theirs so).
inline auto adder_of_kind(std::vector<StrategyInfo>& out, std::string kind) {
  return [&out, kind = std::move(kind)](const std::string& name, const std::string& mistake,
                                        std::function<Behaviour()> make) {
    out.push_back({name, kind, mistake, "", std::move(make)});
  };
}

}  // namespace entrapment::corpus
