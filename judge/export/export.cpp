#include "export.hpp"

#include "formats.hpp"
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

ExportReport export_package(const ExportOptions& options) {
  // Everything is read and checked before the output directory is touched.
  const SourcePackage source = read_source_package(options.root, options.build_dir);
  ExportReport report;
  report.package_dir = options.out_dir / kPackageName;
  PackageWriter out(report.package_dir);
  switch (options.format) {
    case ExportFormat::Legacy:
      write_legacy(source, out);
      break;
    case ExportFormat::Kattis2025:
      write_kattis_2025(source, out);
      break;
    case ExportFormat::Polygon:
      write_polygon(source, out);
      break;
  }
  report.files = out.files();
  report.test_cases = source.group("sample").size() + source.group("secret").size();
  report.submissions = source.submissions.size();
  if (options.zip) {
    report.zip_path = options.out_dir / (std::string(kPackageName) + ".zip");
    write_zip(report.zip_path, report.package_dir, report.files, kPackageName);
  }
  return report;
}

}  // namespace entrapment
