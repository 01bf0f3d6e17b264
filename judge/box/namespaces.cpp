#include "namespaces.hpp"

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "proc_table.hpp"

namespace entrapment {

namespace {

// Those of a cgroup namespace are made later, once the child is in the run's control group:
// its root is then the run's group, as under bwrap (which the child execs there).
constexpr unsigned long kRunNamespaces =
    CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWNET | CLONE_NEWUTS;

bool turned_off() {
  const char* env = std::getenv("ENTRAPMENT_OWN_NAMESPACES");
  return env && std::string(env) == "off";
}

// The flags of the mount at `path`, as mount(2) takes them (statvfs says them as ST_ flags);
// false when it cannot be looked at.
bool mount_flags(const std::string& path, unsigned long& flags) {
  struct statvfs info {};
  if (::statvfs(path.c_str(), &info) != 0) return false;
  const std::pair<unsigned long, unsigned long> known[] = {
      {ST_RDONLY, MS_RDONLY},           {ST_NOSUID, MS_NOSUID},   {ST_NODEV, MS_NODEV},
      {ST_NOEXEC, MS_NOEXEC},           {ST_NOATIME, MS_NOATIME}, {ST_NODIRATIME, MS_NODIRATIME},
      {ST_RELATIME, MS_RELATIME},
#ifdef ST_NOSYMFOLLOW
      {ST_NOSYMFOLLOW, MS_NOSYMFOLLOW},
#endif
  };
  flags = 0;
  for (const auto& [st, ms] : known)
    if (info.f_flag & st) flags |= ms;
  return true;
}

// As bwrap's bind_mount() leaves a mount: its own flags kept, nosuid, nodev but for devices,
// read-only when asked. 0, or -1 with errno set.
int restrict_mount(const std::string& path, bool read_only, bool devices) {
  unsigned long now = 0;
  if (!mount_flags(path, now)) return -1;
  const unsigned long wanted =
      now | MS_NOSUID | (devices ? 0 : MS_NODEV) | (read_only ? MS_RDONLY : 0);
  if (wanted == now) return 0;
  return ::mount("none", path.c_str(), nullptr, MS_BIND | MS_REMOUNT | wanted, nullptr);
}

// Every mount point of the host's (proc_table.hpp).
std::vector<std::string> mount_points() {
  std::vector<std::string> points;
  for (const MountEntry& mount : mount_table()) points.push_back(mount.point);
  return points;
}

// The directories above `path` that are missing, made with `mode` (bwrap's mkdir_with_parents).
int make_parents(const std::string& path, mode_t mode) {
  for (std::size_t slash = path.find('/', 1); slash != std::string::npos;
       slash = path.find('/', slash + 1))
    if (::mkdir(path.substr(0, slash).c_str(), mode) != 0 && errno != EEXIST) return -1;
  return 0;
}

// A directory at `path`, made with `mode` when missing (an existing one is left as it is).
int ensure_dir(const std::string& path, mode_t mode) {
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0) {
    if (S_ISDIR(info.st_mode)) return 0;
    errno = ENOTDIR;
    return -1;
  }
  return ::mkdir(path.c_str(), mode) == 0 || errno == EEXIST ? 0 : -1;
}

// Something not a directory at `path` to bind a file onto.
int ensure_file(const std::string& path, mode_t mode) {
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0 && !S_ISDIR(info.st_mode)) return 0;
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
  if (fd < 0) return errno == EEXIST ? 0 : -1;
  ::close(fd);
  return 0;
}

