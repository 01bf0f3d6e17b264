#include "cgroup.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <set>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "proc_table.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

struct CgroupLine {
  std::vector<std::string> controllers;  // empty for the v2 line "0::/path"
  std::string joined;                    // as written, e.g. "cpu,cpuacct"
  std::string path;                      // e.g. "/process_api/996d..."
};

std::vector<CgroupLine> parse_self_cgroup(const std::string& text) {
  std::vector<CgroupLine> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const std::size_t first = line.find(':');
    const std::size_t second = first == std::string::npos ? first : line.find(':', first + 1);
    if (second == std::string::npos) continue;
    CgroupLine parsed;
    parsed.joined = line.substr(first + 1, second - first - 1);
    parsed.path = line.substr(second + 1);
    std::istringstream names(parsed.joined);
    for (std::string name; std::getline(names, name, ',');)
      if (!name.empty()) parsed.controllers.push_back(name);
    lines.push_back(parsed);
  }
  return lines;
}

std::string read_text(const fs::path& path) { return read_proc_file(path.string()); }

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

bool has_word(const std::string& text, const std::string& word) {
  const std::vector<std::string> all = words(text);
  return std::find(all.begin(), all.end(), word) != all.end();
}

std::vector<pid_t> pids_in(const std::vector<fs::path>& dirs) {
  std::set<pid_t> all;
  for (const fs::path& dir : dirs)
    for (const std::string& w : words(read_text(dir / "cgroup.procs")))
      if (pid_t pid = static_cast<pid_t>(std::atol(w.c_str())); pid > 0) all.insert(pid);
  return {all.begin(), all.end()};
}

// The judge's group in the hierarchy mounted at `mount`: the path /proc/self/cgroup names,
// under the mount; or, where the mount shows only the judge's own group (a container that
// bind-mounts it), the mount itself when it lists the judge.
std::optional<fs::path> own_group(const fs::path& mount, const std::string& path, pid_t self) {
  std::error_code ec;
  const fs::path relative = fs::path(path).relative_path();
  const fs::path candidate = relative.empty() ? mount : mount / relative;
  if (fs::is_directory(candidate, ec)) return candidate;
  const std::vector<pid_t> listed = pids_in({mount});
  if (std::find(listed.begin(), listed.end(), self) != listed.end()) return mount;
  return std::nullopt;
}

// Writes `text` into a cgroup file (`flags`: O_CREAT, where a fake tree in the tests may not
// have it yet); 0 on success, else errno.
int write_errno(const fs::path& path, const std::string& text, int flags = 0) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | flags, 0644);
  if (fd < 0) return errno;
  const int error = ::write(fd, text.data(), text.size()) < 0 ? errno : 0;
  ::close(fd);
  return error;
}

// The same; "" on success, else why.
std::string write_text(const fs::path& path, const std::string& text) {
  const int error = write_errno(path, text, O_CREAT | O_TRUNC);
  return error ? "writing \"" + text + "\" to " + path.string() + ": " + std::strerror(error) : "";
}

std::optional<long long> number_in(const fs::path& file) {
  const std::string text = read_text(file);
  if (text.empty() || text[0] < '0' || text[0] > '9') return std::nullopt;
  return std::atoll(text.c_str());
}

bool remove_group(const fs::path& dir) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    if (::rmdir(dir.c_str()) == 0 || errno == ENOENT) return true;
    if (errno != EBUSY) {
      // A fake tree in the tests holds regular files: remove them too.
      std::error_code ec;
      fs::remove_all(dir, ec);
      return !ec;
    }
    ::usleep(10000);  // the last process's exit is still being accounted
  }
  return false;
}

void kill_groups(const std::vector<fs::path>& dirs) {
  for (const fs::path& dir : dirs)
    if (fs::exists(dir / "cgroup.kill")) write_errno(dir / "cgroup.kill", "1");  // v2, 5.14+
  for (int attempt = 0; attempt < 300; ++attempt) {
    const std::vector<pid_t> pids = pids_in(dirs);
    if (pids.empty()) return;
    for (pid_t pid : pids) ::kill(pid, SIGKILL);
    ::usleep(attempt < 50 ? 1000 : 10000);
  }
}

}  // namespace

