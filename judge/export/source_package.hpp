// What an export is made of, read from the repository and the build directory and checked
// before anything is written: every export format is a different arrangement of this.
#pragma once

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "contract/problem_module.hpp"
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

// What the exports' READMEs say of the problem's tests, in the package's own words: Markdown
// fragments from export/phrases.yaml (doc/exports.md lists the keys), each with a wording that
// names no problem when the package gives none.
struct ExportPhrases {
  std::string test_parts;          // a test file's parts: "the board, then the judge's lines"
  std::string answer;              // what an answer file holds: "the winning side"
  std::string judge_lines_detail;  // what the judge's lines reveal: "its adversary and seed"
  std::string view_alone;          // a sample's download: "the board alone"
  std::string test_2025;           // the 2025-09 README's "each `.in` is a whole test file, ..."
  std::string legacy_validator;    // the legacy README's input validator: "the input ..."
  std::string legacy_test_data;    // the legacy README's "Test data: ..."
  std::string legacy_downloads;    // what Kattis and problemtools show of the legacy package
  // The input validator's flag for a file that holds only what the contestant sees: with one,
  // the legacy export's samples hold that alone in .in and the rest in .ans, and
  // data/sample/testdata.yaml (with legacy_sample_comment, a YAML comment) passes the flag.
  std::string view_only_flag;
  std::string legacy_sample_comment;
  // What the accepted solutions need, said where an export chooses limits of its own (Hydro's
  // by default): "The reference solution needs milliseconds ...". Empty: nothing is said.
  std::string solution_times;
};

struct SourcePackage {
  std::filesystem::path root;
  ProblemConfig config;  // problem.yaml, read and checked by judge/package (the one reader)
  // The package's module (judge.yaml), which reads its tests, and the name of its directory
  // in every export (package_short_name()).
  const ProblemModule* module = nullptr;
  std::string short_name;
  ExportPhrases phrases;
  // The toolkit's sources (judge/, the single files' sources): the package root, or the
  // nearest directory above it holding judge/transports/, else the build's source directory.
  std::filesystem::path toolkit_root;
  // sample, secret, invalid_input, and exhaustive when asked for; sorted by name in each.
  std::vector<SourceTest> tests;
  std::vector<SourceSubmission> submissions;  // sorted by verdict, then name
  // The module's single files, in build/interactor/ + module->single_file_dir() (DIR):
  std::filesystem::path interactor;                // DIR/interactor.cpp
  std::filesystem::path interactor_testlib;        // DIR/interactor_testlib.cpp
  std::filesystem::path interactor_uoj;            // DIR/interactor_uoj.cpp
  std::filesystem::path cms_manager;               // DIR/cms_manager.cpp
  std::filesystem::path cms_manager_binary;        // DIR/cms_manager (compiled)
  std::filesystem::path input_validator;           // DIR/input_validator.cpp
  std::filesystem::path input_validator_testlib;   // DIR/input_validator_testlib.cpp; empty
                                                   // when the module has none (Entrapment's only)
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

// The judge-only lines of a test file: what follows the contestant's view of it.
std::string judge_lines(const SourcePackage& source, const std::filesystem::path& input);

// The answer file of a test case, when testdata has none: the module's answer_file().
std::string answer_text(const SourcePackage& source, const std::filesystem::path& input);

// What the contestant receives of a test case first (and the testing tool reads): the
// module's contestant_view().
std::string view_text(const SourcePackage& source, const std::filesystem::path& input);

std::string read_text(const std::filesystem::path& path);

}  // namespace entrapment
