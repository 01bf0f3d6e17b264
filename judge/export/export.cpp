#include "export.hpp"

#include <algorithm>
#include <cctype>

#include "formats.hpp"
#include "output_directory.hpp"
#include "package_writer.hpp"
#include "source_package.hpp"
#include "support/spelling.hpp"
#include "zip_writer.hpp"

namespace fs = std::filesystem;

namespace entrapment {

// Every format's writer, declared here only: the table below is the one place that names them
// all, so that a new format (doc/development.md, "How to add an export format") changes no
// header the other formats include. A writer's definition of another type is a link error.
FormatWriter write_legacy;    // kattis_formats.cpp
FormatWriter write_kattis;    // kattis_formats.cpp
FormatWriter write_domjudge;  // kattis_formats.cpp
FormatWriter write_kattis_2025;
FormatWriter write_polygon;
FormatWriter write_luogu;
FormatWriter write_hydro;
FormatWriter write_uoj;
FormatWriter write_cms;
FormatWriter write_libreoj;

namespace {

// Which of judge export's format-specific options a format reads.
enum Takes { kNoOption = 0, kStatementChoice = 1, kOfficialLimits = 2 };

// Every format: its canonical name (the order help lists them in), its writer, the other names
// people type for the same system, and the options it reads (--statement, --official-limits).
// Adding a format is one row here (doc/development.md, "How to add an export format").
struct Format {
  const char* name;
  FormatWriter* write;
  std::vector<std::string> aliases;
  int takes = kNoOption;
};

const std::vector<Format> kFormats = {
    {"legacy", write_legacy, {"problemtools", "kattis-legacy"}},
    {"kattis", write_kattis, {}},
    {"2025-09", write_kattis_2025, {"bapctools", "2025", "2025-09-draft"}, kStatementChoice},
    {"domjudge", write_domjudge, {}},
    {"polygon", write_polygon, {"codeforces"}},
    {"luogu", write_luogu, {}},
    {"hydro", write_hydro, {"hydrooj"}, kOfficialLimits},
    {"uoj", write_uoj, {"qoj", "universaloj", "uoj-system"}},
    {"cms", write_cms, {}},
    {"libreoj", write_libreoj, {"loj", "lyrio"}},
};

struct FormatName {
  std::string name;
  const char* canonical;
};

// Canonical names first, then the aliases.
std::vector<FormatName> all_names() {
  std::vector<FormatName> names;
  for (const Format& entry : kFormats) names.push_back({entry.name, entry.name});
  for (const Format& entry : kFormats)
    for (const std::string& alias : entry.aliases) names.push_back({alias, entry.name});
  return names;
}

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

std::string joined_names() {
  std::string out;
  for (const std::string& name : export_format_names()) out += (out.empty() ? "" : ", ") + name;
  return out;
}

// The canonical names of the formats that read an option (`takes`), for its error message.
std::string formats_taking(int option) {
  std::string out;
  for (const Format& entry : kFormats)
    if (entry.takes & option) out += (out.empty() ? "" : ", ") + std::string(entry.name);
  return out;
}

const Format& entry_of(const std::string& name) {
  for (const Format& entry : kFormats)
    if (name == entry.name) return entry;
  throw ExportError("no export format is called '" + name + "' (the formats: " + joined_names() +
                    ")");
}

}  // namespace

const std::vector<std::string>& export_format_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const Format& entry : kFormats) out.push_back(entry.name);
    return out;
  }();
  return names;
}

std::optional<std::string> parse_export_format(const std::string& name) {
  const std::string wanted = lower(name);
  for (const FormatName& entry : all_names())
    if (wanted == entry.name) return std::string(entry.canonical);
  return std::nullopt;
}

std::string export_format_error(const std::string& name) {
  const std::string wanted = lower(name);
  const std::vector<FormatName> entries = all_names();
  std::vector<std::string> names;
  for (const FormatName& entry : entries) names.push_back(entry.name);
  const FormatName* closest = nullptr;
  if (const std::optional<std::string> nearest = nearest_name(wanted, names))  // two edits away
    for (const FormatName& entry : entries)
      if (!closest && *nearest == entry.name) closest = &entry;
  std::string message = "--format " + name + ": no such format";
  if (closest) {
    message += "; did you mean " + closest->name;
    if (closest->name != closest->canonical)
      message += std::string(" (--format ") + closest->canonical + ")";
    message += "?";
  }
  return message + " The formats: " + joined_names() +
         " (doc/exports.md says which system takes which).";
}

std::optional<StatementFormat> parse_statement_format(const std::string& name) {
  if (name == "latex") return StatementFormat::Latex;
  if (name == "markdown") return StatementFormat::Markdown;
  return std::nullopt;
}

ExportReport export_package(const ExportOptions& options) {
  const Format& format = entry_of(options.format);
  if (options.statement == StatementFormat::Markdown && !(format.takes & kStatementChoice))
    throw ExportError("--statement markdown: the " + options.format +
                      " format takes LaTeX statements only (Markdown is for " +
                      formats_taking(kStatementChoice) + ")");
  if (options.official_limits && !(format.takes & kOfficialLimits))
    throw ExportError("--official-limits: the " + options.format +
                      " format always has the official limits (the option is for " +
                      formats_taking(kOfficialLimits) + ")");
  // Everything is read and checked before the output directory is touched.
  const SourcePackage source =
      read_source_package(options.root, options.build_dir, options.exhaustive);
  ExportReport report;
  report.package_dir = fs::absolute(options.out_dir / source.short_name).lexically_normal();
  OutputDirectory output(report.package_dir, {options.root, options.build_dir}, options.force,
                         options.temporaries);
  if (options.zip) {
    report.zip_path = report.package_dir.parent_path() / (source.short_name + ".zip");
    std::error_code error;
    if (fs::exists(fs::symlink_status(report.zip_path, error)) && !options.force &&
        !zip_written_by_judge_export(report.zip_path))
      throw ExportError(report.zip_path.string() +
                        ": exists and was not written by judge export; move it away or pass "
                        "--force to replace it");
  }
  PackageWriter out(output.staging(), options.temporaries.hold_for_write);
  report.warnings = source.warnings;
  const FormatResult result = format.write(source, out, options, report.warnings);
  report.differences = result.differences;
  report.submissions = result.submissions;
  report.files = out.files();
  report.test_cases = source.group("sample").size() + source.group("secret").size() +
                      source.group("exhaustive").size();
  if (options.zip) {
    const std::string root = result.zip_root.empty() ? "" : result.zip_root + "/";
    std::vector<std::string> zipped;
    for (const std::string& file : report.files)
      if (file.compare(0, root.size(), root) == 0) zipped.push_back(file.substr(root.size()));
    const std::string prefix = result.zip_nested ? source.short_name : "";
    write_zip(report.zip_path, output.staging() / result.zip_root, zipped, prefix,
              options.temporaries);
    report.zip_layout = (result.zip_root.empty() ? std::string("the package")
                                                 : "the files of " + result.zip_root + "/") +
                        (result.zip_nested ? " in a directory " + prefix + "/"
                                           : std::string(" at the archive's root"));
  }
  output.commit();
  return report;
}

}  // namespace entrapment
