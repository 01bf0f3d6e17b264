// A ZIP archive of an exported package, as the formats allow (the package directory zipped,
// same base name). Stored, not compressed: deterministic bytes (fixed timestamps, sorted
// entries) from the standard library alone, and the packages are small.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "export.hpp"

namespace entrapment {

// Writes `zip_path` holding `files` (relative to `dir`) as `prefix`/file, or at the archive's
// root when `prefix` is empty, with kZipComment as the archive comment; through a temporary
// file renamed at the end, so a failure leaves a previous archive whole (the temporary file is
// reported to `temporaries` while it exists). Throws ExportError.
void write_zip(const std::filesystem::path& zip_path, const std::filesystem::path& dir,
               const std::vector<std::string>& files, const std::string& prefix,
               const TemporaryTracking& temporaries = {});

// The archive comment of every ZIP judge export writes: what allows the next export to replace
// the file (an export never overwrites a file it did not write).
extern const char* const kZipComment;

// True when `path` is a ZIP archive whose comment is kZipComment.
bool zip_written_by_judge_export(const std::filesystem::path& path);

// The CRC-32 (IEEE 802.3) of `data`, as ZIP records it.
unsigned long crc32(const std::string& data);

}  // namespace entrapment
