// The judge's only randomness: std::mt19937_64's raw output, whose sequence the standard fixes
// for every library, reduced to a range by our own rejection (the standard's distributions map
// it differently in each standard library, so a test would play another game elsewhere).
// C++14, standard library only.
#pragma once

#include <cstdint>
#include <random>

namespace mastermind {

class Random {
 public:
  explicit Random(std::uint64_t seed) : engine_(seed) {}

  // Uniform in [0, n) for n > 0: draws above the last whole multiple of n are redrawn, so no
  // value is favoured.
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    for (;;) {
      const std::uint64_t x = engine_();
      if (x < limit) return x % n;
    }
  }

 private:
  std::mt19937_64 engine_;
};

}  // namespace mastermind
