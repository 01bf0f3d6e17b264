#include "landlock.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <vector>

#include "proc_table.hpp"

namespace entrapment {

namespace {

// Landlock's ruleset attributes as ABI 6 has them (Debian 12's header stops at the first): each
// kernel reads what it knows of it, by the size it is given.
struct RulesetAttributes {
  std::uint64_t handled_access_fs = 0;
  std::uint64_t handled_access_net = 0;
  std::uint64_t scoped = 0;
};
constexpr std::uint64_t kScopeAbstractUnixSocket = 1u << 0;
constexpr std::uint64_t kScopeSignal = 1u << 1;
constexpr int kAbiOfScopes = 6;

// The kernel's Landlock ABI (1 for Linux 5.13), or -errno: ENOSYS where it has none, EOPNOTSUPP
// where it was left out at boot.
int landlock_abi() {
  const long abi =
      ::syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
  return abi < 0 ? -errno : static_cast<int>(abi);
}

constexpr std::uint64_t kRead = LANDLOCK_ACCESS_FS_READ_FILE;
constexpr std::uint64_t kWrite = LANDLOCK_ACCESS_FS_WRITE_FILE;

// Where the run may not open files, in the caller's view of the mounts.
struct Closed {
  // Every mount of a proc file system (/proc where the table cannot be read): read, never
  // written.
  std::vector<std::string> proc;
  // The machine's pseudo-terminals (every devpts, and /dev/ptmx): neither read nor written.
  // Each pair is 60 KiB of kernel memory in no process, from a table every sandbox of the
  // machine shares, and an open of /dev/ptmx for reading alone makes one (red team, without a
  // sandbox: 54 MiB under 16 in 1,800 pairs; 1,200 pairs opened read-only).
  std::vector<std::string> pty = {"/dev/ptmx"};
};

Closed closed_here() {
  Closed closed;
  for (const MountEntry& mount : mount_table()) {
    if (mount.type == "proc") closed.proc.push_back(mount.point);
    if (mount.type == "devpts") closed.pty.push_back(mount.point);
  }
  if (closed.proc.empty()) closed.proc.push_back("/proc");
  return closed;
}

// Whether `path` is strictly beneath the directory `dir` (both absolute, without a final '/').
bool beneath(const std::string& path, const std::string& dir) {
  if (dir == "/") return path.size() > 1 && path[0] == '/';
  return path.size() > dir.size() && path.compare(0, dir.size(), dir) == 0 &&
         path[dir.size()] == '/';
}

bool among(const std::vector<std::string>& paths, const std::string& path) {
  return std::find(paths.begin(), paths.end(), path) != paths.end();
}

bool any_beneath(const std::vector<std::string>& paths, const std::string& dir) {
  return std::any_of(paths.begin(), paths.end(),
                     [&](const std::string& p) { return beneath(p, dir); });
}

// A rule: files may be opened so beneath `fd` (a directory), or `fd` itself (a file).
bool allow_at(int ruleset, int fd, std::uint64_t access) {
  landlock_path_beneath_attr rule{};
  rule.allowed_access = access;
  rule.parent_fd = fd;
  return ::syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0) == 0;
}

// Reading and writing allowed under `path`, but nothing under a pseudo-terminal and no writing
// under a proc mount: the whole of it where none of them is beneath it, else each of its entries
// in turn (symbolic links left out: they lead to what is allowed or not where they point). A
// directory that cannot be listed, or one past 16 levels, is left closed. nullptr, or the step
// that failed.
const char* allow_beside(int ruleset, const std::string& path, const Closed& closed, int depth) {
  if (among(closed.pty, path)) return nullptr;
  const bool proc = among(closed.proc, path);
  if (proc || (!any_beneath(closed.pty, path) && !any_beneath(closed.proc, path))) {
    const int fd = ::open(path.c_str(), O_PATH | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return nullptr;  // gone since it was listed: nothing to allow
    struct stat what {};
    const bool directory = ::fstat(fd, &what) == 0 && S_ISDIR(what.st_mode);
    const bool allowed = allow_at(ruleset, fd, proc ? kRead : kRead | kWrite);
    const int error = errno;
    ::close(fd);
    errno = error;
    // A socket or a device special to the kernel may refuse a rule; a directory may not.
    return allowed || !directory ? nullptr : "allowing files beside /proc (Landlock)";
  }
  if (depth >= 16) return nullptr;
  DIR* dir = ::opendir(path.c_str());
  if (!dir) return nullptr;
  std::vector<std::string> entries;
  while (const dirent* entry = ::readdir(dir))
    if (std::strcmp(entry->d_name, ".") != 0 && std::strcmp(entry->d_name, "..") != 0)
      entries.push_back((path == "/" ? "/" : path + "/") + entry->d_name);
  ::closedir(dir);
  for (const std::string& entry : entries) {
    struct stat what {};
    if (::lstat(entry.c_str(), &what) != 0 || S_ISLNK(what.st_mode)) continue;
    if (const char* step = allow_beside(ruleset, entry, closed, depth + 1)) return step;
  }
  return nullptr;
}

}  // namespace

const char* enter_landlock_domain() {
  const int abi = landlock_abi();
  if (abi <= 0) return nullptr;  // no Landlock: nothing to do (describe says so)
  RulesetAttributes handled;
  handled.handled_access_fs = kRead | kWrite;
  std::size_t size = sizeof handled.handled_access_fs;
  if (abi >= kAbiOfScopes) {
    handled.scoped = kScopeAbstractUnixSocket | kScopeSignal;
    size = sizeof handled;
  }
  const long ruleset = ::syscall(SYS_landlock_create_ruleset, &handled, size, 0);
  if (ruleset < 0) return "making a Landlock ruleset";
  const int rules = static_cast<int>(ruleset);
  if (const char* step = allow_beside(rules, "/", closed_here(), 0)) {
    const int error = errno;
    ::close(rules);
    errno = error;
    return step;
  }
  // What the run was given stays open to it, reopened too (/dev/stdout): a file wherever it is,
  // a terminal too. A pipe or a socket needs no rule (nor may have one).
  for (int given = 0; given < 3; ++given) {
    const std::string link = "/proc/self/fd/" + std::to_string(given);
    const int fd = ::open(link.c_str(), O_PATH | O_CLOEXEC);
    if (fd < 0) continue;
    allow_at(rules, fd, kRead | kWrite);
    ::close(fd);
  }
  const bool restricted = ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 &&
                          ::syscall(SYS_landlock_restrict_self, rules, 0) == 0;
  const int error = errno;
  ::close(rules);
  errno = error;
  return restricted ? nullptr : "entering a Landlock domain";
}

LandlockHere landlock_here() {
  const int abi = landlock_abi();
  if (abi > 0) return {true, abi >= kAbiOfScopes, "Landlock ABI " + std::to_string(abi)};
  if (abi == -ENOSYS)
    return {false, false, "no Landlock: the kernel has none (Linux 5.13 or later has)"};
  if (abi == -EOPNOTSUPP)
    return {false, false, "no Landlock: the kernel was booted without it (lsm=)"};
  return {false, false, std::string("no Landlock: ") + std::strerror(-abi)};
}

}  // namespace entrapment
