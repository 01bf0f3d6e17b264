// A submission ready to run: the argv that starts it. Sources are compiled the way contest
// systems compile them (see README, "Languages"), once: the result is cached by content (see
// compile_cache.hpp); an executable is run as is. A compiler runs the contestant's source, so
// it runs as a contestant does (containment/box_process.hpp): in a box, isolated (bwrap
// whenever it is usable, --no-sandbox or not: one compilation costs nothing next to bwrap's
// start-up), in a scratch directory holding only a copy of the sources, under the limits of
// CompileOptions; what it wrote is copied out into the work directory.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "box/limits.hpp"
#include "containment/isolation_policy.hpp"
#include "package/problem_yaml.hpp"

namespace entrapment {

struct Submission {
  std::string name;                  // for reports: the file name, or the command
  std::vector<std::string> command;  // argv that runs it; command[0] is an absolute path
  bool from_cache = false;           // compiled earlier: this run did not compile it
  RunOrigin origin{};                // what it was made from: the isolation policy's question
  // From its language's row (languages.hpp): whether its runs get a memory backstop, and the
  // memory limit in its runtime's own words ("-Xmx{memory_mib}m"), which run_command() puts in.
  bool address_space_limit = true;
  std::string memory_arg = "";
};

// The command that runs `submission` under a memory limit of `memory_mib`: its command, with
// its language's memory argument after the first word.
std::vector<std::string> run_command(const Submission& submission, long long memory_mib);

// The path given is not a submission (missing, a directory, neither a known source nor an
// executable): the user's mistake, not the contestant's nor the judge's.
class SubmissionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The compiler (or Python's syntax check) rejected the source, or there is no entry point (a
// Java source with no usable main class, a Python directory with several files and no
// __main__.py): the verdict CE. what() is the compiler's message, or what is missing.
class CompileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Any other std::exception from prepare_submission (a compiler that is not installed, a work
// directory that cannot be written, a compiler that could not be started) is the judge's
// failure: JE.

// The limits a compiler runs under (problem.yaml's limits.compilation_time and
// limits.compilation_memory; the problem package format's defaults). Beyond them it is a CE
// that says which limit stopped it.
struct CompileOptions {
  double time_s = 60;                        // CPU time; the wall clock the same, stretched by load
  long long memory_mib = 2048;               // the whole compiler (cc1plus, as, ld ...)
  long long max_output_bytes = 256ll << 20;  // any file it writes (the program)
  long long max_scratch_bytes = 512ll << 20;  // its /tmp (temporary objects)
  int max_processes = 256;                    // processes and threads (javac's JVM has many)
  long long max_source_bytes = 128ll << 10;   // limits.code: all the source files together
  LimitChoice mechanism = LimitChoice::Auto;
  bool sandbox = true;  // bwrap when usable
};
// From problem.yaml's limits.compilation_time, limits.compilation_memory and limits.code.
CompileOptions compile_options_from(const ProblemConfig& problem);
// What prepare_submission() uses in this process (the CLI sets it from problem.yaml).
CompileOptions compile_options();
void set_compile_options(const CompileOptions& options);

// Whether `path` is something prepare_submission takes: a file with a known source extension
// (a row of languages.hpp's table), an executable file, or a directory holding sources
// directly (a directory submission).
bool is_submission_file(const std::filesystem::path& path);

// Whether `path` is a regular file with a known source extension (what a walk through a
// directory that is not a verdict directory judges: never an executable or a script of the
// package's own, such as a make_table.py).
bool is_source_file(const std::filesystem::path& path);

// Whether a directory holds one program made of several files, rather than several programs:
// a Python __main__.py, or two or more sources of its language (Java, else C++, else C) of
// which exactly one declares the entry point (main; Java's public static void main).
bool is_one_program(const std::filesystem::path& dir);

// A directory submission is every source of one language directly in the directory (the
// language of lowest directory_rank: Java first, else C++, else C, else Python), compiled
// together; Python's entry point is __main__.py (or the only .py file), Java's the class that
// declares main, as for one file.

// Compiles a source into work_dir (or copies an earlier compilation of the same bytes with the
// same compiler out of the cache), or wraps an executable. Throws SubmissionError,
// CompileError, or std::runtime_error (judge error), as above.
Submission prepare_submission(const std::filesystem::path& source_or_executable,
                              const std::filesystem::path& work_dir);

// What the isolation policy is asked of a submission made from `source_or_executable`, or of
// `-- COMMAND` (its prepare_submission() and command_submission() carry the same), so that a
// program may be refused before anything of it is compiled or judged.
RunOrigin origin_of_source(const std::filesystem::path& source_or_executable);
RunOrigin origin_of_command(const std::vector<std::string>& command);

// Wraps `-- COMMAND ARGS...`: command[0] is looked up in PATH; throws SubmissionError when it
// is not found.
Submission command_submission(const std::vector<std::string>& command);

}  // namespace entrapment
