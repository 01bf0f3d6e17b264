// generate: prints one generated test of Interactive Master-Mind on stdout, the same bytes on
// every run and every machine. testdata/generators.yaml runs it once for each gen-* test.
//
//   generate --pins P --colours C --kind KIND [--seed N]
//
// P pins (1..4) and C colours (1..6); G is always the table's value for the shape (the fewest
// guesses a test may allow, solver.hpp's minimum_guesses). KIND is one of
//   lexicographic-worst  the adversary that makes the lexicographic strategy longest
//   largest              the adversary that keeps the most codes
//   random               a code drawn by the judge from a SEED drawn here
//   fixed                a code drawn here, with a repeated colour when P > 1
//
// The draws: one mastermind::Random (std::mt19937_64's raw output, which the standard fixes for
// every library) seeded with N (default 2000) draws, for every shape in order (P = 1..4, and
// for each C = 1..6), first the random test's SEED, then the fixed test's code (drawn again
// until a colour repeats, when P > 1). A test takes its shape's draws, so each test is what it
// was when one run wrote all 96. The test is checked with parse_testcase before it is printed.
// C++17, standard library only, and the game module's files it includes (generators.yaml's
// `generators:` lists them; the CMake target links the game library).
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>

#include "random.hpp"
#include "solver.hpp"
#include "testcase.hpp"

using namespace mastermind;

namespace {

constexpr std::uint64_t kDefaultSeed = 2000;

Code draw_code(Random& random, int pins, int colours) {
  Code code;
  for (int i = 0; i < pins; ++i)
    code.push_back(1 + static_cast<int>(random.below(static_cast<std::uint64_t>(colours))));
  return code;
}

bool has_repeat(const Code& code) {
  for (std::size_t i = 0; i < code.size(); ++i)
    for (std::size_t j = i + 1; j < code.size(); ++j)
      if (code[i] == code[j]) return true;
  return false;
}

// The draws of one shape: the random test's seed and the fixed test's code.
struct Draws {
  std::uint64_t seed = 0;
  Code code;
};

// The draws of shape (pins, colours), after those of every shape before it.
Draws draws_for(std::uint64_t seed, int pins, int colours) {
  Random random(seed);
  for (int p = kMinPins; p <= kMaxPins; ++p) {
    for (int c = kMinColours; c <= kMaxColours; ++c) {
      Draws draws;
      draws.seed = random.below(kSeedLimit);
      // With one colour every code repeats it; with one pin none can.
      do draws.code = draw_code(random, p, c);
      while (p > 1 && !has_repeat(draws.code));
      if (p == pins && c == colours) return draws;
    }
  }
  return Draws();
}

int usage() {
  std::cerr << "usage: generate --pins P --colours C --kind "
               "lexicographic-worst|largest|random|fixed [--seed N]\n";
  return 2;
}

// A whole decimal number, or false.
bool number(const char* text, std::uint64_t& value) {
  char* end = nullptr;
  value = std::strtoull(text, &end, 10);
  return *text >= '0' && *text <= '9' && *end == '\0';
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t seed = kDefaultSeed, pins = 0, colours = 0;
  std::string kind;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) return usage();
    const char* value = argv[++i];
    if (arg == "--pins") {
      if (!number(value, pins)) return usage();
    } else if (arg == "--colours") {
      if (!number(value, colours)) return usage();
    } else if (arg == "--seed") {
      if (!number(value, seed)) return usage();
    } else if (arg == "--kind") {
      kind = value;
    } else {
      return usage();
    }
  }
  if (pins < static_cast<std::uint64_t>(kMinPins) || pins > static_cast<std::uint64_t>(kMaxPins) ||
      colours < static_cast<std::uint64_t>(kMinColours) ||
      colours > static_cast<std::uint64_t>(kMaxColours)) {
    std::cerr << "generate: --pins must be " << kMinPins << ".." << kMaxPins << " and --colours "
              << kMinColours << ".." << kMaxColours << "\n";
    return usage();
  }
  TestCase test;
  test.pins = static_cast<int>(pins);
  test.colours = static_cast<int>(colours);
  test.guesses = minimum_guesses(test.pins, test.colours);
  const Draws draws = draws_for(seed, test.pins, test.colours);
  if (kind == "lexicographic-worst") {
    test.adversary.kind = AdversaryKind::LexicographicWorst;
  } else if (kind == "largest") {
    test.adversary.kind = AdversaryKind::Largest;
  } else if (kind == "random") {
    test.adversary.kind = AdversaryKind::Random;
    test.adversary.seed = draws.seed;
  } else if (kind == "fixed") {
    test.adversary.kind = AdversaryKind::Fixed;
    test.adversary.code = draws.code;
  } else {
    return usage();
  }
  const std::string text = format_testcase(test);
  const ParseResult check = parse_testcase(text);
  if (!check.ok) {
    std::cerr << "generate: the test would be invalid: " << check.message() << "\n";
    return 1;
  }
  std::cout << text;
  return std::cout.flush() ? 0 : 1;
}
