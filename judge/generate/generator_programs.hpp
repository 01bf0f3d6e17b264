// The package's own generator programs, which any problem's generators.yaml runs (`generate:
// PROGRAM ARGS...`): each compiled once, as submissions are (submissions/: the compiler in a
// box, the compile cache), then run with each entry's arguments in a box of its own, outside
// the judge's process, under a time limit, as the package's own trusted program (the input
// validator's standing: where bwrap is not usable it runs unisolated, as the judge's own). Its
// stdout is the test file; what it writes on stderr is kept for the message when it fails.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "submissions/submission.hpp"
#include "submissions/work_dir.hpp"

namespace entrapment {

// A program that cannot be compiled, or a run that failed: what() says which and why (the
// compiler's or the program's own messages, cut).
class GeneratorError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Each run gets this much CPU time (the wall clock: wall_limit_for() of it) and memory.
constexpr double kGeneratorCpuSeconds = 30;
constexpr long long kGeneratorMemoryMib = 2048;
// A test file larger than this is refused (the run is stopped there).
constexpr std::size_t kMaxGeneratedBytes = std::size_t{64} << 20;

class GeneratorPrograms {
 public:
  // `root`: the package; `named`: generators.yaml's `generators:`, a program's name -> its
  // files (paths under the root), copied side by side into one directory and compiled together
  // as a directory submission.
  GeneratorPrograms(std::filesystem::path root,
                    std::map<std::string, std::vector<std::string>> named);
  ~GeneratorPrograms();
  GeneratorPrograms(const GeneratorPrograms&) = delete;
  GeneratorPrograms& operator=(const GeneratorPrograms&) = delete;

  // Compiles `program` (a name of `named`, else a source, a directory or an executable under
  // the root) unless it was before. Throws GeneratorError.
  void prepare(const std::string& program);

  // Runs `program`, prepared, with `args`: its stdout. Throws GeneratorError ("exited with
  // status 1: <its stderr>", "used more than 30 s of CPU time" ...). Safe to call from several
  // threads at once.
  std::string run(const std::string& program, const std::vector<std::string>& args) const;

 private:
  std::filesystem::path root_;
  std::map<std::string, std::vector<std::string>> named_;
  std::unique_ptr<WorkDir> work_;  // made at the first program
  std::map<std::string, Submission> prepared_;
};

}  // namespace entrapment
