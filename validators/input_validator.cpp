// input_validator: reads one test file on stdin and exits 42 when it is valid, 43 with a
// message naming the line and the fault on stderr otherwise (the Kattis convention).
//
// Every check lives in parse_testcase() (judge/testcase/testcase.hpp): the board and label
// lines within the statement's bounds, the adversary line, a scripted adversary's script.
// This file only reads the bytes and gives a line number to the faults the parser reports
// for the file as a whole (empty, no final newline).
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

// The line a whole-file fault belongs to: the first line of an empty file, else the last
// (unterminated) line.
int line_of_file_fault(const std::string& text) {
  int line = 1;
  for (char c : text)
    if (c == '\n') ++line;
  return line;
}

}  // namespace

int main() {
  const std::string text = read_all(stdin);
  if (std::ferror(stdin)) {
    std::fprintf(stderr, "cannot read the test file from stdin\n");
    return kInvalid;
  }
  try {
    entrapment::parse_testcase(text);
  } catch (const entrapment::TestCaseError& e) {
    if (e.line() > 0)
      std::fprintf(stderr, "%s\n", e.what());
    else
      std::fprintf(stderr, "line %d: %s\n", line_of_file_fault(text), e.what());
    return kInvalid;
  } catch (const std::exception& e) {  // the parser only throws TestCaseError; be safe anyway
    std::fprintf(stderr, "invalid test file: %s\n", e.what());
    return kInvalid;
  }
  return kValid;
}
