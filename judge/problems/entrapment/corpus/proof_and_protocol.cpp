// Mistakes in the Runner's proof and protocol slips a contestant plausibly makes on either side.
#include <algorithm>

#include "registry.hpp"
#include "search.hpp"

namespace entrapment::corpus {

namespace {

std::vector<int> reference_proof(const PlayerState& s) {
  const std::vector<Square> path = walk_back_proof(s.kept_sets(), s.runner);
  return std::vector<int>(path.begin(), path.end());
}

Behaviour proves_by(std::function<std::vector<int>(const PlayerState&)> proof) {
  return with_rule(&Behaviour::proof, std::move(proof));
}

// Forward, greedily: the lowest square of the first kept set, then each round the lowest
// neighbour in the next kept set (in the final set after the last move), with no look-ahead;
// at a dead end the lowest open neighbour, which breaks the proof.
std::vector<int> forward_greedy_proof(const PlayerState& s) {
  std::vector<int> path;
  Square cur = static_cast<Square>(__builtin_ctz(s.history.front().kept) + 1);
  path.push_back(cur);
  for (std::size_t i = 0; i < s.history.size(); ++i) {
    const SquareSet next = i + 1 < s.history.size() ? s.history[i + 1].kept : s.runner;
    const SquareSet step = static_cast<SquareSet>(neighbours(cur) & next);
    const SquareSet open = static_cast<SquareSet>(neighbours(cur) & s.history[i].available_after);
    const SquareSet choice = step != 0 ? step : (open != 0 ? open : neighbours(cur));
    cur = static_cast<Square>(__builtin_ctz(choice) + 1);
    path.push_back(cur);
  }
  return path;
}

}  // namespace

void add_proof_and_protocol_mistakes(std::vector<StrategyInfo>& out) {
  auto add = [&](const std::string& name, const std::string& kind, const std::string& mistake,
                 std::function<Behaviour()> make) {
    out.push_back({name, kind, mistake, "", std::move(make)});
  };
  add("proof_reversed", "proof", "prints the proof from the last square back to the start", [] {
    return proves_by([](const PlayerState& s) {
      std::vector<int> path = reference_proof(s);
      std::reverse(path.begin(), path.end());
      return path;
    });
  });
  add("proof_forward_greedy", "proof",
      "builds the proof forwards, always to the lowest consistent neighbour, with no look-ahead",
      [] { return proves_by(forward_greedy_proof); });
  add("proof_before_answers", "proof",
      "walks the proof back through the sets before each answer instead of after it", [] {
        return proves_by([](const PlayerState& s) {
          std::vector<SquareSet> before;
          for (const PlayedRound& r : s.history) before.push_back(r.before);
          const std::vector<Square> path = walk_back_proof(before, s.runner);
          return std::vector<int>(path.begin(), path.end());
        });
      });
  add("proof_zero_based", "proof", "prints the proof's squares 0-based", [] {
    return proves_by([](const PlayerState& s) {
      std::vector<int> path = reference_proof(s);
      for (int& label : path) --label;
      return path;
    });
  });
  add("proof_missing", "proof", "prints Free after the last round and exits without the proof", [] {
    Behaviour b;
    b.proof_lines = [](const std::vector<int>&) { return std::vector<std::string>{}; };
    return b;
  });
  add("zero_based_labels", "protocol",
      "reads and writes every label 0-based (its square i is the judge's label i + 1)", [] {
        Behaviour b;
        b.square = [](int label) {
          return label >= 0 && label < kSquares ? single(label + 1) : kEmpty;
        };
        b.proof = [](const PlayerState& s) {
          std::vector<int> path = reference_proof(s);
          for (int& label : path) --label;
          return path;
        };
        b.query_labels = [](const PlayerState&, SquareSet q) {
          std::vector<int> out;
          for (Square s : labels(q)) out.push_back(s - 1);
          return out;
        };
        b.block_line = [](Square s) { return std::to_string(s - 1); };
        return b;
      });
}

}  // namespace entrapment::corpus
