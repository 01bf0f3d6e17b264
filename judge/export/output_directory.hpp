// Where an export is written, so that it never destroys what `judge export` did not write:
//   - the package directory (OUTDIR/entrapment) must not be, contain or lie inside the package
//     root or the build directory (an export run in a checkout itself named "entrapment" once
//     replaced the checkout);
//   - an existing package directory is replaced only when its README.md starts with the marker
//     line every export writes (kExportMarker), or with --force;
//   - the new package is written into a hidden temporary sibling and put in place at the end
//     (exchanged atomically with a previous export, which is then removed), so a failed export
//     leaves the previous one whole;
//   - every temporary directory is reported to TemporaryTracking, so that an interrupted export
//     (Ctrl-C) leaves nothing behind either; one that was killed outright leaves its temporary
//     directories marked, and the next export of that target removes them
//     (export_leftovers.hpp).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "export.hpp"

namespace entrapment {

// The first line of the README.md of every exported package: what marks a directory as one
// that judge export wrote and may replace.
extern const char* const kExportMarker;

// `wanted` less the process's umask: the permissions of a file or directory the user creates
// (mkdtemp and mkstemp make theirs private, which no contest system's other user could read).
std::filesystem::perms default_permissions(std::filesystem::perms wanted);

// True when `dir` is a directory whose README.md starts with kExportMarker.
bool written_by_judge_export(const std::filesystem::path& dir);

// True when `path` is `dir` or lies below it, comparing the paths with symbolic links resolved.
bool same_or_inside(const std::filesystem::path& path, const std::filesystem::path& dir);

class OutputDirectory {
 public:
  // Checks before anything is written (throws ExportError): `target` must not be, contain or
  // lie inside any of `protected_dirs`; an existing `target` must be a previous export unless
  // `force`. Then creates the staging directory next to `target`.
  OutputDirectory(const std::filesystem::path& target,
                  const std::vector<std::filesystem::path>& protected_dirs, bool force,
                  TemporaryTracking temporaries = {});
  ~OutputDirectory();  // removes the staging directory unless commit() moved it into place
  OutputDirectory(const OutputDirectory&) = delete;
  OutputDirectory& operator=(const OutputDirectory&) = delete;

  const std::filesystem::path& staging() const { return staging_; }
  // Puts the staging directory in place of the target, replacing a previous export there.
  void commit();

 private:
  std::filesystem::path target_;
  std::filesystem::path staging_;
  TemporaryTracking temporaries_;
  int staging_key_ = 0;
  int staging_mark_ = -1;  // the staging directory's in-progress mark, held (locked)
  bool committed_ = false;
};

}  // namespace entrapment
