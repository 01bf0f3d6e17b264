#include "private_root.hpp"

#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

namespace entrapment {

namespace fs = std::filesystem;

namespace {

constexpr unsigned long kReadOnly = MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV;

std::string tmpfs_options(const char* mode, long long bytes) {
  return std::string("mode=") + mode + ",size=" + std::to_string(bytes);
}

}  // namespace

void PrivateRoot::add(Kind kind, std::string path, std::string source, std::string data,
                      unsigned long flags) {
  Op op{kind, std::move(path), std::move(source), std::move(data), flags, ""};
  switch (kind) {
    case Kind::Unshare:
      op.what = "making its namespaces (unshare)";
      break;
    case Kind::MakePrivate:
      op.what = "making its mounts private";
      break;
    case Kind::Tmpfs:
      op.what = "mounting a tmpfs on " + op.path;
      break;
    case Kind::Bind:
      op.what = "showing " + op.source + " at " + op.path;
      break;
    case Kind::ReadOnly:
      op.what = "making " + op.path + " read-only";
      break;
    case Kind::Mkdir:
      op.what = "making the directory " + op.path;
      break;
    case Kind::Touch:
      op.what = "making the file " + op.path;
      break;
    case Kind::Symlink:
      op.what = "making the link " + op.path;
      break;
    case Kind::Chown:
      op.what = "handing " + op.path + " to the contestant";
      break;
    case Kind::Pivot:
      op.what = "entering its root (pivot_root)";
      break;
    case Kind::Chdir:
      op.what = "entering " + op.path;
      break;
    case Kind::Detach:
      op.what = "leaving the machine's root";
      break;
  }
  ops_.push_back(std::move(op));
}

void PrivateRoot::mkdirs(const std::string& root, const std::string& path) {
  std::string so_far = root;
  for (const fs::path& part : fs::path(path).relative_path()) {
    so_far += "/" + part.string();
    add(Kind::Mkdir, so_far);
  }
}

void PrivateRoot::bind_read_only(const std::string& root, const std::string& path, bool directory) {
  if (directory) {
    mkdirs(root, path);
  } else {  // an interpreter's file alone (installation.hpp): its directories first
    mkdirs(root, fs::path(path).parent_path().string());
    add(Kind::Touch, root + path);
  }
  add(Kind::Bind, root + path, path, "", MS_BIND | MS_REC);
  add(Kind::ReadOnly, root + path);
}

PrivateRoot::PrivateRoot(const fs::path& scratch, const std::vector<std::string>& read_only,
                         bool writable_scratch, long long tmp_bytes, uid_t uid)
    : uid_(uid) {
  std::error_code ec;
  const fs::path root_dir = scratch / kRootDir;
  fs::create_directory(root_dir, ec);
  ::chmod(root_dir.c_str(), 0700);
  const std::string r = root_dir.string();
  add(Kind::Unshare, "", "", "", CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS);
  add(Kind::MakePrivate, "/");
  add(Kind::Tmpfs, r, "", tmpfs_options("0755", 1 << 20), MS_NOSUID | MS_NODEV);
  for (const char* dir : {"/proc", "/dev", "/tmp", "/.host"}) add(Kind::Mkdir, r + dir);
  bind_read_only(r, "/usr", true);
  bind_read_only(r, "/etc", true);
  // Debian 12 has merged /usr: /bin, /lib ... are symbolic links into it.
  for (const char* dir : {"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}) {
    if (fs::is_symlink(dir, ec))
      add(Kind::Symlink, r + dir, fs::read_symlink(dir, ec).string());
    else if (fs::is_directory(dir, ec))
      bind_read_only(r, dir, true);
  }
  add(Kind::Bind, r + "/proc", "/proc", "", MS_BIND | MS_REC);
  // /dev: the harmless devices, and a capped /dev/shm of its own; read-only otherwise.
  add(Kind::Tmpfs, r + "/dev", "", tmpfs_options("0755", 64 << 10), MS_NOSUID);
  for (const char* device : {"null", "zero", "full", "random", "urandom"}) {
    add(Kind::Touch, r + "/dev/" + device);
    add(Kind::Bind, r + "/dev/" + device, std::string("/dev/") + device, "", MS_BIND);
  }
  add(Kind::Symlink, r + "/dev/fd", "/proc/self/fd");
  add(Kind::Symlink, r + "/dev/stdin", "/proc/self/fd/0");
  add(Kind::Symlink, r + "/dev/stdout", "/proc/self/fd/1");
  add(Kind::Symlink, r + "/dev/stderr", "/proc/self/fd/2");
  add(Kind::Mkdir, r + "/dev/shm");
  add(Kind::ReadOnly, r + "/dev");
  add(Kind::Tmpfs, r + "/dev/shm", "", tmpfs_options("1777", tmp_bytes), MS_NOSUID | MS_NODEV);
  // Its own /tmp, and its working directory in it at the scratch directory's path.
  add(Kind::Tmpfs, r + "/tmp", "", tmpfs_options("1777", tmp_bytes), MS_NOSUID | MS_NODEV);
  const std::string work = r + scratch.string();
  mkdirs(r + "/tmp", scratch.lexically_relative("/tmp").string());
  add(Kind::Chown, work);
  if (writable_scratch) {
    add(Kind::Bind, work, scratch.string(), "", MS_BIND);
  } else {
    for (const auto& entry : fs::directory_iterator(scratch, ec)) {
      if (entry.path().filename() == kRootDir) continue;
      const bool directory = fs::is_directory(entry.symlink_status(ec));
      add(directory ? Kind::Mkdir : Kind::Touch, work + "/" + entry.path().filename().string());
      add(Kind::Bind, work + "/" + entry.path().filename().string(), entry.path().string(), "",
          MS_BIND | MS_REC);
      add(Kind::ReadOnly, work + "/" + entry.path().filename().string());
    }
  }
  // Last, so that /tmp's tmpfs does not hide one under /tmp, as bwrap's order also gives.
  for (const std::string& path : read_only) bind_read_only(r, path, fs::is_directory(path, ec));
  add(Kind::ReadOnly, r);
  add(Kind::Pivot, r, r + "/.host");
  add(Kind::Chdir, "/");
  add(Kind::Detach, "/.host");
  add(Kind::Chdir, scratch.string());
}

const char* PrivateRoot::enter() const {
  for (const Op& op : ops_) {
    const char* path = op.path.c_str();
    long result = 0;
    switch (op.kind) {
      case Kind::Unshare:
        result = ::unshare(static_cast<int>(op.flags));
        break;
      case Kind::MakePrivate:
        result = ::mount(nullptr, path, nullptr, MS_REC | MS_PRIVATE, nullptr);
        break;
      case Kind::Tmpfs:
        result = ::mount("tmpfs", path, "tmpfs", op.flags, op.data.c_str());
        break;
      case Kind::Bind:
        result = ::mount(op.source.c_str(), path, nullptr, op.flags, nullptr);
        break;
      case Kind::ReadOnly:
        result = ::mount(nullptr, path, nullptr, kReadOnly, nullptr);
        break;
      case Kind::Mkdir:
        result = ::mkdir(path, 0755);
        if (result != 0 && errno == EEXIST) result = 0;
        break;
      case Kind::Touch: {
        const int fd = ::open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
        result = fd < 0 ? -1 : ::close(fd);
        break;
      }
      case Kind::Symlink:
        result = ::symlink(op.source.c_str(), path);
        break;
      case Kind::Chown:
        result = ::chown(path, uid_, uid_) != 0 ? -1 : ::chmod(path, 0700);
        break;
      case Kind::Pivot:
        result = ::syscall(SYS_pivot_root, path, op.source.c_str());
        break;
      case Kind::Chdir:
        result = ::chdir(path);
        break;
      case Kind::Detach:
        result = ::umount2(path, MNT_DETACH);
        break;
    }
    if (result != 0) return op.what.c_str();
  }
  return nullptr;
}

}  // namespace entrapment
