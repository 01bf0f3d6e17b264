// input_validator: reads one test file on stdin and exits 42 when it is valid, 43 with a
// message naming the line and the fault on stderr otherwise (the Kattis convention).
//
//   input_validator [--board-only] < FILE
//
// Without arguments FILE is a whole test file (judge/testcase/testcase.hpp): the board, then the
// judge's lines. With --board-only it holds the board alone, and nothing after it: the legacy
// export's sample input files, whose judge's lines travel in the answer file (the export sets
// the flag in data/sample/testdata.yaml). Any other argument is refused (exit 43).
//
// Every check lives in judge/testcase (parse_testcase(), parse_board()): the board and label
// lines within the statement's bounds, the adversary line, a scripted adversary's script.
// This file only reads the bytes, byte for byte, and reports.
#include <cstdio>
#include <string>

#include "testcase/testcase.hpp"

namespace {

constexpr int kValid = 42;
constexpr int kInvalid = 43;

// All of stdin, byte for byte (NUL bytes and all): std::fread never translates on POSIX.
std::string read_all(std::FILE* in) {
  std::string out;
  char buffer[1 << 16];
  std::size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, in)) > 0) out.append(buffer, n);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  bool board_only = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg != "--board-only") {
      std::fprintf(stderr, "unknown argument \"%s\" (the only one is --board-only)\n", argv[i]);
      return kInvalid;
    }
    board_only = true;
  }
  const std::string text = read_all(stdin);
  if (std::ferror(stdin)) {
    std::fprintf(stderr, "cannot read the test file from stdin\n");
    return kInvalid;
  }
  try {
    if (board_only)
      entrapment::parse_board(text);
    else
      entrapment::parse_testcase(text);
  } catch (const entrapment::TestCaseError& e) {
    std::fprintf(stderr, "%s\n", e.what());  // "line N: what is wrong"
    return kInvalid;
  } catch (const std::exception& e) {  // the parser only throws TestCaseError; be safe anyway
    std::fprintf(stderr, "invalid test file: %s\n", e.what());
    return kInvalid;
  }
  return kValid;
}
