#include "process_tree.hpp"

#include <algorithm>
#include <unordered_map>

namespace entrapment {

std::vector<ProcEntry> ProcessTree::members() const {
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
  for (const ProcEntry& p : table)
    if (p.pid != box_ && descends(p.pid)) out.push_back(p);
  return out;
}

TreeSample ProcessTree::sample(pid_t main, bool sandboxed) const {
  TreeSample sample;
  unsigned long long ticks = 0;
  for (ProcEntry p : members()) {
    ticks += p.ticks;
    if (sandboxed && (p.pid == main || p.ppid == main)) continue;  // bwrap's own two
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
