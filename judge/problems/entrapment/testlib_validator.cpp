// The input validator under testlib conventions (Polygon, Codeforces), built from the same
// parser as the Kattis input validator (validators/input_validator.cpp) and the interactors,
// so that no two of them can disagree about what a test file means; testlib itself is not used:
//
//   input_validator_testlib [--testset X] [--group Y] [--testOverviewLogFileName F]
//                           [--testMarkupFileName F] [--testCase N] [--testCaseFileName F] < TEST
//
// Reads one whole test file (problems/entrapment/testcase/) on stdin. Exit 0 when it is valid;
// otherwise "FAIL <what is wrong> (stdin, line N)" on stderr and exit 3, as testlib's
// validators report a fault. The options are the ones testlib's registerValidation() accepts;
// Polygon passes some of them. --testOverviewLogFileName receives a short overview (the board),
// the others are accepted and ignored; anything else is refused, also with exit 3.
#include <cstdio>
#include <exception>
#include <string>

#include "testcase/testcase.hpp"
#include "transports/test_file_io.hpp"

namespace entrapment {

// The transports' reader stops after kMaxTransportFileBytes: Entrapment's bound.
static_assert(kMaxTestFileBytes == kMaxTransportFileBytes,
              "a test file is read up to the test-file format's own bound");

namespace testlib_validator {

constexpr int kValid = 0;
constexpr int kInvalid = 3;  // testlib's _fail, the code its validators exit with

int invalid(const std::string& message) {
  std::fprintf(stderr, "FAIL %s\n", message.c_str());
  return kInvalid;
}

int run(int argc, char** argv) {
  std::string overview_file;
  // Options come in pairs: a name, then its value.
  for (int i = 1; i < argc; i += 2) {
    const std::string arg = argv[i];
    const bool takes_value = arg == "--testset" || arg == "--group" ||
                             arg == "--testOverviewLogFileName" || arg == "--testMarkupFileName" ||
                             arg == "--testCase" || arg == "--testCaseFileName";
    if (!takes_value)
      return invalid("unknown argument \"" + arg +
                     "\" (expected --testset, --group, --testOverviewLogFileName, "
                     "--testMarkupFileName, --testCase or --testCaseFileName, each with a value)");
    if (i + 1 >= argc) return invalid("argument " + arg + " needs a value");
    if (arg == "--testOverviewLogFileName") overview_file = argv[i + 1];
  }

  std::string text;
  const ReadResult read = read_test_stream(stdin, text);
  if (read != ReadResult::Read) return invalid(read_failure(read, "the test file on stdin"));
  TestCase test;
  try {
    test = parse_testcase(text);
  } catch (const TestCaseError& e) {
    if (e.line() > 0)
      return invalid(e.detail() + " (stdin, line " + std::to_string(e.line()) + ")");
    return invalid(e.detail() + " (stdin)");
  } catch (const std::exception& e) {  // the parser only throws TestCaseError; be safe anyway
    return invalid(std::string("invalid test file: ") + e.what());
  }
  if (!overview_file.empty() &&
      !write_text_file(overview_file, "R = " + std::to_string(test.rounds) +
                                          ", U = " + std::to_string(test.unavailable.size()) +
                                          ", adversary " + to_string(test.adversary.kind) + "\n"))
    return invalid("cannot write the test overview to " + overview_file);
  return kValid;
}

}  // namespace testlib_validator
}  // namespace entrapment

int main(int argc, char** argv) { return entrapment::testlib_validator::run(argc, argv); }
