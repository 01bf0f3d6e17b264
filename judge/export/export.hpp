// `judge export`: the package in the layout a contest system imports, written from the one
// source of truth (problem.yaml, testdata/, solutions/, validators/, statement/, attachments/,
// and the single-file programs the build generates), so that no export needs a hand edit.
//
//   legacy    Kattis legacy format, as problemtools judges it (and DOMjudge imports it)
//   kattis    the same package, zipped in a directory of its own, as Kattis takes an upload
//   2025-09   Kattis problem package format 2025-09 (BAPCtools, DOMjudge)
//   domjudge  the legacy layout, with the verdicts DOMjudge can give declared for DOMjudge
//   polygon   testlib conventions (Polygon, Codeforces and the judges that copy them)
//   luogu     Luogu's data zip (testlib interactor as checker.cpp) and a Markdown statement
//   hydro     Hydro's problem import (testdata/config.yaml, interactor, limits that fit)
//   uoj       UOJ's data zip (problem.conf, interaction mode; uoj.ac, community edition, QOJ)
//   cms       a CMS task in the italy_yaml layout, judged by a Communication manager
//   libreoj   LibreOJ (Lyrio): test data, the testlib interactor and judgeInfo.json filled
// doc/exports.md says what each system's admin uploads and what each export adapts.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace entrapment {

// A format is known by its canonical name ("legacy", "kattis", "2025-09", ...): the formats are
// rows of one table (export.cpp), so that adding one changes no header the other formats'
// files include. The canonical names, in the order help lists them:
const std::vector<std::string>& export_format_names();

// The canonical name of the format a user means by `name`: a canonical name or another name
// people use for the same system ("problemtools", "bapctools", "codeforces", "qoj", ...), in
// any case. Nothing when there is none; then export_format_error() says why, suggesting the
// closest name.
std::optional<std::string> parse_export_format(const std::string& name);
std::string export_format_error(const std::string& name);

// The statement's language for the 2025-09 format, which allows one statement per language:
// LaTeX (BAPCtools reads no other; the default) or Markdown. legacy and Polygon are LaTeX only.
enum class StatementFormat { Latex, Markdown };
std::optional<StatementFormat> parse_statement_format(const std::string& name);

// What an export reports of the temporary files and directories it makes, so that an interrupt
// (Ctrl-C, SIGTERM) removes them: `judge export` connects these to the CLI's interrupt handling
// (judge/containment/interrupts.hpp). Left empty, nothing is reported.
struct TemporaryTracking {
  std::function<int(const std::filesystem::path&)> track;  // removed if interrupted; a key
  std::function<void(int)> untrack;                        // no longer
  // Held around each file written into a tracked directory (what it returns is released
  // after the write); throws once an interrupt's clean-up has begun, and waits while it runs.
  // A copy that went on while the clean-up removed the directory made that removal fail
  // half-way, and the directory was left.
  std::function<std::shared_ptr<void>()> hold_for_write;
};

struct ExportOptions {
  std::filesystem::path root;       // the repository (problem.yaml, testdata/ ...)
  std::filesystem::path build_dir;  // holds interactor/*.cpp, the generated single files
  std::filesystem::path out_dir;    // the package goes to out_dir/SHORT_NAME
  std::string format = "legacy";    // a canonical name: parse_export_format()
  bool zip = false;                 // also write out_dir/SHORT_NAME.zip
  bool exhaustive = false;          // also ship testdata/exhaustive (see each format for where)
  StatementFormat statement = StatementFormat::Latex;  // 2025-09 only
  // hydro only: the official limits instead of the ones a default Hydro judge accepts.
  bool official_limits = false;
  // Replace an out_dir/SHORT_NAME (and SHORT_NAME.zip) that judge export did not write. Never
  // allows writing into, over or around the package root or the build directory.
  bool force = false;
  TemporaryTracking temporaries;
};

struct ExportReport {
  std::filesystem::path package_dir;
  std::filesystem::path zip_path;  // empty without --zip
  std::string zip_layout;          // what the zip holds at its root, for the user
  std::vector<std::string> files;  // relative to package_dir, sorted
  std::size_t test_cases = 0;      // sample + secret (+ exhaustive)
  std::size_t submissions = 0;
  // What differs from problem.yaml's limits or the all-or-nothing scoring, with the option
  // and the system settings that keep the official value: printed first, as warnings.
  std::vector<std::string> differences;
  std::vector<std::string> warnings;  // what was left out or adapted, and why
};

// Something the export cannot do (a missing source, a file it does not know): the message
// names the file and what was wrong.
class ExportError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Writes the package into out_dir/SHORT_NAME, the package's short name (judge.yaml's
// short_name, or problem.yaml's name in [a-z0-9]+: package/problem_modules.hpp). Everything is
// read and checked first (the single-file programs against their sources too); the package is
// written into a temporary directory next to out_dir/SHORT_NAME and put in place at the end,
// replacing a previous export there (output_directory.hpp says what it refuses). Throws
// ExportError.
ExportReport export_package(const ExportOptions& options);

}  // namespace entrapment
