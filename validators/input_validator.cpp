// input_validator: reads one test file on stdin and exits 42 when it is valid, 43 with a
// message naming the line and the fault on stderr otherwise (the Kattis convention).
//
//   input_validator [--board-only] < FILE
//
// Without arguments FILE is a whole test file (problems/entrapment/testcase/): the board, then the
// judge's lines. With --board-only it holds the board alone, and nothing after it: the legacy
// export's sample input files, whose judge's lines travel in the answer file (the export sets
// the flag in data/sample/testdata.yaml).
//
// Any other argument is a usage error, not a verdict on the file: exit 2 with a message (a
// contest system reads any exit but 42 and 43 as the validator itself failing, so a mistyped
// flag is never taken for an invalid test). A file larger than kMaxTestFileBytes is invalid
// (43); reading stops there. A read error on stdin is the validator failing (exit 1).
//
// Every check lives in entrapment/testcase/ (parse_testcase(), parse_board()): the board and label
// lines within the statement's bounds, the adversary line, a scripted adversary's script.
// This file only reads the bytes, byte for byte, and reports.
#include <cstdio>
#include <exception>
#include <string>

#include "problems/entrapment/testcase/testcase.hpp"
#include "transports/test_file_io.hpp"

// The transports' reader stops after kMaxTransportFileBytes: Entrapment's bound.
static_assert(entrapment::kMaxTestFileBytes == entrapment::kMaxTransportFileBytes,
              "a test file is read up to the test-file format's own bound");

namespace {

constexpr int kValid = 42;
constexpr int kInvalid = 43;
constexpr int kUsage = 2;
constexpr int kFailed = 1;  // stdin could not be read: the validator failed, not the file

}  // namespace

int main(int argc, char** argv) {
  bool board_only = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg != "--board-only") {
      std::fprintf(stderr,
                   "input_validator: unknown argument \"%s\" (the only one is --board-only); "
                   "usage: input_validator [--board-only] < FILE\n",
                   argv[i]);
      return kUsage;
    }
    board_only = true;
  }
  std::string text;
  const entrapment::ReadResult read = entrapment::read_test_stream(stdin, text);
  if (read != entrapment::ReadResult::Read) {
    std::fprintf(stderr, "%s\n", entrapment::read_failure(read, "the test file on stdin").c_str());
    return read == entrapment::ReadResult::TooLarge ? kInvalid : kFailed;
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
