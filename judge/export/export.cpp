#include "export.hpp"

#include "formats.hpp"
#include "output_directory.hpp"
#include "package_writer.hpp"
#include "source_package.hpp"
#include "zip_writer.hpp"

namespace fs = std::filesystem;

namespace entrapment {

const std::vector<std::string>& export_format_names() {
  static const std::vector<std::string> names = {"legacy", "2025-09", "polygon"};
  return names;
}

std::optional<ExportFormat> parse_export_format(const std::string& name) {
  if (name == "legacy") return ExportFormat::Legacy;
  if (name == "2025-09") return ExportFormat::Kattis2025;
  if (name == "polygon") return ExportFormat::Polygon;
  return std::nullopt;
}

const char* to_string(ExportFormat format) {
  switch (format) {
    case ExportFormat::Legacy:
      return "legacy";
    case ExportFormat::Kattis2025:
      return "2025-09";
    case ExportFormat::Polygon:
      return "polygon";
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
  // Everything is read and checked before the output directory is touched.
  const SourcePackage source =
      read_source_package(options.root, options.build_dir, options.exhaustive);
  ExportReport report;
  report.package_dir = fs::absolute(options.out_dir / kPackageName).lexically_normal();
  OutputDirectory output(report.package_dir, {options.root, options.build_dir}, options.force);
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
  switch (options.format) {
    case ExportFormat::Legacy:
      report.submissions = write_legacy(source, out, report.warnings);
      break;
    case ExportFormat::Kattis2025:
      report.submissions = write_kattis_2025(source, out, options.statement, report.warnings);
      break;
    case ExportFormat::Polygon:
      report.submissions = write_polygon(source, out, report.warnings);
      break;
  }
  report.files = out.files();
  report.test_cases = source.group("sample").size() + source.group("secret").size() +
                      source.group("exhaustive").size();
  if (options.zip) write_zip(report.zip_path, output.staging(), report.files, kPackageName);
  output.commit();
  return report;
}

}  // namespace entrapment
