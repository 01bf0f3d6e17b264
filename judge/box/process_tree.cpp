#include "process_tree.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace entrapment {

namespace {

// The pids /proc/PID/task/TID/children lists for every thread of `pid` (a child's parent is the
// thread that forked it), appended to `out`; false when the file cannot be read for the first
// thread (the kernel has no CONFIG_PROC_CHILDREN, or the process is gone).
bool append_children(pid_t pid, std::vector<pid_t>& out) {
  const std::string tasks = "/proc/" + std::to_string(pid) + "/task";
  DIR* dir = ::opendir(tasks.c_str());
  if (!dir) return false;
  bool read_any = false;
  while (dirent* entry = ::readdir(dir)) {
    if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
    const std::string path = tasks + "/" + entry->d_name + "/children";
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;
    read_any = true;
    std::string text;
    char buffer[4096];
    for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;)
      text.append(buffer, static_cast<std::size_t>(n));
    ::close(fd);
    const char* at = text.c_str();
    for (char* end = nullptr;; at = end) {
      const long child = std::strtol(at, &end, 10);
      if (end == at) break;
      if (child > 0) out.push_back(static_cast<pid_t>(child));
    }
  }
  ::closedir(dir);
  return read_any;
}

}  // namespace

std::vector<ProcEntry> ProcessTree::members() const {
  // The box's descendants, found from the box down: the cost of a look grows with the run's
  // processes, never with the machine's (a scan of /proc opened the stat of each of the
  // machine's processes, 406 a look beside 91 on the host). A process in the middle of forking
  // or exiting may be missed by one look (the kernel's list is not exact then); the next one
  // sees it, and the group's or the reaped children's figures count what it did meanwhile.
  std::vector<pid_t> frontier;
  if (append_children(box_, frontier)) {
    std::vector<ProcEntry> out;
    std::unordered_set<pid_t> seen = {box_};
    while (!frontier.empty()) {
      const pid_t pid = frontier.back();
      frontier.pop_back();
      if (!seen.insert(pid).second) continue;
      ProcEntry entry;
      if (!parse_proc_stat(read_proc_file("/proc/" + std::to_string(pid) + "/stat"), entry))
        continue;  // gone since its parent listed it
      if (entry.state == 'Z') view_through_a_live_thread(entry);
      out.push_back(entry);
      append_children(pid, frontier);
    }
    return out;
  }
  // No children lists here: every process of the machine, and their parents.
  const std::vector<ProcEntry> table = read_process_table();
  std::unordered_map<pid_t, pid_t> parent;
  for (const ProcEntry& p : table) parent[p.pid] = p.ppid;
  std::unordered_map<pid_t, bool> decided;
  const auto descends = [&](pid_t pid) {
    std::vector<pid_t> chain;
    bool result = false;
    for (pid_t at = pid; chain.size() <= table.size();) {
      if (const auto known = decided.find(at); known != decided.end()) {
        result = known->second;
        break;
      }
      chain.push_back(at);
      const auto up = parent.find(at);
      if (up == parent.end() || up->second <= 1) break;
      if (up->second == box_) {
        result = true;
        break;
      }
      at = up->second;
    }
    for (pid_t p : chain) decided[p] = result;
    return result;
  };
  std::vector<ProcEntry> out;
  for (ProcEntry p : table)
    if (p.pid != box_ && descends(p.pid)) {
      if (p.state == 'Z') view_through_a_live_thread(p);
      out.push_back(p);
    }
  return out;
}

TreeSample ProcessTree::sample(pid_t main, int starters) const {
  TreeSample sample;
  unsigned long long ticks = 0;
  for (ProcEntry p : members()) {
    ticks += p.ticks;
    if ((starters >= 1 && p.pid == main) || (starters >= 2 && p.ppid == main))
      continue;  // the sandbox's own
    if (read_proc_status(p)) sample.peak_kib = std::max(sample.peak_kib, p.peak_kib);
    sample.holders.push_back(p);
  }
  sample.cpu_s = static_cast<double>(ticks) / ticks_per_second();
  return sample;
}

double chain_cpu_wait(const std::vector<ProcEntry>& members, const std::map<pid_t, double>& wait_of,
                      const std::set<pid_t>& startup) {
  std::unordered_map<pid_t, pid_t> parent;
  for (const ProcEntry& p : members) parent[p.pid] = p.ppid;
  const auto wait = [&wait_of](pid_t pid) {
    const auto found = wait_of.find(pid);
    return found == wait_of.end() ? 0.0 : found->second;
  };
  double longest = 0;
  for (const ProcEntry& p : members) {
    double sum = wait(p.pid);
    std::size_t steps = 0;
    for (pid_t at = p.pid; steps <= members.size(); ++steps) {
      const auto up = parent.find(at);
      if (up == parent.end()) break;  // not a member: above the run
      at = up->second;
      if (startup.count(at) && parent.count(at)) sum += wait(at);
    }
    longest = std::max(longest, sum);
  }
  return longest;
}

}  // namespace entrapment