// One step of the view, taken in the setup root: the host's root is at /oldroot, the new one at
// /newroot. `source`: a bind's source, its links resolved on the host's root; `points`: the
// host's mount points. nullptr, or what failed.
const char* take(const ViewStep& step, const std::string& source,
                 const std::vector<std::string>& points) {
  using Kind = ViewStep::Kind;
  const std::string dest = "/newroot" + step.path;
  if (step.kind != Kind::RemountReadOnly && make_parents(dest, 0755) != 0)
    return "making the directories above it";
  switch (step.kind) {
    case Kind::ReadOnlyBind:
    case Kind::Bind:
    case Kind::DeviceBind: {
      const bool read_only = step.kind == Kind::ReadOnlyBind;
      const bool devices = step.kind == Kind::DeviceBind;
      const std::string from = "/oldroot" + source;
      struct stat info {};
      if (::stat(from.c_str(), &info) != 0) return "looking at its source";
      if ((S_ISDIR(info.st_mode) ? ensure_dir(dest, 0755) : ensure_file(dest, 0444)) != 0)
        return "making its mount point";
      // Recursive, as bwrap's binds: a mount on the host below the source hides what is under
      // it there, and must here too.
      if (::mount(from.c_str(), dest.c_str(), nullptr, MS_BIND | MS_REC, nullptr) != 0)
        return "binding it";
      if (restrict_mount(dest, read_only, devices) != 0) return "remounting it";
      // A bind does not take the flags to the mounts below it: each is remounted so.
      const std::string below = source == "/" ? "/" : source + "/";
      for (const std::string& point : points)
        if (point.size() > below.size() && point.compare(0, below.size(), below) == 0 &&
            restrict_mount(dest + point.substr(below.size() - 1), read_only, devices) != 0 &&
            errno != EACCES)  // bwrap's exception: a mount its setup cannot reach
          return "remounting a mount below it";
      return nullptr;
    }
    case Kind::Symlink:
      return ::symlink(step.source.c_str(), dest.c_str()) == 0 ? nullptr : "making the link";
    case Kind::Proc:
      if (ensure_dir(dest, 0755) != 0) return "making its mount point";
      if (::mount("proc", dest.c_str(), "proc", MS_NOSUID | MS_NOEXEC | MS_NODEV, nullptr) != 0)
        return "mounting proc";
      // bwrap's cover of the old parts of /proc a root could write to (sysrq-trigger shuts the
      // machine down): each bound read-only onto itself, where it is there and writable.
      for (const char* part : {"sys", "sysrq-trigger", "irq", "bus"}) {
        const std::string path = dest + "/" + part;
        if (::access(path.c_str(), W_OK) != 0) {
          if (errno == EACCES || errno == ENOENT || errno == EROFS) continue;
          return "looking at a part of /proc";
        }
        if (::mount(path.c_str(), path.c_str(), nullptr, MS_BIND | MS_REC, nullptr) != 0 ||
            restrict_mount(path, true, false) != 0)
          return "covering a part of /proc";
      }
      return nullptr;
    case Kind::Tmpfs: {
      if (ensure_dir(dest, 0755) != 0) return "making its mount point";
      char data[96];
      const unsigned mode = static_cast<unsigned>(step.mode >= 0 ? step.mode : 0755);
      // Its size caps its files' data, not their number: each an inode and a name in kernel
      // memory, by default up to half the machine's pages of them (red team: 227,000 empty
      // files, 197 MiB, in a /tmp of 64 MiB, AC under a 64 MiB limit under rlimits). One inode
      // for each 16 KiB of its size (4096 for 64 MiB), at least 1024. (bwrap's --size has no
      // such option: doc/execution.md, known holes.)
      if (step.size > 0)
        std::snprintf(data, sizeof data, "mode=%#o,size=%lld,nr_inodes=%lld", mode, step.size,
                      std::max(1024LL, step.size >> 14));
      else
        std::snprintf(data, sizeof data, "mode=%#o", mode);
      return ::mount("tmpfs", dest.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, data) == 0
                 ? nullptr
                 : "mounting a tmpfs";
    }
    case Kind::Dir:
      return ensure_dir(dest, static_cast<mode_t>(step.mode >= 0 ? step.mode : 0755)) == 0
                 ? nullptr
                 : "making the directory";
    case Kind::RemountReadOnly:
      return restrict_mount(dest, true, false) == 0 ? nullptr : "remounting it read-only";
  }
  return nullptr;
}

int pivot_root(const char* new_root, const char* put_old) {
  return static_cast<int>(::syscall(SYS_pivot_root, new_root, put_old));
}

// bwrap's way into the new root, step for step: a tmpfs of its own as the setup root, the host's
// root under it (oldroot) and the new one beside it (newroot), the view built in newroot, the
// old root let go, then newroot pivoted into.
const char* build_root(const std::vector<ViewStep>& view, const std::vector<std::string>& sources,
                       std::string& failed) {
  const std::vector<std::string> points = mount_points();
  // Nothing done here reaches the host's mounts, whatever their propagation.
  if (::mount(nullptr, "/", nullptr, MS_REC | MS_SLAVE, nullptr) != 0) return "making / a slave";
  if (::mount("tmpfs", "/tmp", "tmpfs", MS_NODEV | MS_NOSUID, nullptr) != 0)
    return "mounting the setup root";
  if (::chdir("/tmp") != 0 || ::mkdir("newroot", 0755) != 0 ||
      ::mount("newroot", "newroot", nullptr, MS_BIND | MS_REC, nullptr) != 0 ||
      ::mkdir("oldroot", 0755) != 0 || pivot_root("/tmp", "oldroot") != 0 || ::chdir("/") != 0)
    return "entering the setup root";
  for (std::size_t i = 0; i < view.size(); ++i)
    if (const char* what = take(view[i], sources[i], points)) {
      failed = view[i].path;
      return what;
    }
  // The old root let go: private first, so that its unmounting reaches no other namespace.
  if (::mount("oldroot", "oldroot", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0 ||
      ::umount2("oldroot", MNT_DETACH) != 0)
    return "letting the host's root go";
  const int setup_root = ::open("/", O_DIRECTORY | O_RDONLY | O_CLOEXEC);
  const bool pivoted = setup_root >= 0 && ::chdir("/newroot") == 0 && pivot_root(".", ".") == 0 &&
                       ::fchdir(setup_root) == 0 && ::umount2(".", MNT_DETACH) == 0 &&
                       ::chdir("/") == 0;
  if (setup_root >= 0) ::close(setup_root);
  return pivoted ? nullptr : "entering the new root";
}

}  // namespace