std::string CgroupLayout::describe() const {
  if (version == 1) return "cgroup v1 (memory, pids, cpuacct)";
  if (version == 2) return "cgroup v2 (memory, pids, cpu)";
  return reason;
}

std::optional<long long> keyed_value(const std::string& text, const std::string& key) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::string name, value;
    if (!(fields >> name >> value) || name != key) continue;
    if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos)
      return std::nullopt;
    return std::atoll(value.c_str());
  }
  return std::nullopt;
}

CgroupLayout find_cgroups(const fs::path& root, const std::string& self_cgroup, pid_t self) {
  CgroupLayout layout;
  const std::vector<CgroupLine> lines = parse_self_cgroup(self_cgroup);
  if (lines.empty()) {
    layout.reason = "no control groups (/proc/self/cgroup is empty)";
    return layout;
  }
  std::error_code ec;
  std::string why_not_v2;
  // cgroup v2: the line "0::/path", the unified hierarchy at the root or, on a hybrid system,
  // at root/unified.
  for (const CgroupLine& line : lines) {
    if (!line.controllers.empty() || !line.joined.empty()) continue;
    fs::path mount;
    for (const fs::path& m : {root, root / "unified"})
      if (fs::exists(m / "cgroup.controllers", ec)) {
        mount = m;
        break;
      }
    if (mount.empty()) {
      why_not_v2 = "no cgroup v2 hierarchy under " + root.string();
      break;
    }
    const std::optional<fs::path> dir = own_group(mount, line.path, self);
    if (!dir) {
      why_not_v2 = "cgroup v2: the judge's group " + line.path + " is not under " + mount.string();
      break;
    }
    const std::string offered = read_text(*dir / "cgroup.controllers");
    std::string missing;
    for (const char* c : {"memory", "pids"})
      if (!has_word(offered, c)) missing += std::string(missing.empty() ? "" : ", ") + c;
    if (!missing.empty()) {
      why_not_v2 =
          "cgroup v2 at " + mount.string() + " offers no " + missing + " controller to the judge";
      break;
    }
    layout.version = 2;
    layout.memory = layout.pids = layout.cpu = *dir;
    return layout;
  }
  // cgroup v1: one hierarchy per controller (or co-mounted ones, "cpu,cpuacct").
  std::string missing;
  fs::path* targets[] = {&layout.memory, &layout.pids, &layout.cpu};
  const char* names[] = {"memory", "pids", "cpuacct"};
  for (int i = 0; i < 3; ++i) {
    const CgroupLine* found = nullptr;
    for (const CgroupLine& line : lines)
      if (std::find(line.controllers.begin(), line.controllers.end(), names[i]) !=
          line.controllers.end())
        found = &line;
    std::optional<fs::path> dir;
    if (found)
      for (const fs::path& mount : {root / found->joined, root / names[i]})
        if (fs::is_directory(mount, ec) && (dir = own_group(mount, found->path, self))) break;
    if (dir)
      *targets[i] = *dir;
    else
      missing += std::string(missing.empty() ? "" : ", ") + names[i];
  }
  if (missing.empty()) {
    layout.version = 1;
    return layout;
  }
  layout.memory = layout.pids = layout.cpu = fs::path();
  layout.reason = "no usable cgroup: " + (why_not_v2.empty() ? "" : why_not_v2 + "; ") +
                  "cgroup v1 has no " + missing + " hierarchy holding the judge under " +
                  root.string();
  return layout;
}

