// Running build/bin/judge the way a user does: in a working directory, with an environment,
// with stdin bytes, on pipes or on a pseudo-terminal; and the scratch packages it runs in.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace entrapment::testing {

struct JudgeRun {
  int status = -1;  // the exit status; -1 when a signal ended it
  std::string out, err;
};

struct JudgeOptions {
  std::filesystem::path cwd;  // empty: the test's
  // Variables to set ("NAME", "value") or, with a null value, to unset. ENTRAPMENT_ROOT is
  // always unset first unless set here: the tests choose how the package is found.
  std::vector<std::pair<std::string, const char*>> env;
  std::string input;  // stdin
};

// build/bin/judge ($ENTRAPMENT_BIN/judge when CTest runs us).
std::filesystem::path judge_binary();

// The repository checkout ($ENTRAPMENT_ROOT).
std::filesystem::path checkout_root();

JudgeRun run_judge(const std::vector<std::string>& args, const JudgeOptions& options = {});

// Starts judge with stdout and stderr to files; the caller polls them and waits.
struct StartedJudge {
  pid_t pid = -1;
  std::filesystem::path out, err;
  int wait();      // the exit status
  bool running();  // false once it has exited (and was reaped)

 private:
  bool exited_ = false;
  int raw_status_ = 0;
};
StartedJudge start_judge(const std::vector<std::string>& args, const JudgeOptions& options,
                         const std::filesystem::path& output_dir);

// Runs judge on a pseudo-terminal (stdin, stdout and stderr all on it) and types `input` into
// it; returns everything the terminal showed (with the terminal's echo of the input).
JudgeRun run_judge_on_terminal(const std::vector<std::string>& args, const JudgeOptions& options);

std::string read_text(const std::filesystem::path& path);
void write_text(const std::filesystem::path& path, const std::string& text);

// A copy of the package in a fresh directory whose path has spaces, inside a parent of mode
// 0700 (a private home directory): problem.yaml, testdata/sample, the first `secret_tests`
// tests of testdata/exhaustive/boards (directly in testdata/secret/), two files of
// testdata/invalid_input, and an empty solutions/. Removed at the end.
class ScratchPackage {
 public:
  explicit ScratchPackage(int secret_tests = 2);
  ~ScratchPackage();
  ScratchPackage(const ScratchPackage&) = delete;
  ScratchPackage& operator=(const ScratchPackage&) = delete;

  const std::filesystem::path& root() const { return root_; }
  // A directory next to the package (inside the private parent), for files that are not in
  // it.
  const std::filesystem::path& outside() const { return outside_; }
  // Writes `text` to root()/relative and returns the absolute path.
  std::filesystem::path write(const std::string& relative, const std::string& text) const;

 private:
  std::filesystem::path parent_, root_, outside_;
};

// Contestants for the tests, in Python (copied into the judge's work directory, so they run
// wherever the package is kept).
extern const char* const kClaimsRunnerAndStops;  // WA on every board at once
std::string sleepy_claim(double seconds);        // WA after sleeping
// solutions/accepted/reference.py of the checkout: AC.
std::string reference_python();

}  // namespace entrapment::testing
