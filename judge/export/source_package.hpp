// What an export is made of, read from the repository and the build directory and checked
// before anything is written: every export format is a different arrangement of this.
#pragma once

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "package/problem_yaml.hpp"
#include "statement.hpp"

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
  // "cpp", "c", "python3", "java": the languages judge run can run, by extension (a directory
  // takes the language of its files).
  std::string language;
};

struct SourcePackage {
  std::filesystem::path root;
  ProblemConfig config;  // problem.yaml, read and checked by judge/package (the one reader)
  // sample, secret, invalid_input, and exhaustive when asked for; sorted by name in each.
  std::vector<SourceTest> tests;
  std::vector<SourceSubmission> submissions;       // sorted by verdict, then name
  std::filesystem::path interactor;                // build/interactor/interactor.cpp
  std::filesystem::path interactor_testlib;        // build/interactor/interactor_testlib.cpp
  std::filesystem::path interactor_uoj;            // build/interactor/interactor_uoj.cpp
  std::filesystem::path cms_manager;               // build/interactor/cms_manager.cpp
  std::filesystem::path cms_manager_binary;        // build/interactor/cms_manager (compiled)
  std::filesystem::path input_validator;           // build/interactor/input_validator.cpp
  std::filesystem::path input_validator_testlib;   // build/interactor/input_validator_testlib.cpp
  std::filesystem::path testlib_checker;           // judge/transports/testlib_checker.cpp
  Statement statement;                             // statement/statement.en.md, parsed
  std::vector<std::filesystem::path> attachments;  // files directly in attachments/
  // What the export leaves out and why (a submission in a language judge run cannot run):
  // printed by `judge export`, never silent.
  std::vector<std::string> warnings;

  std::vector<const SourceTest*> group(const std::string& name) const;
};

// The extensions a test case file may have; anything else under testdata/<group>/ is an error
// (an export must not drop a file silently).
const std::vector<std::string>& test_file_extensions();

// Reads and checks everything (the single-file programs against the sources they were
// generated from too); throws ExportError naming the first problem. testdata/exhaustive is
// read only when `exhaustive` is set, and must then exist.
SourcePackage read_source_package(const std::filesystem::path& root,
                                  const std::filesystem::path& build_dir, bool exhaustive);

// The judge-only lines of a test file: what follows its board (the adversary, a script).
std::string judge_lines(const std::filesystem::path& input);

// The canonical answer line of a test case, when testdata has no .ans: the side that wins.
std::string winner_line(const std::filesystem::path& input);

// The board lines of a test case: what the contestant receives (and the testing tool reads).
std::string board_text(const std::filesystem::path& input);

std::string read_text(const std::filesystem::path& path);

}  // namespace entrapment
