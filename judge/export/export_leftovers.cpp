#include "export_leftovers.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <cstring>
#include <string>

namespace entrapment {

namespace fs = std::filesystem;

namespace {

constexpr const char kMarkName[] = "user.entrapment.judge-export";
constexpr const char kMarkValue[] = "in progress";

// Whether `dir` is a temporary directory that a killed export left: the user's own directory
// (not a link), marked, unlocked.
bool left_by_a_killed_export(const fs::path& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return false;
  struct stat info {};
  char value[sizeof kMarkValue] = {};
  const bool marked =
      ::fstat(fd, &info) == 0 && info.st_uid == ::geteuid() &&
      ::fgetxattr(fd, kMarkName, value, sizeof value) == static_cast<ssize_t>(sizeof value - 1) &&
      std::strcmp(value, kMarkValue) == 0;
  const bool dead = marked && ::flock(fd, LOCK_EX | LOCK_NB) == 0;  // locked: it still runs
  ::close(fd);
  return dead;
}

}  // namespace

int mark_in_progress(const fs::path& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return -1;
  // Locked first: no other export takes it for a leftover once it carries the mark.
  if (::flock(fd, LOCK_EX) == 0)
    ::fsetxattr(fd, kMarkName, kMarkValue, sizeof kMarkValue - 1, 0);  // none: never removed
  return fd;
}

void unmark(const fs::path& dir) { ::removexattr(dir.c_str(), kMarkName); }

void release_mark(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

void remove_leftovers_of(const fs::path& target) {
  const std::string name = target.filename().string();
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(target.parent_path(), error)) {
    const std::string found = entry.path().filename().string();
    bool ours_by_name = false;
    for (const char* what : {".export-", ".replaced-"}) {
      const std::string prefix = "." + name + what;
      ours_by_name = ours_by_name || (found.size() == prefix.size() + 6 &&
                                      found.compare(0, prefix.size(), prefix) == 0);
    }
    if (!ours_by_name || !left_by_a_killed_export(entry.path())) continue;
    std::error_code ignored;
    fs::remove_all(entry.path(), ignored);
  }
}

}  // namespace entrapment
