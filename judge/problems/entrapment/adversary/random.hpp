// The judge's only source of randomness: SplitMix64 seeded from the test file, with our own
// range reduction, so a test file plays the same game on every compiler and library.
// C++17, standard library only.
#pragma once

#include <cstdint>
#include <vector>

namespace entrapment {

class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n), n > 0 (the bias of a modulo on 64 bits is irrelevant here).
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }
  bool coin() { return (next() >> 63) != 0; }

  template <typename T>
  const T& pick(const std::vector<T>& items) {
    return items[below(items.size())];
  }
  template <typename T>
  void shuffle(std::vector<T>& items) {
    for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[below(i)]);
  }

 private:
  std::uint64_t state_;
};

}  // namespace entrapment
