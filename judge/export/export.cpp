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

namespace {

struct FormatName {
  const char* name;
  ExportFormat format;
};

// Canonical names first (export_format_names() lists them), then the other names people type
// for the same system.
const FormatName kFormatNames[] = {
    {"legacy", ExportFormat::Legacy},
    {"kattis", ExportFormat::Kattis},
    {"2025-09", ExportFormat::Kattis2025},
    {"domjudge", ExportFormat::DOMjudge},
    {"polygon", ExportFormat::Polygon},
    {"luogu", ExportFormat::Luogu},
    {"hydro", ExportFormat::Hydro},
    {"uoj", ExportFormat::UOJ},
    {"cms", ExportFormat::CMS},
    {"libreoj", ExportFormat::LibreOJ},
    // aliases
    {"problemtools", ExportFormat::Legacy},
    {"kattis-legacy", ExportFormat::Legacy},
    {"bapctools", ExportFormat::Kattis2025},
    {"2025", ExportFormat::Kattis2025},
    {"2025-09-draft", ExportFormat::Kattis2025},
    {"codeforces", ExportFormat::Polygon},
    {"hydrooj", ExportFormat::Hydro},
    {"qoj", ExportFormat::UOJ},
    {"universaloj", ExportFormat::UOJ},
    {"uoj-system", ExportFormat::UOJ},
    {"loj", ExportFormat::LibreOJ},
    {"lyrio", ExportFormat::LibreOJ},
};

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

std::string joined_names() {
  std::string out;
  for (const std::string& name : export_format_names()) out += (out.empty() ? "" : ", ") + name;
  return out;
}

}  // namespace

const std::vector<std::string>& export_format_names() {
  static const std::vector<std::string> names = {"legacy",  "kattis", "2025-09", "domjudge",
                                                 "polygon", "luogu",  "hydro",   "uoj",
                                                 "cms",     "libreoj"};
  return names;
}

std::optional<ExportFormat> parse_export_format(const std::string& name) {
  const std::string wanted = lower(name);
  for (const FormatName& entry : kFormatNames)
    if (wanted == entry.name) return entry.format;
  return std::nullopt;
}

std::string export_format_error(const std::string& name) {
  const std::string wanted = lower(name);
  std::vector<std::string> names;
  for (const FormatName& entry : kFormatNames) names.push_back(entry.name);
  const FormatName* closest = nullptr;
  if (const std::optional<std::string> nearest = nearest_name(wanted, names))  // two edits away
    for (const FormatName& entry : kFormatNames)
      if (!closest && *nearest == entry.name) closest = &entry;
  std::string message = "--format " + name + ": no such format";
  if (closest) {
    message += "; did you mean " + std::string(closest->name);
    if (closest->name != std::string(to_string(closest->format)))
      message += std::string(" (--format ") + to_string(closest->format) + ")";
    message += "?";
  }
  return message + " The formats: " + joined_names() +
         " (doc/exports.md says which system takes which).";
}

const char* to_string(ExportFormat format) {
  switch (format) {
    case ExportFormat::Legacy:
      return "legacy";
    case ExportFormat::Kattis:
      return "kattis";
    case ExportFormat::Kattis2025:
      return "2025-09";
    case ExportFormat::DOMjudge:
      return "domjudge";
    case ExportFormat::Polygon:
      return "polygon";
    case ExportFormat::Luogu:
      return "luogu";
    case ExportFormat::Hydro:
      return "hydro";
    case ExportFormat::UOJ:
      return "uoj";
    case ExportFormat::CMS:
      return "cms";
    case ExportFormat::LibreOJ:
      return "libreoj";
  }
  return "legacy";
}

std::optional<StatementFormat> parse_statement_format(const std::string& name) {
  if (name == "latex") return StatementFormat::Latex;
  if (name == "markdown") return StatementFormat::Markdown;
  return std::nullopt;
}

ExportReport export_package(const ExportOptions& options) {
  if (options.statement == StatementFormat::Markdown && options.format != ExportFormat::Kattis2025)
    throw ExportError(std::string("--statement markdown: the ") + to_string(options.format) +
                      " format takes LaTeX statements only (Markdown is for 2025-09)");
  if (options.official_limits && options.format != ExportFormat::Hydro)
    throw ExportError(std::string("--official-limits: the ") + to_string(options.format) +
                      " format always has the official limits (the option is for hydro)");
  // Everything is read and checked before the output directory is touched.
  const SourcePackage source =
      read_source_package(options.root, options.build_dir, options.exhaustive);
  ExportReport report;
  report.package_dir = fs::absolute(options.out_dir / kPackageName).lexically_normal();
  OutputDirectory output(report.package_dir, {options.root, options.build_dir}, options.force,
                         options.temporaries);
  if (options.zip) {
    report.zip_path = report.package_dir.parent_path() / (std::string(kPackageName) + ".zip");
    std::error_code error;
    if (fs::exists(fs::symlink_status(report.zip_path, error)) && !options.force &&
        !zip_written_by_judge_export(report.zip_path))
      throw ExportError(report.zip_path.string() +
                        ": exists and was not written by judge export; move it away or pass "
                        "--force to replace it");
  }
  PackageWriter out(output.staging());
  report.warnings = source.warnings;
  FormatResult result;
  switch (options.format) {
    case ExportFormat::Legacy:
    case ExportFormat::Kattis:
    case ExportFormat::DOMjudge:
      result = write_legacy(source, out, options.format, report.warnings);
      break;
    case ExportFormat::Kattis2025:
      result = write_kattis_2025(source, out, options.statement, report.warnings);
      break;
    case ExportFormat::Polygon:
      result = write_polygon(source, out, report.warnings);
      break;
    case ExportFormat::Luogu:
      result = write_luogu(source, out, report.warnings);
      break;
    case ExportFormat::Hydro:
      result = write_hydro(source, out, options.official_limits, report.warnings);
      break;
    case ExportFormat::UOJ:
      result = write_uoj(source, out, report.warnings);
      break;
    case ExportFormat::CMS:
      result = write_cms(source, out, report.warnings);
      break;
    case ExportFormat::LibreOJ:
      result = write_libreoj(source, out, report.warnings);
      break;
  }
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
    const std::string prefix = result.zip_nested ? kPackageName : "";
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
