#include "sandbox.hpp"

#include <cstdlib>

#include "launch.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

bool disabled() {
  const char* env = std::getenv("ENTRAPMENT_BWRAP");
  return env && std::string(env) == "off";
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

std::vector<std::string> sandboxed_command(const std::vector<std::string>& command,
                                           const SandboxLayout& layout) {
  const std::string scratch = layout.scratch.string();
  const std::string size = std::to_string(layout.tmp_bytes);
  std::vector<std::string> argv = {bwrap_path().string(),
                                   "--die-with-parent",
                                   "--unshare-all",
                                   "--new-session",
                                   "--json-status-fd",
                                   std::to_string(layout.status_fd),
                                   "--ro-bind",
                                   "/usr",
                                   "/usr",
                                   "--ro-bind",
                                   "/etc",
                                   "/etc"};
  // Debian 12 has merged /usr: /bin, /lib ... are symbolic links into it.
  for (const char* dir : {"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}) {
    std::error_code ec;
    if (fs::is_symlink(dir, ec)) {
      argv.insert(argv.end(), {"--symlink", fs::read_symlink(dir, ec).string(), dir});
    } else if (fs::is_directory(dir, ec)) {
      argv.insert(argv.end(), {"--ro-bind", dir, dir});
    }
  }
  // /dev read-only but for its own capped /dev/shm; /tmp its own, capped.
  argv.insert(argv.end(), {"--proc", "/proc", "--dev", "/dev", "--size", size, "--tmpfs",
                           "/dev/shm", "--remount-ro", "/dev", "--size", size, "--tmpfs", "/tmp"});
  for (const std::string& path : layout.read_only)
    argv.insert(argv.end(), {"--ro-bind", path, path});
  if (layout.writable_scratch) {
    argv.insert(argv.end(), {"--bind", scratch, scratch});
  } else {
    // The working directory in its /tmp, with what was staged bound in read-only.
    argv.insert(argv.end(), {"--dir", scratch});
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(layout.scratch, ec)) {
      const std::string path = entry.path().string();
      argv.insert(argv.end(), {"--ro-bind", path, path});
    }
  }
  argv.insert(argv.end(), {"--remount-ro", "/", "--chdir", scratch, "--"});
  argv.insert(argv.end(), command.begin(), command.end());
  return argv;
}

bool sandbox_started_program(const std::string& status) {
  return status.find("\"exit-code\"") != std::string::npos;
}

}  // namespace entrapment
