// The one way judge/ reads and writes whole files (the single-file transports, which may use
// the core only, keep their own).
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

namespace entrapment {

// The file's bytes, exactly; nothing when it cannot be opened or read (the caller names the
// file in its own error).
std::optional<std::string> read_file(const std::filesystem::path& path);

// What a bounded read found: the bytes, or why there are none.
struct SmallFile {
  std::optional<std::string> text;  // nothing when it cannot be opened or read, or is too large
  bool too_large = false;           // it holds more than the limit
  std::size_t limit = 0;            // the limit it was read with
  // When there is no text: "cannot read the file" or "the file is larger than LIMIT".
  std::string why_not() const;
};

// The limit for test files and the package's configuration files.
constexpr std::size_t kSmallFileLimit = 16u << 20;

// Test files and configuration are a few kilobytes: reading a multi-gigabyte one (a mistake, a
// sparse file, a device) whole would take the machine's memory and minutes before any message.
// This stops at `limit` bytes and says so.
SmallFile read_small_file(const std::filesystem::path& path, std::size_t limit = kSmallFileLimit);

// Appends what `fd` gives to `text` until the end of input (true) or an error (false: what was
// read stays in `text`, which for a non-blocking pipe or a process that is gone is all there is).
bool read_to_end(int fd, std::string& text);

// `text` without the line ends ('\n', '\r') it ends with: a program's message, on one line.
std::string without_line_ends(std::string text);

// Writes `bytes` to `path`, replacing what was there, creating the missing parent directories.
// Throws std::runtime_error "cannot write PATH: the system's reason" when it cannot.
void write_file(const std::filesystem::path& path, const std::string& bytes);

}  // namespace entrapment
