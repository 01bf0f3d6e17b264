// The sides the judge plays as the code's keeper. A fixed or random keeper holds one code; an
// adaptive one holds every code consistent with its answers so far and picks its answer to make
// the game long. Whatever it does, each answer must leave at least one code: the game checks
// that of every keeper with a ConsistentSet of its own, so a faulty keeper is a judge error and
// never a contestant's loss. C++14, standard library only.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "code.hpp"

namespace mastermind {

enum class AdversaryKind { Fixed, Random, Largest, LexicographicWorst };

// The name a test file uses: "fixed", "random", "largest", "lexicographic-worst".
const char* to_string(AdversaryKind kind);

struct AdversarySpec {
  AdversaryKind kind = AdversaryKind::Largest;
  Code code;               // Fixed only
  std::uint64_t seed = 0;  // Random only
};

class Adversary {
 public:
  virtual ~Adversary() = default;
  // The answer to a guess of the right shape (the game checks the shape first).
  virtual Hint answer(const Code& guess) = 0;
  // A code consistent with every answer so far, to show the contestant once the game is over:
  // the code itself for a keeper that holds one, the first consistent code for an adaptive one.
  virtual Code reveal() const = 0;
};

// The keeper `spec` describes for P pins and C colours. Null when the shape is outside the
// limits or a fixed code does not fit it (the test-file parser refuses both first).
std::unique_ptr<Adversary> make_adversary(const AdversarySpec& spec, int pins, int colours);

// The codes consistent with every answer recorded, independent of any keeper: the game's
// self-check.
class ConsistentSet {
 public:
  ConsistentSet(int pins, int colours) : codes_(all_codes(pins, colours)) {}
  // Keeps the codes that answer `hint` to `guess`; false when none is left.
  bool record(const Code& guess, const Hint& hint);
  const std::vector<Code>& codes() const { return codes_; }

 private:
  std::vector<Code> codes_;
};

}  // namespace mastermind
