// A test file of interactive Master-Mind. Two lines, each ending in '\n', tokens separated by
// exactly one space, integers canonical (no sign, no leading zero):
//
//   P C G                    1 <= P <= 4, 1 <= C <= 6, minimum_guesses(P, C) <= G <= 20
//   fixed c_1 ... c_P        the code, each c_i in 1..C
//   random SEED              a code drawn from SEED, 0 <= SEED < 10^18 (adversary.hpp)
//   largest                  adaptive: keeps the most codes
//   lexicographic-worst      adaptive: makes the lexicographic strategy need the most guesses
//
// The first line is exactly what the judge sends the contestant first. Nothing may follow the
// second line: a file that says more than the judge reads is a mistake in the file.
// C++14, standard library only.
#pragma once

#include <cstddef>
#include <string>

#include "adversary.hpp"

namespace mastermind {

// The largest test file read: a valid one is under 50 bytes. Readers stop after this many bytes
// so that a file like /dev/zero is refused with a message instead of filling memory.
constexpr std::size_t kMaxTestFileBytes = 4096;

// SEED is below this (as in Entrapment's test files: 18 digits at most).
constexpr unsigned long long kSeedLimit = 1000000000000000000ULL;

struct TestCase {
  int pins = 0;
  int colours = 0;
  int guesses = 0;  // G, the most guesses allowed
  AdversarySpec adversary;

  // "P C G", the judge's first line.
  std::string first_line() const;
};

// parse_testcase's result: a test, or the first fault of the file with its 1-based line.
struct ParseResult {
  bool ok = false;
  TestCase test;  // meaningful when ok
  int line = 0;
  std::string error;  // the fault alone, without the line

  // "line N: <error>".
  std::string message() const;
};

// Parses and fully checks a test file. Never throws.
ParseResult parse_testcase(const std::string& text);

// The canonical text of a test: parse_testcase(format_testcase(t)) gives t back.
std::string format_testcase(const TestCase& test);

}  // namespace mastermind
