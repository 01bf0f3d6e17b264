// Whole files in the tests, through judge/support/files (the one file I/O module): a file
// that cannot be read reads as "" (a test then fails on its content, naming what it expected).
#pragma once

#include <filesystem>
#include <string>

namespace entrapment::testing {

std::string read_text(const std::filesystem::path& path);

// Creates the missing parent directories; throws when it cannot write.
void write_text(const std::filesystem::path& path, const std::string& text);

}  // namespace entrapment::testing
