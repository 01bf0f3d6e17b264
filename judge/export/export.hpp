// `judge export`: the package in the layout a contest system imports, written from the one
// source of truth (problem.yaml, testdata/, solutions/, validators/, statement/, attachments/,
// and the single-file programs the build generates), so that no export needs a hand edit.
//
//   legacy   Kattis legacy format (problemtools' verifyproblem, Kattis, DOMjudge)
//   2025-09  Kattis problem package format 2025-09 (BAPCtools, DOMjudge)
//   polygon  testlib conventions (Polygon, Codeforces and the judges that copy them)
#pragma once

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace entrapment {

enum class ExportFormat { Legacy, Kattis2025, Polygon };

// "legacy", "2025-09", "polygon"; nothing for anything else.
std::optional<ExportFormat> parse_export_format(const std::string& name);
const char* to_string(ExportFormat format);
const std::vector<std::string>& export_format_names();

// The package directory's name: problemtools accepts only [a-z0-9]+ short names.
constexpr const char* kPackageName = "entrapment";

// The statement's language for the 2025-09 format, which allows one statement per language:
// LaTeX (BAPCtools reads no other; the default) or Markdown. legacy and Polygon are LaTeX only.
enum class StatementFormat { Latex, Markdown };
std::optional<StatementFormat> parse_statement_format(const std::string& name);

struct ExportOptions {
  std::filesystem::path root;       // the repository (problem.yaml, testdata/ ...)
  std::filesystem::path build_dir;  // holds interactor/*.cpp, the generated single files
  std::filesystem::path out_dir;    // the package goes to out_dir/entrapment
  ExportFormat format = ExportFormat::Legacy;
  bool zip = false;         // also write out_dir/entrapment.zip
  bool exhaustive = false;  // also ship testdata/exhaustive (see each format for where)
  StatementFormat statement = StatementFormat::Latex;  // 2025-09 only
  // Replace an out_dir/entrapment (and entrapment.zip) that judge export did not write. Never
  // allows writing into, over or around the package root or the build directory.
  bool force = false;
};

struct ExportReport {
  std::filesystem::path package_dir;
  std::filesystem::path zip_path;  // empty without --zip
  std::vector<std::string> files;  // relative to package_dir, sorted
  std::size_t test_cases = 0;      // sample + secret (+ exhaustive)
  std::size_t submissions = 0;
  std::vector<std::string> warnings;  // what was left out or adapted, and why
};

// Something the export cannot do (a missing source, a file it does not know): the message
// names the file and what was wrong.
class ExportError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Writes the package. Everything is read and checked first (the single-file programs against
// their sources too); the package is written into a temporary directory next to
// out_dir/entrapment and renamed into place at the end, replacing a previous export there
// (output_directory.hpp says what it refuses). Throws ExportError.
ExportReport export_package(const ExportOptions& options);

}  // namespace entrapment
