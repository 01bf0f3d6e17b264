// A ZIP archive of an exported package, as the formats allow (the package directory zipped,
// same base name). Stored, not compressed: deterministic bytes (fixed timestamps, sorted
// entries) from the standard library alone, and the packages are small.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace entrapment {

// Writes `zip_path` holding `files` (relative to `dir`) as `prefix`/file. Throws ExportError.
void write_zip(const std::filesystem::path& zip_path, const std::filesystem::path& dir,
               const std::vector<std::string>& files, const std::string& prefix);

// The CRC-32 (IEEE 802.3) of `data`, as ZIP records it.
unsigned long crc32(const std::string& data);

}  // namespace entrapment
