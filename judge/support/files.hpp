// The one way judge/ reads and writes whole files (the single-file transports, which may use
// the core only, keep their own).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace entrapment {

// The file's bytes, exactly; nothing when it cannot be opened or read (the caller names the
// file in its own error).
std::optional<std::string> read_file(const std::filesystem::path& path);

// Writes `bytes` to `path`, replacing what was there, creating the missing parent directories.
// Throws std::runtime_error "cannot write PATH" when it cannot.
void write_file(const std::filesystem::path& path, const std::string& bytes);

}  // namespace entrapment
