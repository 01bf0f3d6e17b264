// Copies made by the runner: every descriptor opened close-on-exec (a descriptor open for
// writing that leaked into a process started meanwhile made the copy "Text file busy" when it
// was run), never through a symbolic link (what a compiler left in a directory the contestant
// owns may point anywhere), and bounded (a directory a contestant filled must not fill the
// judge's disk in turn).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace entrapment {

class CopyError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// `from` (a regular file, not a symbolic link) to `to` (replaced if it exists, never followed
// if it is a link), with `mode`. Throws CopyError naming the file and why.
void copy_regular_file(const std::filesystem::path& from, const std::filesystem::path& to,
                       mode_t mode);

struct CopyBounds {
  std::uintmax_t max_bytes = std::uintmax_t{256} << 20;
  int max_entries = 10000;
};

// A directory's regular files and subdirectories (symbolic links and anything else are
// skipped), files with `file_mode`, directories with `dir_mode`. Throws CopyError beyond
// `bounds`, naming the directory.
void copy_directory(const std::filesystem::path& from, const std::filesystem::path& to,
                    mode_t file_mode, mode_t dir_mode, CopyBounds bounds = {});

}  // namespace entrapment