void prepare_cgroups(CgroupLayout& layout, pid_t judge, pid_t box) {
  if (!layout.usable()) return;
  auto fail = [&](const std::string& why) {
    layout = CgroupLayout{};
    layout.reason = "no writable cgroup: " + why;
  };
  if (layout.version == 2) {
    const fs::path dir = layout.memory;
    const fs::path control = dir / "cgroup.subtree_control";
    auto enabled = [&] {
      const std::string text = read_text(control);
      return has_word(text, "memory") && has_word(text, "pids");
    };
    if (!enabled()) {
      int error = write_errno(control, "+memory +pids");
      if (error == EBUSY) {
        // v2 forbids controllers for the children of a group that holds processes: when the
        // judge is alone in its group (with the box preparing it), both move into a leaf group
        // of their own first.
        const std::set<pid_t> ours = {judge, box};
        if (pids_in({dir}) != std::vector<pid_t>(ours.begin(), ours.end())) {
          fail(dir.string() + " holds other processes than the judge, so cgroup v2 cannot give " +
               "its child groups the memory and pids controllers");
          return;
        }
        const fs::path leaf = dir / "entrapment-judge";
        ::mkdir(leaf.c_str(), 0755);
        for (const pid_t pid : ours)
          if (const std::string why = write_text(leaf / "cgroup.procs", std::to_string(pid));
              !why.empty()) {
            fail(why);
            return;
          }
        error = write_errno(control, "+memory +pids");
      }
      if (error != 0 || !enabled()) {
        fail("enabling memory and pids in " + control.string() + ": " +
             (error ? std::strerror(error) : "not enabled"));
        return;
      }
    }
  }
  probe_groups(layout, box);
}

void probe_groups(CgroupLayout& layout, pid_t self) {
  if (!layout.usable()) return;
  const std::set<fs::path> dirs = {layout.memory, layout.pids, layout.cpu};
  const std::string name = "entrapment-probe-" + std::to_string(self);
  for (const fs::path& dir : dirs) {
    const fs::path probe = dir / name;
    if (::mkdir(probe.c_str(), 0755) != 0 && errno != EEXIST) {
      const std::string why = std::strerror(errno);
      layout = CgroupLayout{};
      layout.reason = "no writable cgroup: cannot create a group in " + dir.string() + ": " + why;
      return;
    }
    remove_group(probe);
  }
}

CgroupLayout layout_for_boxes() {
  CgroupLayout layout =
      find_cgroups("/sys/fs/cgroup", read_proc_file("/proc/self/cgroup"), ::getpid());
  if (layout.version != 2) return layout;
  if (layout.memory.filename() == "entrapment-judge")
    layout.memory = layout.pids = layout.cpu = layout.memory.parent_path();
  const fs::path control = layout.memory / "cgroup.subtree_control";
  const std::string enabled = read_text(control);
  if (!has_word(enabled, "memory") || !has_word(enabled, "pids")) {
    const std::string where = layout.memory.string();
    layout = CgroupLayout{};
    layout.reason = "no usable cgroup: " + where +
                    " gives its children no memory and pids controllers (cgroup.subtree_control)";
  }
  return layout;
}

ContestantCgroup::ContestantCgroup(const CgroupLayout& layout, const std::string& name,
                                   long long memory_bytes, int max_processes)
    : version_(layout.version) {
  if (!layout.usable()) throw std::runtime_error("no usable cgroup: " + layout.reason);
  const std::set<fs::path> parents = {layout.memory, layout.pids, layout.cpu};
  // A name already taken in any hierarchy is passed over, never reused or removed: it is a
  // judge's killed with SIGKILL whose pid came round again, or a live judge's in another PID
  // namespace (empty between its making and its use). mkdir decides who owns a name.
  std::string chosen = name;
  for (int attempt = 1; dirs_.size() < parents.size(); ++attempt) {
    for (const fs::path& dir : parents) {
      if (::mkdir((dir / chosen).c_str(), 0755) == 0) {
        dirs_.push_back(dir / chosen);
        continue;
      }
      const int error = errno;
      remove();
      if (error != EEXIST || attempt == 1000)  // 1000 names taken: something else is wrong
        throw std::runtime_error("cannot create the control group " + (dir / chosen).string() +
                                 ": " + std::strerror(error));
      chosen = name + "-" + std::to_string(attempt);
      break;
    }
  }
  memory_ = layout.memory / chosen;
  pids_ = layout.pids / chosen;
  cpu_ = layout.cpu / chosen;
  const std::string bytes = std::to_string(memory_bytes);
  const std::pair<fs::path, std::string> settings[] = {
      {memory_ / (version_ == 2 ? "memory.max" : "memory.limit_in_bytes"), bytes},
      {pids_ / "pids.max", std::to_string(max_processes)}};
  for (const auto& [file, value] : settings)
    if (const std::string why = write_text(file, value); !why.empty()) {
      remove();
      throw std::runtime_error("cannot limit the control group: " + why);
    }
  // No swap: memory beyond the limit is the limit. Only where the kernel has swap accounting.
  const fs::path swap =
      version_ == 2 ? memory_ / "memory.swap.max" : memory_ / "memory.memsw.limit_in_bytes";
  if (fs::exists(swap)) write_errno(swap, version_ == 2 ? "0" : bytes);
  // cgroup v1 charges TCP buffers only once their own limit is written (600 MiB sat in them
  // under a 256 MiB limit, uncounted); v2 charges them with the rest.
  const fs::path tcp = memory_ / "memory.kmem.tcp.limit_in_bytes";
  if (version_ == 1 && fs::exists(tcp)) write_errno(tcp, bytes);
  for (const fs::path& dir : dirs_) {
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0 && ::flock(fd, LOCK_SH | LOCK_NB) == 0) {
      locks_.push_back(fd);
    } else {
      if (fd >= 0) ::close(fd);
      remove();
      throw std::runtime_error("cannot hold the control group " + dir.string());
    }
  }
}

