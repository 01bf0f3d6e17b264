#include "sweep.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "cgroup.hpp"
#include "cpuset.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

double age_of(const struct stat& info) {
  timespec now{};
  ::clock_gettime(CLOCK_REALTIME, &now);
  return static_cast<double>(now.tv_sec - info.st_ctim.tv_sec);
}

// The entries of `dir` named `prefix`* that are directories (not links), nobody holds and are
// old enough, each opened and locked (LOCK_EX): handed to `remove` with their lock held.
template <typename Remove>
int take_unheld(const fs::path& dir, const std::string& prefix, double min_age_s, bool own_only,
                Remove remove) {
  int removed = 0;
  DIR* listing = ::opendir(dir.c_str());
  if (!listing) return 0;
  std::vector<std::string> names;
  while (const dirent* entry = ::readdir(listing))
    if (std::strncmp(entry->d_name, prefix.c_str(), prefix.size()) == 0)
      names.push_back(entry->d_name);
  ::closedir(listing);
  for (const std::string& name : names) {
    const fs::path path = dir / name;
    const int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) continue;
    struct stat info {};
    if (::fstat(fd, &info) == 0 && (!own_only || info.st_uid == ::geteuid()) &&
        age_of(info) >= min_age_s && ::flock(fd, LOCK_EX | LOCK_NB) == 0 && remove(path))
      ++removed;
    ::close(fd);
  }
  return removed;
}

bool remove_tree(const fs::path& path) {
  std::error_code ec;
  for (int pass = 0; pass < 10; ++pass) {
    fs::remove_all(path, ec);
    if (!ec) return true;
  }
  return false;
}

}  // namespace

SweepResult sweep_leftovers(double min_age_s) {
  SweepResult result;
  result.directories = take_unheld("/tmp", kJudgeTempPrefix, min_age_s, true, remove_tree);
  const CgroupLayout layout = layout_for_boxes();
  std::set<fs::path> parents;
  if (layout.usable()) parents = {layout.memory, layout.pids, layout.cpu};
  // The cpusets of runs given a CPU (cpuset.hpp), under cgroup v1.
  if (const std::optional<fs::path> cpusets = cpuset_parent_for_boxes();
      cpusets && layout.version == 1)
    parents.insert(*cpusets);
  for (const fs::path& parent : parents)
    result.groups += take_unheld(parent, kBoxGroupPrefix, min_age_s, false, [](const fs::path& g) {
      kill_and_remove_groups({g});
      return !fs::exists(g);
    });
  return result;
}

void sweep_when_gone(int lifeline, const fs::path& judge_dir) {
  sweep_leftovers();
  pollfd fd{lifeline, POLLIN, 0};
  for (;;) {
    if (::poll(&fd, 1, -1) < 0) continue;
    char byte;
    if (fd.revents & (POLLHUP | POLLERR | POLLNVAL)) break;
    if ((fd.revents & POLLIN) && ::read(lifeline, &byte, 1) <= 0) break;
  }
  for (int round = 0; round < 50 && !judge_dir.empty(); ++round) {
    const int dir = ::open(judge_dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dir < 0) break;  // gone: the judge removed it, or this did
    struct stat info {};
    // Held no more (the judge's lock went with it), and the sweeper's user's.
    if (::fstat(dir, &info) == 0 && info.st_uid == ::geteuid() &&
        ::flock(dir, LOCK_EX | LOCK_NB) == 0)
      remove_tree(judge_dir);
    ::close(dir);
    ::usleep(100000);
  }
  sweep_leftovers();
}

}  // namespace entrapment
