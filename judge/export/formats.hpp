// The three arrangements of a SourcePackage (internal to judge/export).
#pragma once

#include "package_writer.hpp"
#include "source_package.hpp"

namespace entrapment {

void write_legacy(const SourcePackage& source, PackageWriter& out);
void write_kattis_2025(const SourcePackage& source, PackageWriter& out);
void write_polygon(const SourcePackage& source, PackageWriter& out);

// The time limit as contest systems write it: "5", "2.5".
std::string format_seconds(double seconds);

}  // namespace entrapment
