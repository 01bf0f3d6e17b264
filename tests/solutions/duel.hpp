// Plays one solution against the real interactor, connected by two pipes, the way a contest
// system does (the programs started by tests/support/process). Everything is bounded by a
// timeout.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace entrapment::solutions_test {

struct DuelResult {
  // Exit statuses: 42 accepted, 43 wrong answer; 128 + N killed by signal N; -1 killed when
  // the timeout struck.
  int judge_exit = -1;        // the interactor's
  int solution_exit = -1;     // the solution's
  bool timed_out = false;     // the timeout struck and both were killed
  std::string judge_message;  // FEEDBACK_DIR/judgemessage.txt (or judgeerror.txt)
};

// `interactor TEST_FILE /dev/null FEEDBACK_DIR` against `solution` (argv; argv[0] an absolute
// path or a name looked up in PATH). The solution runs under a 2 GiB address-space limit.
DuelResult duel(const std::filesystem::path& interactor, const std::filesystem::path& test_file,
                const std::vector<std::string>& solution, double timeout_s);

struct SoloResult {
  int exit_code = -1;  // 128 + N: killed by signal N; -1: by the timeout
  bool timed_out = false;
  std::string output;  // everything the solution wrote to stdout
};

// Runs `solution` with `input` written to its stdin, which then stays open (nothing more
// arrives, but no end of input either) until the solution exits or the timeout strikes.
SoloResult run_with_open_input(const std::vector<std::string>& solution, const std::string& input,
                               double timeout_s);

}  // namespace entrapment::solutions_test
