// The arrangements of a SourcePackage (internal to judge/export), one per contest system. Each
// writes the package's files and its README.md (first line kExportMarker: what to upload where,
// what was adapted) and says what its zip holds; what it leaves out or adapts also goes to
// `notes` (printed by judge export, repeated in the README).
#pragma once

#include "export.hpp"
#include "package_writer.hpp"
#include "source_package.hpp"

namespace entrapment {

struct FormatResult {
  std::size_t submissions = 0;
  // What `--zip` puts in the archive: the files below `zip_root` (a directory of the package,
  // "" for all of it), at the archive's root, or inside a directory named the package's short name
  // when `zip_nested` (Kattis' upload). Every importer that reads a zip reads it at its root.
  std::string zip_root;
  bool zip_nested = false;
  // What the package changes from problem.yaml's limits or the all-or-nothing scoring, each
  // with the official value, the option that keeps it and the system's settings it then needs:
  // judge export prints these first, as warnings, and the README starts with them.
  std::vector<std::string> differences;
};

// One per system, each reading of `options` what concerns it (--statement, --official-limits).
// The writers are declared where the table of formats names them (export.cpp), not here: a new
// one then recompiles no other format's file.
using FormatWriter = FormatResult(const SourcePackage& source, PackageWriter& out,
                                  const ExportOptions& options, std::vector<std::string>& notes);

// ---- shared by the formats (formats.cpp) ----

// The time limit as contest systems write it: "5", "2.5".
std::string format_time_limit(double seconds);

// problem.yaml's limits in the units contest systems write them.
struct OfficialLimits {
  std::string time_s;  // format_time_limit()
  long long time_ms;
  long long memory_mib;
  long long memory_kib;
};
OfficialLimits official_limits(const SourcePackage& source);

// The samples' .interaction files, in order, and the statement as the plain-text PDF the
// systems without a Markdown or LaTeX statement take.
std::vector<std::string> sample_interactions(const SourcePackage& source);
std::string statement_pdf(const SourcePackage& source);

// README.md: kExportMarker, then `differences` as warnings, then `body`, then `notes` as a list.
void write_package_readme(PackageWriter& out, const std::string& body,
                          const std::vector<std::string>& notes,
                          const std::vector<std::string>& differences = {});

// What an admin checks in the system the package goes to, for the README's section "Settings to
// check in SYSTEM": each a sentence or more of Markdown.
struct SystemSettings {
  std::string system;     // as the heading names it: "DOMjudge", "Luogu"
  std::string limits;     // the limits in force and where the system takes them from
  std::string compile;    // how the system compiles the interactor
  std::string scoring;    // how a submission is scored
  std::string downloads;  // what contestants may download
};
std::string settings_section(const SystemSettings& settings);

// The tests a system judges, in the order it numbers them: the samples first, then the secret
// tests, then the exhaustive tier when exported.
std::vector<const SourceTest*> judged_tests(const SourcePackage& source);

// `number` with leading zeros to `width` digits; the width that numbers `count` items (at least
// `minimum` digits).
std::string padded(std::size_t number, int width);
int width_for(std::size_t count, int minimum = 2);

// The Markdown of one section of the statement (no heading), and the statement's samples as
// the lines the program reads and the lines it prints, one pair per sample.
std::string section_markdown(const SourcePackage& source, const std::string& section);
std::vector<PolygonExample> sample_examples(const SourcePackage& source);
// Each sample's whole exchange, in order ("<" judge, ">" program), in Markdown.
std::string examples_exchange_markdown(const SourcePackage& source);

// The expected verdict directory of a submission that fails by exceeding the memory limit
// (its first line says "RUN TIME ERROR (memory)").
bool fails_by_memory(const SourceSubmission& submission);

// The contents of a submission's file with `line` (a comment in the file's language) inserted
// as its first line, after a "#!" line if there is one.
std::string with_first_comment(const std::filesystem::path& file, const std::string& line);

}  // namespace entrapment
