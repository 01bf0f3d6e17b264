// What the subcommands of the `judge` command line (CLI11) share. Each subcommand lives in its
// own *_command.cpp next to this file (command_list.hpp lists them) and reports its exit status
// by throwing CLI::RuntimeError(status), or CommandFailure(status, message) for an error it
// names.
#pragma once

#include <CLI/CLI.hpp>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "box/limits.hpp"
#include "contract/problem_module.hpp"
#include "verdict/result.hpp"

namespace entrapment::cli {

// The exit statuses of every subcommand (README, "Exit status").
enum ExitStatus : int {
  kExitOk = 0,           // done; every verdict or check as expected
  kExitNotExpected = 1,  // a verdict or a check that is not what was expected
  kExitUsage = 2,        // a usage or configuration error: the command line, problem.yaml, a
                         // file named that is not there or not what it should be, no package
  kExitJudgeError = 3,   // the judge itself failed (JE): a compiler missing, a program that
                         // could not be started or measured, an internal error
  // 130 and 143: interrupted by SIGINT or SIGTERM (128 + the signal).
};

// The exit status for a list of results: 3 when one of them is an unexpected JE, else 1 when
// one is not as expected, else 0.
int exit_status_of(const std::vector<RunResult>& results);

// An error a subcommand names, with its exit status; main() prints "judge SUBCOMMAND: what".
class CommandFailure : public std::runtime_error {
 public:
  CommandFailure(int status, const std::string& message)
      : std::runtime_error(message), status_(status) {}
  int status() const { return status_; }

 private:
  int status_;
};

// The subcommand's work: `command` runs when `sub` is chosen, and its status is the program's
// (a non-zero one leaves through CLI::RuntimeError, which main() returns).
void on_run(CLI::App& sub, std::function<int()> command);

// The limits problem.yaml sets for the package at `root`; its compile limits become those every
// compiler runs under from now on (set_compile_options). Throws CommandFailure(kExitUsage) with
// the file's own error when it has none.
BoxLimits package_limits(const std::filesystem::path& root);
// The module judge.yaml names, which plays the package's games; a usage error (2) naming the
// file and the line when there is none.
const ProblemModule& package_module(const std::filesystem::path& root);

// --time-limit: the CPU limit `seconds` and the wall-clock guard that goes with it; nothing when
// `seconds` is 0 (not given).
void apply_time_limit(BoxLimits& limits, double seconds);

// Once every subcommand is added to `app`: --root on `app` and on every subcommand (so that it
// is accepted anywhere on the line and shown in every --help), path options typed DIR and
// FILE, and each subcommand's name kept for messages (current_command()).
void setup_commands(CLI::App& app);

// The subcommand being run ("run", "verify", ...), for messages.
const std::string& current_command();
void set_current_command(const std::string& name);

// The package's root (problem.yaml, testdata/, solutions/ ...): --root, else
// $ENTRAPMENT_ROOT, else the nearest directory at or above the working directory with
// problem.yaml and testdata/ (package/package_root.hpp). Found once; the first call prints
// "judge COMMAND: package ROOT (how it was found)" to stdout, so that every subcommand names
// the root it uses in its first line. Throws CommandFailure(kExitUsage) when there is none.
// `or_the_judges_own`: when no directory above the working directory is a package, the one
// build/bin/judge was built in (`judge run` of a file kept elsewhere).
std::filesystem::path package_root(bool or_the_judges_own = false);

// The words after the first `--` on the command line (`judge run TEST -- COMMAND ARGS`):
// main() takes them off before CLI11 parses the rest, so options stay allowed anywhere.
const std::vector<std::string>& trailing_command();
void set_trailing_command(std::vector<std::string> words);

}  // namespace entrapment::cli
