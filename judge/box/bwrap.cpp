#include "bwrap.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>

namespace entrapment {

namespace fs = std::filesystem;

namespace {

bool disabled() {
  const char* env = std::getenv("ENTRAPMENT_BWRAP");
  return env && std::string(env) == "off";
}

// As root no user namespace (the step makes it the run's id); not root, none of the
// program's. The box's step is the init of the PID namespace (--as-pid-1).
std::vector<std::string> namespace_options() {
  std::vector<std::string> options = {"--unshare-all", "--unshare-user", "--disable-userns"};
  if (::geteuid() == 0)
    options = {"--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
               "--unshare-cgroup-try"};
  options.push_back("--as-pid-1");
  return options;
}

// "" when `path` (not followed) is root's and writable by no one else; else what is wrong.
std::string not_roots(const fs::path& path) {
  struct stat info {};
  if (::lstat(path.c_str(), &info) != 0) return path.string() + " cannot be looked at";
  if (info.st_uid != 0) return path.string() + " is not root's";
  if (!S_ISLNK(info.st_mode) && (info.st_mode & 022) != 0)
    return path.string() + " may be written by others than root";
  return "";
}

}  // namespace

fs::path trusted_system_program(const std::string& name, std::string* why) {
  std::string reason = name + " is not installed in /usr/bin or /bin";
  for (const char* dir : {"/usr/bin", "/bin"}) {
    const fs::path named = fs::path(dir) / name;
    std::error_code ec;
    const fs::path real = fs::canonical(named, ec);
    if (ec) continue;
    // The name and what it leads to, and every directory above both.
    std::string wrong;
    for (const fs::path& path : {named, real}) {
      for (fs::path at = path; wrong.empty(); at = at.parent_path()) {
        wrong = not_roots(at);
        if (at == at.root_path()) break;
      }
    }
    struct stat info {};
    if (wrong.empty() &&
        (::stat(real.c_str(), &info) != 0 || !S_ISREG(info.st_mode) || (info.st_mode & 0111) == 0))
      wrong = real.string() + " is not a program";
    if (wrong.empty()) return real;
    reason = name + " is not trusted: " + wrong;
  }
  if (why) *why = reason;
  return {};
}

fs::path bwrap_path() {
  static const fs::path path = disabled() ? fs::path() : trusted_system_program("bwrap");
  return path;
}

std::string bwrap_absence() {
  if (disabled()) return "bwrap is turned off (ENTRAPMENT_BWRAP=off)";
  std::string why;
  trusted_system_program("bwrap", &why);
  return why.find("not installed") != std::string::npos ? "bwrap (bubblewrap) is not installed"
                                                        : why;
}

std::vector<std::string> system_read_only(bool etc) {
  std::vector<std::string> argv = {"--ro-bind", "/usr", "/usr"};
  if (etc) argv.insert(argv.end(), {"--ro-bind", "/etc", "/etc"});
  // Debian 12 has merged /usr: /bin, /lib ... are symbolic links into it.
  for (const char* dir : {"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}) {
    std::error_code ec;
    if (fs::is_symlink(dir, ec)) {
      argv.insert(argv.end(), {"--symlink", fs::read_symlink(dir, ec).string(), dir});
    } else if (fs::is_directory(dir, ec)) {
      argv.insert(argv.end(), {"--ro-bind", dir, dir});
    }
  }
  return argv;
}

std::vector<std::string> sandbox_dev() {
  // What bwrap's --dev makes, but its devpts and /dev/ptmx: the host's devices bound in (as
  // --dev binds them), the links to the process's own descriptors.
  std::vector<std::string> argv = {"--tmpfs", "/dev"};
  for (const char* device : {"null", "zero", "full", "random", "urandom", "tty"}) {
    const std::string path = std::string("/dev/") + device;
    argv.insert(argv.end(), {"--dev-bind", path, path});
  }
  argv.insert(argv.end(), {"--symlink", "/proc/self/fd", "/dev/fd"});
  const char* streams[] = {"stdin", "stdout", "stderr"};
  for (int fd = 0; fd < 3; ++fd)
    argv.insert(argv.end(), {"--symlink", "/proc/self/fd/" + std::to_string(fd),
                             std::string("/dev/") + streams[fd]});
  return argv;
}

std::vector<std::string> sandboxed_command(const std::vector<std::string>& command,
                                           const SandboxLayout& layout,
                                           std::optional<uid_t> drop_to) {
  const std::string dir = layout.dir.string();
  const std::string size = std::to_string(layout.tmp_bytes);
  std::vector<std::string> argv = {bwrap_path().string(), "--die-with-parent"};
  for (const std::string& option : namespace_options()) argv.push_back(option);
  argv.insert(argv.end(), {"--new-session", "--json-status-fd", std::to_string(layout.status_fd)});
  if (layout.seccomp_fd >= 0)
    argv.insert(argv.end(), {"--seccomp", std::to_string(layout.seccomp_fd)});
  for (const std::string& option : system_read_only()) argv.push_back(option);
  // /dev read-only but for its own capped /dev/shm; /tmp its own, capped. bwrap as root makes
  // them root's: open to all (sticky) for the run's user.
  const bool root = drop_to.has_value();
  const auto open_to_all = [&] {
    if (root) argv.insert(argv.end(), {"--perms", "1777"});
  };
  argv.insert(argv.end(), {"--proc", "/proc"});
  for (const std::string& option : sandbox_dev()) argv.push_back(option);
  argv.insert(argv.end(), {"--size", size});
  open_to_all();
  argv.insert(argv.end(), {"--tmpfs", "/dev/shm", "--remount-ro", "/dev", "--size", size});
  open_to_all();
  argv.insert(argv.end(), {"--tmpfs", "/tmp"});
  // bwrap as root makes the directories above a mount point with the modes of the source's:
  // the run's user could not search a private one (/root, the judge's own 0700 directory).
  // They are made open to all first.
  const auto open_above = [&](const fs::path& path) {
    std::vector<std::string> above;
    for (fs::path up = path.parent_path(); root && up.has_relative_path() && up != "/tmp";
         up = up.parent_path())
      above.insert(above.begin(), up.string());
    for (const std::string& d : above) argv.insert(argv.end(), {"--perms", "0755", "--dir", d});
  };
  std::vector<std::string> shown = layout.read_only;
  shown.push_back(layout.step);
  for (const std::string& path : shown) {
    open_above(path);
    argv.insert(argv.end(), {"--ro-bind", path, path});
  }
  open_above(layout.dir);
  if (layout.writable_dir) {
    argv.insert(argv.end(), {"--bind", dir, dir});
  } else {
    // The working directory in its /tmp, with what was staged bound in read-only.
    open_to_all();
    argv.insert(argv.end(), {"--dir", dir});
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(layout.dir, ec)) {
      const std::string path = entry.path().string();
      argv.insert(argv.end(), {"--ro-bind", path, path});
    }
  }
  argv.insert(argv.end(), {"--remount-ro", "/", "--chdir", dir, "--"});
  argv.insert(argv.end(), {layout.step, "--step"});
  if (drop_to) argv.insert(argv.end(), {"--drop-to", std::to_string(*drop_to)});
  argv.insert(argv.end(), {"--report-to", std::to_string(layout.report_fd)});
  if (layout.address_space)
    argv.insert(argv.end(), {"--address-space", std::to_string(*layout.address_space)});
  argv.push_back("--");
  argv.insert(argv.end(), command.begin(), command.end());
  return argv;
}

bool sandbox_started_program(const std::string& status) {
  return status.find("\"exit-code\"") != std::string::npos;
}

}  // namespace entrapment
