#include "output_directory.hpp"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <fstream>

#include "export.hpp"
#include "export_leftovers.hpp"

namespace fs = std::filesystem;

namespace entrapment {

const char* const kExportMarker =
    "<!-- Written by `judge export` (Entrapment judging package). The next judge export into "
    "this directory replaces it; delete this line to keep it from being replaced. -->";

fs::perms default_permissions(fs::perms wanted) {
  const mode_t mask = umask(0);
  umask(mask);
  return wanted & ~static_cast<fs::perms>(mask);
}

namespace {

fs::path resolved(const fs::path& path) {
  std::error_code error;
  fs::path out = fs::weakly_canonical(fs::absolute(path), error);
  if (error) out = fs::absolute(path).lexically_normal();
  return out;
}

// A new, empty directory next to `target` named .<target name>.<what>-XXXXXX, with the
// permissions of any directory the user creates (mkdtemp makes it private), marked as this
// export's while it lives (export_leftovers.hpp: `mark` holds the mark).
fs::path make_sibling_directory(const fs::path& target, const std::string& what, int& mark) {
  std::string pattern =
      (target.parent_path() / ("." + target.filename().string() + "." + what + "-XXXXXX")).string();
  if (!mkdtemp(pattern.data()))
    throw ExportError(target.parent_path().string() + ": cannot create a temporary directory for " +
                      "the export: " + std::generic_category().message(errno));
  mark = mark_in_progress(pattern);
  std::error_code ignored;
  fs::permissions(pattern, default_permissions(fs::perms::all), ignored);
  return pattern;
}

}  // namespace

bool written_by_judge_export(const fs::path& dir) {
  std::error_code error;
  if (!fs::is_directory(dir, error)) return false;
  std::ifstream readme(dir / "README.md", std::ios::binary);
  std::string first;
  return readme && std::getline(readme, first) && first == kExportMarker;
}

bool same_or_inside(const fs::path& path, const fs::path& dir) {
  const fs::path p = resolved(path), d = resolved(dir);
  auto pi = p.begin();
  for (auto di = d.begin(); di != d.end(); ++di, ++pi) {
    if (di->empty()) continue;  // a trailing separator
    if (pi == p.end() || *pi != *di) return false;
  }
  return true;
}

OutputDirectory::OutputDirectory(const fs::path& target,
                                 const std::vector<fs::path>& protected_dirs, bool force,
                                 TemporaryTracking temporaries)
    : target_(fs::absolute(target).lexically_normal()), temporaries_(std::move(temporaries)) {
  for (const fs::path& dir : protected_dirs) {
    if (dir.empty()) continue;
    if (same_or_inside(target_, dir) || same_or_inside(dir, target_))
      throw ExportError(target_.string() + ": refusing to export there: it " +
                        (same_or_inside(dir, target_) && same_or_inside(target_, dir) ? "is "
                         : same_or_inside(dir, target_)                               ? "contains "
                                                        : "lies inside ") +
                        resolved(dir).string() +
                        " (the package's sources or build); choose an output directory outside "
                        "both");
  }
  std::error_code error;
  const fs::file_status status = fs::symlink_status(target_, error);
  if (fs::exists(status) && !force && !written_by_judge_export(target_))
    throw ExportError(target_.string() + ": exists and was not written by judge export (no " +
                      "marker line at the top of its README.md); move it away, choose another " +
                      "output directory, or pass --force to replace it");
  const fs::path parent = target_.parent_path();
  fs::create_directories(parent, error);
  if (error || !fs::is_directory(parent))
    throw ExportError(parent.string() + ": cannot create the output directory" +
                      (error ? ": " + error.message() : ""));
  // What an export of this target that was killed left here (never what another wrote, nor
  // what a running export is writing).
  remove_leftovers_of(target_);
  staging_ = make_sibling_directory(target_, "export", staging_mark_);
  if (temporaries_.track) staging_key_ = temporaries_.track(staging_);
}

OutputDirectory::~OutputDirectory() {
  release_mark(staging_mark_);
  if (!committed_ && !staging_.empty()) {
    std::error_code ignored;
    fs::remove_all(staging_, ignored);
  }
  if (staging_key_ && temporaries_.untrack) temporaries_.untrack(staging_key_);
}

void OutputDirectory::commit() {
  unmark(staging_);  // the mark is not part of the package (still held: no other export takes it)
  std::error_code error;
  if (fs::exists(fs::symlink_status(target_, error))) {
    // One atomic exchange: the new export takes the target's place, the previous one the
    // staging directory's (still tracked, so an interrupt now removes it too); never a moment
    // without an export in place, never one lost.
    if (renameat2(AT_FDCWD, staging_.c_str(), AT_FDCWD, target_.c_str(), RENAME_EXCHANGE) == 0) {
      committed_ = true;
      int mark = mark_in_progress(staging_);  // killed during the removal: the next one ends it
      fs::remove_all(staging_, error);
      release_mark(mark);
      return;
    }
    // A file system without the exchange: the previous export is moved aside first (a rename,
    // so nothing is lost if the next step fails) and removed once the new one is in place.
    int previous_mark = -1;
    const fs::path previous = make_sibling_directory(target_, "replaced", previous_mark);
    struct Release {
      int& fd;
      ~Release() { release_mark(fd); }
    } release{previous_mark};
    fs::rename(target_, previous / "package", error);
    if (error) {
      std::error_code ignored;
      fs::remove(previous, ignored);
      throw ExportError(target_.string() +
                        ": cannot move the previous export aside: " + error.message());
    }
    fs::rename(staging_, target_, error);
    if (error) {
      std::error_code ignored;
      fs::rename(previous / "package", target_, ignored);
      fs::remove(previous, ignored);
      throw ExportError(target_.string() +
                        ": cannot move the new export into place: " + error.message());
    }
    committed_ = true;
    fs::remove_all(previous, error);
    return;
  }
  fs::rename(staging_, target_, error);
  if (error)
    throw ExportError(target_.string() +
                      ": cannot move the new export into place: " + error.message());
  committed_ = true;
}

}  // namespace entrapment
