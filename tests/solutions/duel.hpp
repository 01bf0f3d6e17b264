// Plays one solution against the real interactor, connected by two pipes, the way a contest
// system does (POSIX fork/exec; the tests run on Linux). Everything is bounded by a timeout.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace entrapment::solutions_test {

struct DuelResult {
  int judge_exit = -1;        // the interactor's exit code: 42 accepted, 43 wrong answer; -1 killed
  int solution_exit = -1;     // the solution's exit code; -1 killed by a signal
  bool timed_out = false;     // the timeout struck and both were killed
  std::string judge_message;  // FEEDBACK_DIR/judgemessage.txt (or judgeerror.txt)
};

// `interactor TEST_FILE /dev/null FEEDBACK_DIR` against `solution` (argv; argv[0] an absolute
// path or a name looked up in PATH). The solution runs under a 2 GiB address-space limit.
DuelResult duel(const std::filesystem::path& interactor, const std::filesystem::path& test_file,
                const std::vector<std::string>& solution, double timeout_s);

struct SoloResult {
  int exit_code = -1;  // -1: killed by a signal (or by the timeout)
  bool timed_out = false;
  std::string output;  // everything the solution wrote to stdout
};

// Runs `solution` with `input` written to its stdin, which then stays open (nothing more
// arrives, but no end of input either) until the solution exits or the timeout strikes.
SoloResult run_with_open_input(const std::vector<std::string>& solution, const std::string& input,
                               double timeout_s);

// Runs `command` through /bin/sh; its exit code, or -1.
int shell(const std::string& command);

}  // namespace entrapment::solutions_test
