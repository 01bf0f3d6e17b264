// The families of generated test cases: each turns a few parameters from generators.yaml into
// test cases, deterministically (the same parameters give the same tests on every machine:
// the only randomness is the core's SplitMix64 seeded from the parameters).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "test_line.hpp"

namespace entrapment {

struct FamilyParams {
  std::string family;  // all_boards | random_games | committed_games | scripted_trapper |
                       // scripted_runner
  std::uint64_t seed = 0;
  int count = 0;        // how many tests (every family but all_boards)
  std::string queries;  // scripted_trapper: empty | full | random
  std::string answers;  // scripted_runner: yes | no | alternate | random
};

struct NamedTest {
  std::string name;  // file name without ".in", unique within the family
  TestLine line;     // the one line of configuration that reproduces it
  TestCase test;
};

// The family names and, for each, the parameter keys it takes besides `family` and `desc`.
struct FamilyInfo {
  std::string name;
  std::vector<std::string> keys;
  std::string what;  // one line for error messages
};
const std::vector<FamilyInfo>& families();

// The test cases of a family; throws std::invalid_argument naming a bad parameter.
std::vector<NamedTest> make_family(const FamilyParams& params);

}  // namespace entrapment
