#include "registry.hpp"

#include <stdexcept>

namespace entrapment::corpus {

const std::vector<StrategyInfo>& strategies() {
  static const std::vector<StrategyInfo> list = [] {
    std::vector<StrategyInfo> out;
    add_solution_models(out);
    add_role_rules(out);
    add_runner_mistakes(out);
    add_trapper_mistakes(out);
    add_proof_and_protocol_mistakes(out);
    for (std::size_t i = 0; i < out.size(); ++i)
      for (std::size_t j = 0; j < i; ++j)
        if (out[i].name == out[j].name)
          throw std::logic_error("corpus: strategy " + out[i].name + " is registered twice");
    return out;
  }();
  return list;
}

const StrategyInfo& reference_strategy() {
  static const StrategyInfo reference{
      "reference", "control", "none: the reference solution's play, for comparison",
      "solutions/accepted/reference.cpp", [] { return Behaviour(); }};
  return reference;
}

const StrategyInfo* find_strategy(const std::string& name) {
  if (name == reference_strategy().name) return &reference_strategy();
  for (const StrategyInfo& s : strategies())
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace entrapment::corpus
