#include "cpuset.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>
#include <system_error>
#include <vector>

#include "cgroup.hpp"
#include "proc_table.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

// The first line of a cgroup file, without its end ("0-1", "0").
std::string cpuset_value(const fs::path& file) {
  std::string text = read_proc_file(file.string());
  const std::size_t end = text.find('\n');
  if (end != std::string::npos) text.resize(end);
  return text;
}

// "" on success, else why.
std::string cpuset_write(const fs::path& file, const std::string& text) {
  const int fd = ::open(file.c_str(), O_WRONLY | O_CLOEXEC);
  const int error = fd < 0 ? errno : ::write(fd, text.data(), text.size()) < 0 ? errno : 0;
  if (fd >= 0) ::close(fd);
  return error ? "writing \"" + text + "\" to " + file.string() + ": " + std::strerror(error) : "";
}

bool cpuset_enabled(const std::string& subtree_control) {
  std::istringstream in(subtree_control);
  for (std::string word; in >> word;)
    if (word == "cpuset") return true;
  return false;
}

}  // namespace

std::optional<fs::path> cpuset_parent_for_boxes() {
  std::istringstream in(read_proc_file("/proc/self/cgroup"));
  for (std::string line; std::getline(in, line);) {
    // "3:cpuset:/path" (or co-mounted: "3:cpu,cpuset:/path")
    const std::size_t first = line.find(':');
    const std::size_t second = first == std::string::npos ? first : line.find(':', first + 1);
    if (second == std::string::npos) continue;
    const std::string joined = line.substr(first + 1, second - first - 1);
    std::istringstream names(joined);
    bool cpuset = false;
    for (std::string name; std::getline(names, name, ',');) cpuset = cpuset || name == "cpuset";
    if (!cpuset) continue;
    const fs::path relative = fs::path(line.substr(second + 1)).relative_path();
    for (const fs::path& mount :
         {fs::path("/sys/fs/cgroup") / joined, fs::path("/sys/fs/cgroup/cpuset")}) {
      std::error_code ec;
      const fs::path dir = relative.empty() ? mount : mount / relative;
      if (fs::exists(dir / "cpuset.cpus", ec)) return dir;
    }
  }
  return std::nullopt;
}

CpusetPin::CpusetPin(int version, const fs::path& run_group, const std::string& name, int cpu) {
  const std::string wanted = std::to_string(cpu);
  if (version == 2) {
    const fs::path control = run_group.parent_path() / "cgroup.subtree_control";
    std::string why;
    if (!cpuset_enabled(cpuset_value(control))) why = cpuset_write(control, "+cpuset");
    if (why.empty()) why = cpuset_write(run_group / "cpuset.cpus", wanted);
    pinned_ = why.empty();
    how_ = pinned_ ? "cpuset v2 (cpu " + wanted + ")" : "no cpuset: " + why;
    return;
  }
  const std::optional<fs::path> parent = cpuset_parent_for_boxes();
  if (!parent) {
    how_ = "no cpuset: no cpuset hierarchy holds the judge";
    return;
  }
  // A name taken is passed over, as ContestantCgroup does.
  fs::path dir = *parent / name;
  for (int attempt = 1; ::mkdir(dir.c_str(), 0755) != 0; ++attempt) {
    if (errno != EEXIST || attempt == 1000) {
      how_ = "no cpuset: cannot create " + dir.string() + ": " + std::strerror(errno);
      return;
    }
    dir = *parent / (name + "-" + std::to_string(attempt));
  }
  own_ = dir;
  // Both before a process may join: the CPU, and the memory nodes of the judge's group.
  std::string why = cpuset_write(own_ / "cpuset.cpus", wanted);
  if (why.empty()) why = cpuset_write(own_ / "cpuset.mems", cpuset_value(*parent / "cpuset.mems"));
  if (why.empty()) {
    lock_ = ::open(own_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (lock_ < 0 || ::flock(lock_, LOCK_SH | LOCK_NB) != 0) why = "cannot hold " + own_.string();
  }
  if (why.empty()) {
    procs_ = ::open((own_ / "cgroup.procs").c_str(), O_WRONLY | O_CLOEXEC);
    if (procs_ < 0) why = "cannot open " + (own_ / "cgroup.procs").string();
  }
  pinned_ = why.empty();
  how_ = pinned_ ? "cpuset v1 (cpu " + wanted + ")" : "no cpuset: " + why;
  if (!pinned_) {
    if (procs_ >= 0) ::close(procs_);
    if (lock_ >= 0) ::close(lock_);
    procs_ = lock_ = -1;
    kill_and_remove_groups({own_});
    own_.clear();
  }
}

CpusetPin::~CpusetPin() {
  if (procs_ >= 0) ::close(procs_);
  if (!own_.empty()) kill_and_remove_groups({own_});
  if (lock_ >= 0) ::close(lock_);
}

}  // namespace entrapment