std::string own_namespaces_absence(bool probe) {
  if (::geteuid() != 0) return "the box is not root: bwrap makes them, in a user namespace";
  if (turned_off()) return "turned off (ENTRAPMENT_OWN_NAMESPACES=off)";
  if (!probe) return "";
  const pid_t child = clone_into_namespaces();
  if (child < 0) return std::string("clone: ") + std::strerror(errno);
  if (child == 0) ::_exit(0);
  while (::waitpid(child, nullptr, 0) < 0 && errno == EINTR) {
  }
  return "";
}

pid_t clone_into_namespaces() {
  // clone(2) without a stack of its own is fork(2) with namespaces: the child goes on from here.
  return static_cast<pid_t>(
      ::syscall(SYS_clone, kRunNamespaces | SIGCHLD, nullptr, nullptr, nullptr, 0));
}

bool namespaces_forbidden(int error) {
  return error == EPERM || error == EINVAL || error == ENOSPC || error == EUSERS || error == ENOSYS;
}

const char* cap_ipc(long long bytes) {
  const auto set = [](const char* name, const std::string& value) {
    const int fd = ::open(name, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    const bool written =
        ::write(fd, value.data(), value.size()) == static_cast<ssize_t>(value.size());
    return ::close(fd) == 0 && written;
  };
  const long long page = ::sysconf(_SC_PAGESIZE);
  // Shared memory: in pages all together, and the largest segment.
  if (!set("/proc/sys/kernel/shmall", std::to_string(std::max(1LL, bytes / page))) ||
      !set("/proc/sys/kernel/shmmax", std::to_string(bytes)))
    return "capping System V shared memory";
  // Messages: a queue holds at most msgmnb bytes in at most msgmnb messages, each a header of
  // its own in kernel memory (48 bytes, 64 allocated): 1 MiB a queue of one-byte messages at
  // the default 16384. Queues: one per such a MiB.
  const long long queue =
      std::max(1LL, std::atoll(read_proc_file("/proc/sys/kernel/msgmnb").c_str())) * 64;
  if (!set("/proc/sys/kernel/msgmni", std::to_string(std::max(1LL, bytes / queue))))
    return "capping System V message queues";
  // Semaphores: 64 bytes each (a cache line); SEMMSL SEMMNS SEMOPM SEMMNI, only SEMMNS
  // lowered (and SEMMNI to as many sets as there may be semaphores).
  long long msl = 0, mns = 0, opm = 0, mni = 0;
  if (std::sscanf(read_proc_file("/proc/sys/kernel/sem").c_str(), "%lld %lld %lld %lld", &msl, &mns,
                  &opm, &mni) != 4)
    return "reading kernel.sem";
  mns = std::max(1LL, std::min(mns, bytes / 64));
  mni = std::min(mni, mns);
  if (!set("/proc/sys/kernel/sem", std::to_string(msl) + " " + std::to_string(mns) + " " +
                                       std::to_string(opm) + " " + std::to_string(mni)))
    return "capping System V semaphores";
  return nullptr;
}

const char* enter_view(const std::vector<ViewStep>& view, const std::string& dir,
                       std::string& failed) {
  if (::unshare(CLONE_NEWCGROUP) != 0 && errno != EINVAL)  // EINVAL: no cgroup namespaces
    return "making a cgroup namespace";
  // A bind's source through its links, on the host's root, as bwrap resolves it.
  std::vector<std::string> sources(view.size());
  for (std::size_t i = 0; i < view.size(); ++i) {
    const ViewStep::Kind kind = view[i].kind;
    if (kind != ViewStep::Kind::ReadOnlyBind && kind != ViewStep::Kind::Bind &&
        kind != ViewStep::Kind::DeviceBind)
      continue;
    char* real = ::realpath(view[i].source.c_str(), nullptr);
    if (!real) {
      failed = view[i].source;
      return "finding it";
    }
    sources[i] = real;
    std::free(real);
  }
  // The modes asked for, as they are: the box's umask is the program's, set again after.
  const mode_t umask = ::umask(0);
  const char* what = build_root(view, sources, failed);
  ::umask(umask);
  if (what) return what;
  if (::chdir(dir.c_str()) != 0) {
    failed = dir;
    return "entering its directory";
  }
  return nullptr;
}

}  // namespace entrapment
