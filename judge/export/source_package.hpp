// What an export is made of, read from the repository and the build directory and checked
// before anything is written: every export format is a different arrangement of this.
#pragma once

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "package/problem_yaml.hpp"

namespace entrapment {

// One test case of testdata/: its files by extension (".in", ".ans", ".interaction", ...).
struct SourceTest {
  std::string group;  // "sample", "secret" or "invalid_input"
  std::string name;   // path below the group, without extension: "07-corner" or "big/01"
  std::map<std::string, std::filesystem::path> files;

  bool has(const std::string& extension) const { return files.count(extension) > 0; }
};

// One example submission: a file or a directory directly below solutions/<verdict>/.
struct SourceSubmission {
  std::string verdict;  // accepted, wrong_answer, time_limit_exceeded, run_time_error
  std::filesystem::path path;
  std::string name() const { return path.filename().string(); }
};

struct SourcePackage {
  std::filesystem::path root;
  YAML::Node problem_yaml;        // as written
  ProblemConfig config;           // checked
  std::vector<SourceTest> tests;  // sample, secret, invalid_input; sorted by name in each
  std::vector<SourceSubmission> submissions;       // sorted by verdict, then name
  std::filesystem::path interactor;                // build/interactor/interactor.cpp
  std::filesystem::path interactor_testlib;        // build/interactor/interactor_testlib.cpp
  std::filesystem::path input_validator;           // build/interactor/input_validator.cpp
  std::filesystem::path testlib_checker;           // judge/transports/testlib_checker.cpp
  std::filesystem::path statement;                 // statement/problem.en.tex
  std::vector<std::filesystem::path> attachments;  // files directly in attachments/

  std::vector<const SourceTest*> group(const std::string& name) const;
};

// The extensions a test case file may have; anything else under testdata/<group>/ is an error
// (an export must not drop a file silently).
const std::vector<std::string>& test_file_extensions();

// Reads and checks everything; throws ExportError naming the first problem.
SourcePackage read_source_package(const std::filesystem::path& root,
                                  const std::filesystem::path& build_dir);

// The canonical answer line of a test case, when testdata has no .ans: the side that wins.
std::string winner_line(const std::filesystem::path& input);

// The board lines of a test case: what the contestant receives (and the testing tool reads).
std::string board_text(const std::filesystem::path& input);

std::string read_text(const std::filesystem::path& path);

}  // namespace entrapment
