#include "sandbox.hpp"

#include <unistd.h>

#include <cstdlib>

#include "launch.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

bool disabled() {
  const char* env = std::getenv("ENTRAPMENT_BWRAP");
  return env && std::string(env) == "off";
}

// As root no user namespace (setpriv drops to the run's id); not root, none of the program's.
std::vector<std::string> namespace_options() {
  if (::geteuid() != 0) return {"--unshare-all", "--unshare-user", "--disable-userns"};
  return {"--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
          "--unshare-cgroup-try"};
}

// setpriv's command line that drops to `uid`, to put before the program (sandbox.hpp).
std::vector<std::string> drop_to_user(uid_t uid) {
  static const std::string setpriv = find_program("setpriv").string();
  const std::string id = std::to_string(uid);
  const std::string program = setpriv.empty() ? "/usr/bin/setpriv" : setpriv;
  return {program,          "--reuid=" + id,   "--regid=" + id,       "--clear-groups",
          "--no-new-privs", "--inh-caps=-all", "--bounding-set=-all", "--"};
}

}  // namespace

fs::path bwrap_path() {
  static const fs::path path = disabled() ? fs::path() : find_program("bwrap");
  return path;
}

std::string bwrap_absence() {
  return disabled() ? "bwrap is turned off (ENTRAPMENT_BWRAP=off)"
                    : "bwrap (bubblewrap) is not installed";
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

std::vector<std::string> sandboxed_command(const std::vector<std::string>& command,
                                           const SandboxLayout& layout,
                                           std::optional<uid_t> drop_to) {
  const std::string scratch = layout.scratch.string();
  const std::string size = std::to_string(layout.tmp_bytes);
  std::vector<std::string> argv = {bwrap_path().string(), "--die-with-parent"};
  for (const std::string& option : namespace_options()) argv.push_back(option);
  argv.insert(argv.end(), {"--new-session", "--json-status-fd", std::to_string(layout.status_fd)});
  for (const std::string& option : system_read_only()) argv.push_back(option);
  // /dev read-only but for its own capped /dev/shm; /tmp its own, capped. bwrap as root makes
  // them root's: open to all (sticky) for the run's user.
  const bool root = drop_to.has_value();
  const auto open_to_all = [&] {
    if (root) argv.insert(argv.end(), {"--perms", "1777"});
  };
  argv.insert(argv.end(), {"--proc", "/proc", "--dev", "/dev", "--size", size});
  open_to_all();
  argv.insert(argv.end(), {"--tmpfs", "/dev/shm", "--remount-ro", "/dev", "--size", size});
  open_to_all();
  argv.insert(argv.end(), {"--tmpfs", "/tmp"});
  for (const std::string& path : layout.read_only) {
    // bwrap as root makes the directories above a mount point with the modes of the source's:
    // the run's user could not search a private one (/root). They are made open to all first.
    std::vector<std::string> above;
    for (fs::path dir = fs::path(path).parent_path();
         root && dir.has_relative_path() && dir != "/tmp"; dir = dir.parent_path())
      above.insert(above.begin(), dir.string());
    for (const std::string& dir : above) argv.insert(argv.end(), {"--perms", "0755", "--dir", dir});
    argv.insert(argv.end(), {"--ro-bind", path, path});
  }
  if (layout.writable_scratch) {
    argv.insert(argv.end(), {"--bind", scratch, scratch});
  } else {
    // The working directory in its /tmp, with what was staged bound in read-only.
    open_to_all();
    argv.insert(argv.end(), {"--dir", scratch});
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(layout.scratch, ec)) {
      const std::string path = entry.path().string();
      argv.insert(argv.end(), {"--ro-bind", path, path});
    }
  }
  argv.insert(argv.end(), {"--remount-ro", "/", "--chdir", scratch, "--"});
  if (drop_to) {
    const std::vector<std::string> drop = drop_to_user(*drop_to);
    argv.insert(argv.end(), drop.begin(), drop.end());
  }
  argv.insert(argv.end(), command.begin(), command.end());
  return argv;
}

bool sandbox_started_program(const std::string& status) {
  return status.find("\"exit-code\"") != std::string::npos;
}

}  // namespace entrapment
