// The three arrangements of a SourcePackage (internal to judge/export). Each writes the
// package's files, its README.md (first line kExportMarker) and returns how many submissions
// it wrote; what it leaves out or adapts goes to `notes` (printed by judge export, repeated in
// the README).
#pragma once

#include "export.hpp"
#include "package_writer.hpp"
#include "source_package.hpp"

namespace entrapment {

std::size_t write_legacy(const SourcePackage& source, PackageWriter& out,
                         std::vector<std::string>& notes);
std::size_t write_kattis_2025(const SourcePackage& source, PackageWriter& out,
                              StatementFormat statement, std::vector<std::string>& notes);
std::size_t write_polygon(const SourcePackage& source, PackageWriter& out,
                          std::vector<std::string>& notes);

// The time limit as contest systems write it: "5", "2.5".
std::string format_time_limit(double seconds);

// README.md: kExportMarker, then `body`, then `notes` as a list.
void write_package_readme(PackageWriter& out, const std::string& body,
                          const std::vector<std::string>& notes);

}  // namespace entrapment
