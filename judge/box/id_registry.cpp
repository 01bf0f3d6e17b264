#include "id_registry.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "support/shared_path.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

// Where tests put their own registry (empty: the real one).
SharedPath test_dir;

std::string octal(mode_t mode) {
  char text[8];
  std::snprintf(text, sizeof text, "%04o", static_cast<unsigned>(mode & 07777));
  return text;
}

[[noreturn]] void refuse(const std::string& what, const std::string& why) {
  throw IdRegistryError("refusing the user id registry: " + what + " " + why +
                        "; only root may write there (see doc/execution.md)");
}

// Root's, and writable by no one else.
void check_owned_by_root(const struct stat& info, const std::string& what) {
  if (info.st_uid != 0) refuse(what, "belongs to user id " + std::to_string(info.st_uid));
  if (info.st_mode & (S_IWGRP | S_IWOTH))
    refuse(what, "is writable by others (mode " + octal(info.st_mode) + ")");
}

}  // namespace

fs::path id_registry_dir() {
  const fs::path dir = test_dir.get();
  return dir.empty() ? fs::path("/run/entrapment-ids") : dir;
}

void set_id_registry_dir_for_tests(const fs::path& dir) { test_dir.set(dir); }

int open_id_registry() {
  const fs::path dir = id_registry_dir();
  const fs::path parent = dir.parent_path();
  // The parent first: where others may write, they could put another directory in its place
  // (unless it is sticky: then only its owner, root, may rename it).
  struct stat info {};
  if (::lstat(parent.c_str(), &info) != 0)
    refuse(parent.string(), std::string("cannot be read: ") + std::strerror(errno));
  if (!S_ISDIR(info.st_mode)) refuse(parent.string(), "is not a directory");
  if (info.st_uid != 0)
    refuse(parent.string(), "belongs to user id " + std::to_string(info.st_uid));
  if ((info.st_mode & (S_IWGRP | S_IWOTH)) && !(info.st_mode & S_ISVTX))
    refuse(parent.string(),
           "is writable by others and not sticky (mode " + octal(info.st_mode) + ")");
  if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST)
    refuse(dir.string(), std::string("cannot be made: ") + std::strerror(errno));
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0)
    refuse(dir.string(), errno == ENOTDIR || errno == ELOOP
                             ? std::string("is not a directory (a symbolic link?)")
                             : std::string("cannot be opened: ") + std::strerror(errno));
  try {
    if (::fstat(fd, &info) != 0) refuse(dir.string(), "cannot be read");
    check_owned_by_root(info, dir.string());
  } catch (...) {
    ::close(fd);
    throw;
  }
  return fd;
}

int open_id_lock(int registry, uid_t uid) {
  const std::string name = std::to_string(uid) + ".lock";
  const std::string shown = (id_registry_dir() / name).string();
  // O_CREAT without O_EXCL opens what is there: never truncated, never followed if a link.
  const int fd = ::openat(registry, name.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0)
    refuse(shown, errno == ELOOP ? std::string("is a symbolic link")
                                 : std::string("cannot be opened: ") + std::strerror(errno));
  try {
    struct stat info {};
    if (::fstat(fd, &info) != 0) refuse(shown, "cannot be read");
    if (!S_ISREG(info.st_mode)) refuse(shown, "is not a regular file");
    // A hard link would make a write to it a write to another file.
    if (info.st_nlink != 1) refuse(shown, "has " + std::to_string(info.st_nlink) + " links");
    check_owned_by_root(info, shown);
  } catch (...) {
    ::close(fd);
    throw;
  }
  return fd;
}

}  // namespace entrapment