ContestantCgroup::~ContestantCgroup() {
  kill_all();
  remove();
}

std::vector<int> ContestantCgroup::open_procs_files() const {
  std::vector<int> fds;
  for (const fs::path& dir : dirs_) {
    const int fd = ::open((dir / "cgroup.procs").c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) {
      const std::string why = std::strerror(errno);
      for (int open : fds) ::close(open);
      throw std::runtime_error("cannot open " + (dir / "cgroup.procs").string() + ": " + why);
    }
    fds.push_back(fd);
  }
  return fds;
}

void ContestantCgroup::look_at_memory() const {
  // v1: cache and shmem (tmpfs, part of cache); v2: file and shmem (part of file).
  const std::string stat = read_text(memory_ / "memory.stat");
  const long long cache = keyed_value(stat, version_ == 2 ? "file" : "cache").value_or(0);
  const long long shmem = keyed_value(stat, "shmem").value_or(0);
  file_cache_ = std::max(file_cache_, cache - shmem);
  const auto now =
      number_in(memory_ / (version_ == 2 ? "memory.current" : "memory.usage_in_bytes"));
  if (!now) return;
  held_now_ = *now - (cache - shmem);
  held_ = std::max(held_, held_now_);
  if (version_ == 2) current_peak_ = std::max(current_peak_, *now);
}

double ContestantCgroup::cpu_seconds() const {
  look_at_memory();
  if (version_ == 2) {
    return static_cast<double>(
               keyed_value(read_text(cpu_ / "cpu.stat"), "usage_usec").value_or(0)) /
           1e6;
  }
  return static_cast<double>(number_in(cpu_ / "cpuacct.usage").value_or(0)) / 1e9;
}

CgroupUsage ContestantCgroup::usage() const {
  CgroupUsage usage;
  usage.cpu_s = cpu_seconds();
  if (version_ == 2) {
    // memory.peak from Linux 5.19; before it, the largest memory.current seen while polling.
    usage.memory_peak_bytes = number_in(memory_ / "memory.peak").value_or(current_peak_);
    usage.oom_kills = keyed_value(read_text(memory_ / "memory.events"), "oom_kill").value_or(-1);
  } else {
    usage.memory_peak_bytes = number_in(memory_ / "memory.max_usage_in_bytes").value_or(0);
    usage.oom_kills =
        keyed_value(read_text(memory_ / "memory.oom_control"), "oom_kill").value_or(-1);
  }
  usage.file_cache_bytes = file_cache_;
  usage.held_bytes = held_;
  return usage;
}

std::vector<pid_t> ContestantCgroup::processes() const { return pids_in(dirs_); }

std::vector<pid_t> ContestantCgroup::processes_charged() const { return pids_in({memory_}); }

long long ContestantCgroup::tasks() const { return number_in(pids_ / "pids.current").value_or(-1); }

void ContestantCgroup::kill_all() const { kill_groups(dirs_); }

void ContestantCgroup::remove() {
  for (const fs::path& dir : dirs_) remove_group(dir);
  dirs_.clear();
  for (int fd : locks_) ::close(fd);
  locks_.clear();
}

void kill_and_remove_groups(const std::vector<fs::path>& dirs) {
  kill_groups(dirs);
  for (const fs::path& dir : dirs) remove_group(dir);
}

}  // namespace entrapment
