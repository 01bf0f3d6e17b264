// input_validator for Interactive Master-Mind: reads one test file on stdin and exits 42 when
// it is valid, 43 with a message naming the line and the fault on stderr otherwise (the Kattis
// convention).
//
//   input_validator < FILE
//
// Any argument is a usage error, not a verdict on the file: exit 2 (a contest system reads any
// exit but 42 and 43 as the validator itself failing). A read error on stdin is the validator
// failing too (exit 1). Reading stops after kMaxTestFileBytes + 1 bytes, so that a huge file
// is refused as too long without being held whole.
//
// Every check lives in the game module (game/testcase.hpp, parse_testcase): the judge reads the
// test with the same function, so the validator and the judge never disagree about a file.
// C++14, standard library only.
#include <cstdio>
#include <string>

#include "../game/testcase.hpp"

namespace {

constexpr int kValid = 42;
constexpr int kInvalid = 43;
constexpr int kUsage = 2;
constexpr int kFailed = 1;

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) {
    std::fprintf(stderr,
                 "input_validator: unexpected argument \"%s\"; usage: input_validator < FILE\n",
                 argv[1]);
    return kUsage;
  }
  std::string text;
  char buffer[1024];
  while (text.size() <= mastermind::kMaxTestFileBytes) {
    const std::size_t n = std::fread(buffer, 1, sizeof buffer, stdin);
    text.append(buffer, n);
    if (n < sizeof buffer) break;
  }
  if (std::ferror(stdin)) {
    std::fprintf(stderr, "input_validator: cannot read the test file on stdin\n");
    return kFailed;
  }
  // parse_testcase refuses a text over kMaxTestFileBytes itself, with a message of its own.
  const mastermind::ParseResult result = mastermind::parse_testcase(text);
  if (!result.ok) {
    std::fprintf(stderr, "%s\n", result.message().c_str());
    return kInvalid;
  }
  return kValid;
}
