#include "bwrap.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
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

std::vector<std::string> bwrap_options(const std::vector<ViewStep>& steps) {
  std::vector<std::string> argv;
  const auto octal = [](int mode) {
    char text[16];
    std::snprintf(text, sizeof text, "%04o", static_cast<unsigned>(mode));
    return std::string(text);
  };
  for (const ViewStep& s : steps) {
    switch (s.kind) {
      case ViewStep::Kind::ReadOnlyBind:
        argv.insert(argv.end(), {"--ro-bind", s.source, s.path});
        break;
      case ViewStep::Kind::Bind:
        argv.insert(argv.end(), {"--bind", s.source, s.path});
        break;
      case ViewStep::Kind::DeviceBind:
        argv.insert(argv.end(), {"--dev-bind", s.source, s.path});
        break;
      case ViewStep::Kind::Symlink:
        argv.insert(argv.end(), {"--symlink", s.source, s.path});
        break;
      case ViewStep::Kind::Proc:
        argv.insert(argv.end(), {"--proc", s.path});
        break;
      case ViewStep::Kind::Tmpfs:
      case ViewStep::Kind::Dir:
        if (s.size > 0) argv.insert(argv.end(), {"--size", std::to_string(s.size)});
        if (s.mode >= 0) argv.insert(argv.end(), {"--perms", octal(s.mode)});
        argv.insert(argv.end(), {s.kind == ViewStep::Kind::Tmpfs ? "--tmpfs" : "--dir", s.path});
        break;
      case ViewStep::Kind::RemountReadOnly:
        argv.insert(argv.end(), {"--remount-ro", s.path});
        break;
    }
  }
  return argv;
}

std::vector<std::string> system_read_only(bool etc) { return bwrap_options(system_view(etc)); }

std::vector<std::string> sandboxed_command(const std::vector<std::string>& command,
                                           const SandboxLayout& layout,
                                           std::optional<uid_t> drop_to) {
  std::vector<std::string> argv = {bwrap_path().string(), "--die-with-parent"};
  for (const std::string& option : namespace_options()) argv.push_back(option);
  argv.insert(argv.end(), {"--new-session", "--json-status-fd", std::to_string(layout.status_fd)});
  // The step's binary is shown too: bwrap starts it inside.
  std::vector<std::string> shown = layout.read_only;
  shown.push_back(layout.step);
  for (const std::string& option : bwrap_options(sandbox_view(layout, shown, drop_to.has_value())))
    argv.push_back(option);
  argv.insert(argv.end(), {"--chdir", layout.dir.string(), "--"});
  argv.insert(argv.end(), {layout.step, "--step"});
  if (drop_to) argv.insert(argv.end(), {"--drop-to", std::to_string(*drop_to)});
  argv.insert(argv.end(), {"--report-to", std::to_string(layout.report_fd)});
  if (layout.address_space)
    argv.insert(argv.end(), {"--address-space", std::to_string(*layout.address_space)});
  if (layout.data) argv.insert(argv.end(), {"--data", std::to_string(*layout.data)});
  if (layout.processes) argv.insert(argv.end(), {"--processes", std::to_string(*layout.processes)});
  if (layout.pending_signals)
    argv.insert(argv.end(), {"--pending-signals", std::to_string(layout.pending_signals)});
  if (layout.landlock) argv.push_back("--landlock");
  if (layout.stay) argv.push_back("--stay");
  if (layout.seccomp_fd >= 0)
    argv.insert(argv.end(), {"--seccomp", std::to_string(layout.seccomp_fd)});
  argv.push_back("--");
  argv.insert(argv.end(), command.begin(), command.end());
  return argv;
}

bool sandbox_started_program(const std::string& status) {
  return status.find("\"exit-code\"") != std::string::npos;
}

}  // namespace entrapment
