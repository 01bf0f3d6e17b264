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

// Appends what `fd` gives to `text` until the end of input (true) or an error (false: what was
// read stays in `text`, which for a non-blocking pipe or a process that is gone is all there is).
bool read_to_end(int fd, std::string& text);

// Writes `bytes` to `path`, replacing what was there, creating the missing parent directories.
// Throws std::runtime_error "cannot write PATH" when it cannot.
void write_file(const std::filesystem::path& path, const std::string& bytes);

}  // namespace entrapment
