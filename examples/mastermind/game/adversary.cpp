#include "adversary.hpp"

#include <utility>

#include "random.hpp"
#include "solver.hpp"

namespace mastermind {

namespace {

class FixedAdversary : public Adversary {
 public:
  explicit FixedAdversary(Code code) : code_(std::move(code)) {}
  Hint answer(const Code& guess) override { return score(code_, guess); }
  Code reveal() const override { return code_; }

 private:
  Code code_;
};

// Each pin drawn alone: uniform over all codes, with one draw of at most 6 values per pin.
Code random_code(std::uint64_t seed, int pins, int colours) {
  Random random(seed);
  Code code;
  for (int i = 0; i < pins; ++i)
    code.push_back(1 + static_cast<int>(random.below(static_cast<std::uint64_t>(colours))));
  return code;
}

// What the adaptive keepers share: the codes still consistent, narrowed by each answer.
class AdaptiveAdversary : public Adversary {
 public:
  AdaptiveAdversary(int pins, int colours) : pins_(pins), codes_(all_codes(pins, colours)) {}

  Hint answer(const Code& guess) override {
    const std::vector<Hint> hints = possible_hints(pins_);
    std::vector<std::vector<Code>> parts = partition(codes_, guess, pins_);
    std::size_t best = hints.size();
    long long best_value = 0;
    for (std::size_t i = 0; i < parts.size(); ++i) {
      if (parts[i].empty()) continue;
      const long long v = value(parts[i], hints[i]);
      // Strictly greater: among equal values the first in (B, W) order wins, which is
      // deterministic and puts B = P, the last hint, behind every other.
      if (best == hints.size() || v > best_value) {
        best = i;
        best_value = v;
      }
    }
    codes_ = std::move(parts[best]);
    return hints[best];
  }

  Code reveal() const override { return codes_.front(); }

 protected:
  // How much the keeper likes answering `hint`, leaving `part` (non-empty).
  virtual long long value(const std::vector<Code>& part, const Hint& hint) const = 0;
  int pins_;

 private:
  std::vector<Code> codes_;
};

// Keeps the most codes. B = P leaves one code, so it is said only when every other part is
// empty (value 0 below every non-empty part; an empty part is never chosen).
class LargestAdversary : public AdaptiveAdversary {
 public:
  using AdaptiveAdversary::AdaptiveAdversary;

 protected:
  long long value(const std::vector<Code>& part, const Hint& hint) const override {
    if (hint.black == pins_) return 0;
    return static_cast<long long>(part.size());
  }
};

// Makes the lexicographic strategy need the most guesses from here: the guesses it needs on the
// part, ties to the larger part (harder for other strategies), then to the first hint.
class LexicographicWorstAdversary : public AdaptiveAdversary {
 public:
  using AdaptiveAdversary::AdaptiveAdversary;

 protected:
  long long value(const std::vector<Code>& part, const Hint& hint) const override {
    if (hint.black == pins_) return 0;
    // Guesses first, part size second: a part has at most 6^4 codes.
    return static_cast<long long>(lexicographic_worst_case(part)) * 10000 +
           static_cast<long long>(part.size());
  }
};

}  // namespace

const char* to_string(AdversaryKind kind) {
  switch (kind) {
    case AdversaryKind::Fixed:
      return "fixed";
    case AdversaryKind::Random:
      return "random";
    case AdversaryKind::Largest:
      return "largest";
    case AdversaryKind::LexicographicWorst:
      return "lexicographic-worst";
  }
  return "?";
}

std::unique_ptr<Adversary> make_adversary(const AdversarySpec& spec, int pins, int colours) {
  if (!valid_shape(pins, colours)) return nullptr;
  switch (spec.kind) {
    case AdversaryKind::Fixed:
      if (!is_code(spec.code, pins, colours)) return nullptr;
      return std::unique_ptr<Adversary>(new FixedAdversary(spec.code));
    case AdversaryKind::Random:
      return std::unique_ptr<Adversary>(new FixedAdversary(random_code(spec.seed, pins, colours)));
    case AdversaryKind::Largest:
      return std::unique_ptr<Adversary>(new LargestAdversary(pins, colours));
    case AdversaryKind::LexicographicWorst:
      return std::unique_ptr<Adversary>(new LexicographicWorstAdversary(pins, colours));
  }
  return nullptr;
}

bool ConsistentSet::record(const Code& guess, const Hint& hint) {
  codes_ = consistent_with(codes_, guess, hint);
  return !codes_.empty();
}

}  // namespace mastermind
