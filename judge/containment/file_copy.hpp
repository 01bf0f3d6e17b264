// Copies made by the judge: every descriptor opened close-on-exec (a descriptor open for
// writing that leaked into a process started meanwhile made the copy "Text file busy" when it
// was run), never through a symbolic link (what a compiler left in a directory the contestant
// owns may point anywhere), and bounded (a directory a contestant filled must not fill the
// judge's disk in turn).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <functional>
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
// skipped), files with `file_mode` (or each by `copy_file` when given), directories with
// `dir_mode`. Throws CopyError beyond `bounds`, naming the directory.
using CopyFile = std::function<void(const std::filesystem::path&, const std::filesystem::path&)>;
void copy_directory(const std::filesystem::path& from, const std::filesystem::path& to,
                    mode_t file_mode, mode_t dir_mode, CopyBounds bounds = {},
                    const CopyFile& copy_file = {});

// A compiled program (a file, or a directory of classes), readable and runnable by the
// contestant's user: the copy a compilation's output and the compile cache's entry are made by.
void copy_program(const std::filesystem::path& from, const std::filesystem::path& to);

}  // namespace entrapment
