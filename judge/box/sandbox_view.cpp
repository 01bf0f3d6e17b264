#include "sandbox_view.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

using Kind = ViewStep::Kind;

ViewStep step(Kind kind, std::string source, std::string path, int mode = -1, long long size = 0) {
  return ViewStep{kind, std::move(source), std::move(path), mode, size};
}

}  // namespace

std::vector<ViewStep> system_view(bool etc) {
  std::vector<ViewStep> steps = {step(Kind::ReadOnlyBind, "/usr", "/usr")};
  if (etc) steps.push_back(step(Kind::ReadOnlyBind, "/etc", "/etc"));
  // Debian 12 has merged /usr: /bin, /lib ... are symbolic links into it.
  for (const char* dir : {"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}) {
    std::error_code ec;
    if (fs::is_symlink(dir, ec))
      steps.push_back(step(Kind::Symlink, fs::read_symlink(dir, ec).string(), dir));
    else if (fs::is_directory(dir, ec))
      steps.push_back(step(Kind::ReadOnlyBind, dir, dir));
  }
  return steps;
}

std::vector<ViewStep> dev_view(bool zero) {
  // What bwrap's --dev makes, but its devpts and /dev/ptmx: the host's devices bound in (as
  // --dev binds them), the links to the process's own descriptors.
  std::vector<ViewStep> steps = {step(Kind::Tmpfs, "", "/dev")};
  for (const char* device : {"null", "zero", "full", "random", "urandom", "tty"}) {
    const std::string path = std::string("/dev/") + device;
    if (!zero && path == "/dev/zero") continue;
    steps.push_back(step(Kind::DeviceBind, path, path));
  }
  steps.push_back(step(Kind::Symlink, "/proc/self/fd", "/dev/fd"));
  const char* streams[] = {"stdin", "stdout", "stderr"};
  for (int fd = 0; fd < 3; ++fd)
    steps.push_back(step(Kind::Symlink, "/proc/self/fd/" + std::to_string(fd),
                         std::string("/dev/") + streams[fd]));
  return steps;
}

std::vector<ViewStep> sandbox_view(const ViewLayout& layout, const std::vector<std::string>& shown,
                                   bool root) {
  std::vector<ViewStep> steps = system_view();
  steps.push_back(step(Kind::Proc, "", "/proc"));
  for (const ViewStep& s : dev_view(layout.zero_device)) steps.push_back(s);
  // /dev read-only but for its own capped /dev/shm; /tmp its own, capped. Made as root, they are
  // root's: open to all (sticky) for the run's user.
  const int open_to_all = root ? 01777 : -1;
  steps.push_back(step(Kind::Tmpfs, "", "/dev/shm", open_to_all, layout.tmp_bytes));
  steps.push_back(step(Kind::RemountReadOnly, "", "/dev"));
  steps.push_back(step(Kind::Tmpfs, "", "/tmp", open_to_all, layout.tmp_bytes));
  // Made as root, the directories above a mount point would have the modes of the source's:
  // the run's user could not search a private one (/root, the judge's own 0700 directory).
  // They are made open to all first.
  const auto open_above = [&](const fs::path& path) {
    std::vector<std::string> above;
    for (fs::path up = path.parent_path(); root && up.has_relative_path() && up != "/tmp";
         up = up.parent_path())
      above.insert(above.begin(), up.string());
    for (const std::string& d : above) steps.push_back(step(Kind::Dir, "", d, 0755));
  };
  for (const std::string& path : shown) {
    open_above(path);
    steps.push_back(step(Kind::ReadOnlyBind, path, path));
  }
  const std::string dir = layout.dir.string();
  open_above(layout.dir);
  if (layout.writable_dir) {
    steps.push_back(step(Kind::Bind, dir, dir));
  } else {
    // The working directory in its /tmp, with what was staged bound in read-only.
    steps.push_back(step(Kind::Dir, "", dir, open_to_all));
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(layout.dir, ec)) {
      const std::string path = entry.path().string();
      steps.push_back(step(Kind::ReadOnlyBind, path, path));
    }
  }
  steps.push_back(step(Kind::RemountReadOnly, "", "/"));
  return steps;
}

}  // namespace entrapment
