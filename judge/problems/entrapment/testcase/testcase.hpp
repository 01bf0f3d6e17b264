// A test file: the board exactly as the contestant receives it, then the judge-only
// description of the adversary the judge plays. Format (every line ends in '\n', tokens are
// separated by one space, integers are canonical):
//
//   R U                            1 <= R <= 9, 0 <= U <= 8, R + U <= 9
//   s_1 ... s_U                    only when U > 0: distinct labels 1..9
//   adversary NAME SEED            NAME in adaptive|random|committed|scripted, 0 <= SEED < 10^18
//   ask L_1 ... L_k block B        scripted Trapper: R lines, one per round
//   answers A_1 ... A_R            scripted Runner: one line, each A_i Yes or No
//
// The judge plays the side that loses with optimal play. `committed` exists only for the judge
// as Runner. A scripted Trapper's queries and blocks must be legal when they are played; a
// scripted Runner's answer is a preference, overruled when it would contradict every square
// the Runner could be on (so the judge never lies).
//
// C++17 and the standard library only (part of the single-file interactor).
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "../adversary/config.hpp"
#include "../game/rules.hpp"
#include "contract/test_file_error.hpp"

namespace entrapment {

// The largest test file any reader accepts. A test file is a few short lines (the longest,
// a scripted Trapper's, is under 400 bytes); the interactors and validators stop reading
// after this many bytes, so a file like /dev/zero is refused with a message instead of being
// read until memory runs out.
constexpr std::size_t kMaxTestFileBytes = std::size_t{1} << 20;

struct TestCase {
  int rounds = 0;
  std::vector<Square> unavailable;  // in the order of the file: sent to the contestant as is
  AdversaryConfig adversary;

  SquareSet unavailable_set() const { return make_set(unavailable); }
  Position start() const { return start_position(rounds, unavailable_set()); }
  // The side the contestant must claim, and so the one the judge does not play.
  Side winner() const;
  // The first lines of the interaction, each without its '\n'.
  std::vector<std::string> board_lines() const;
};

// A test file that breaks the format: the contract's error (contract/test_file_error.hpp),
// under the name Entrapment's readers have always thrown.
using TestCaseError = TestFileError;

// Parses and fully validates a test file; throws TestCaseError naming the line and the fault.
TestCase parse_testcase(const std::string& text);

// A file that holds the board alone (the first one or two lines of a test file, exactly what
// the contestant receives first): checked as strictly, anything after the board refused.
// Returns the test with the default adversary (adaptive, seed 0).
TestCase parse_board(const std::string& text);

// A test case given as a contest system's input and answer files. Two layouts:
//   - the input file is a whole test file: parsed alone, the answer file is ignored (the
//     repository's .ans holds the winner, the 2025-09 export's is empty);
//   - the input file holds the board alone (parse_board) and the answer file the judge's
//     lines that follow it in a test file: the legacy export's samples, whose input file a
//     contest system may show to contestants while the answer file stays with the judge.
// Errors in the answer file's lines have file() == File::Answer and count its own lines.
TestCase parse_test_files(const std::string& input, const std::string& answer);

// The canonical text of a test case: parse_testcase(format_testcase(t)) gives t back.
std::string format_testcase(const TestCase& test);

}  // namespace entrapment
