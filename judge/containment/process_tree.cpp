#include "process_tree.hpp"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <set>
#include <unordered_map>

#include "cgroup.hpp"

namespace entrapment {

void ProcessTree::add(const rusage& usage) {
  reaped_.cpu_s += static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                   static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  reaped_.memory_kib = std::max<long long>(reaped_.memory_kib, usage.ru_maxrss);
}

std::vector<ProcEntry> ProcessTree::members(const std::vector<ProcEntry>& table) const {
  std::vector<ProcEntry> out;
  if (main_ <= 0) return out;
  // The main process's group, and the descendants of the main process and of that group.
  std::unordered_map<pid_t, const ProcEntry*> by_pid;
  for (const ProcEntry& p : table) by_pid[p.pid] = &p;
  std::unordered_map<pid_t, bool> decided;
  auto belongs = [&](const ProcEntry& start) {
    std::vector<pid_t> chain;
    bool result = false;
    for (const ProcEntry* p = &start; p;) {
      if (auto known = decided.find(p->pid); known != decided.end()) {
        result = known->second;
        break;
      }
      chain.push_back(p->pid);
      if (p->pid == main_ || p->pgid == main_) {
        result = true;
        break;
      }
      if (p->ppid <= 1 || chain.size() > table.size()) break;
      auto parent = by_pid.find(p->ppid);
      p = parent == by_pid.end() ? nullptr : parent->second;
    }
    for (pid_t pid : chain) decided[pid] = result;
    return result;
  };
  for (const ProcEntry& p : table) {
    const auto seen = seen_.find(p.pid);
    if ((seen != seen_.end() && seen->second == p.start) || belongs(p)) {
      out.push_back(p);
      seen_[p.pid] = p.start;
    }
  }
  return out;
}

void ProcessTree::remember() const {
  if (!cgroup_) members(read_process_table());
}

std::vector<ProcEntry> ProcessTree::live_members() const {
  if (!cgroup_) return members(read_process_table());
  // The group holds exactly the run's live processes: no need to look through /proc.
  std::vector<ProcEntry> out;
  for (pid_t pid : cgroup_->processes()) {
    ProcEntry p;
    p.pid = pid;
    if (parse_proc_stat(read_proc_file("/proc/" + std::to_string(pid) + "/stat"), p) &&
        read_proc_status(p)) {
      out.push_back(p);
      seen_[p.pid] = p.start;
    }
  }
  return out;
}

void ProcessTree::freeze() const {
  // Twice: a process forked while the first signal went out is stopped by the second.
  for (int round = 0; round < 2; ++round)
    if (cgroup_) {
      for (pid_t pid : cgroup_->processes()) ::kill(pid, SIGSTOP);
    } else {
      for (const ProcEntry& p : members(read_process_table()))
        if (p.pid != main_ || round == 0) ::kill(p.pid, SIGSTOP);
    }
}

TreeUsage ProcessTree::sample() const {
  TreeUsage usage = reaped_;
  unsigned long long ticks = 0;
  std::set<std::pair<dev_t, ino_t>> memfds;  // each counted once, whoever holds it
  for (ProcEntry p : live_members()) {
    ticks += p.ticks;
    // Not bwrap's (the main process and its init under bwrap), never told by name: see prctl.
    if (!sandboxed_ || (p.pid != main_ && p.ppid != main_))
      usage.resident_kib += cgroup_ ? p.resident_kib : held_kib_of(p, memfds);
    if (cgroup_ || read_proc_status(p)) usage.memory_kib = std::max(usage.memory_kib, p.peak_kib);
  }
  usage.cpu_s += static_cast<double>(ticks) / ticks_per_second();
  peak_resident_kib_ = std::max(peak_resident_kib_, usage.resident_kib);
  usage.memory_kib = std::max(usage.memory_kib, peak_resident_kib_);
  return usage;
}

bool ProcessTree::anything_left() const {
  for (const ProcEntry& p : live_members())
    if (p.pid != main_ && p.state != 'Z') return true;
  return false;
}

double chain_cpu_wait(const std::vector<ProcEntry>& members,
                      const std::map<pid_t, double>& wait_of) {
  std::unordered_map<pid_t, pid_t> parent;
  for (const ProcEntry& p : members) parent[p.pid] = p.ppid;
  double longest = 0;
  for (const ProcEntry& p : members) {
    double sum = 0;
    std::size_t steps = 0;
    for (pid_t at = p.pid; steps <= members.size(); ++steps) {
      const auto up = parent.find(at);
      if (up == parent.end()) break;  // not a member: above the run
      const auto wait = wait_of.find(at);
      if (wait != wait_of.end()) sum += wait->second;
      at = up->second;
    }
    longest = std::max(longest, sum);
  }
  return longest;
}

double ProcessTree::longest_cpu_wait() const {
  const std::vector<ProcEntry> live = live_members();
  std::map<pid_t, double> wait_of;
  for (const ProcEntry& p : live) wait_of[p.pid] = longest_cpu_wait_of(p.pid);
  longest_wait_ = std::max(longest_wait_, chain_cpu_wait(live, wait_of));
  return longest_wait_;
}

bool ProcessTree::kill_and_reap() {
  if (cgroup_) {
    // Everything alive is in the group; the group's process count also counts zombies until
    // they are reaped, so /proc is searched for them only when some besides the main
    // process's are left.
    cgroup_->kill_all();
    const long long tasks = cgroup_->tasks();
    if (tasks >= 0 && tasks <= 1) return true;
  }
  const pid_t self = ::getpid();
  for (int attempt = 0; attempt < 300; ++attempt) {
    bool alive = false, any = false;
    for (const ProcEntry& p : members(read_process_table())) {
      if (p.pid == main_) continue;  // its reaper reaps it, with its exit status
      any = true;
      rusage usage{};
      if (p.state == 'Z') {
        // Orphaned to the judge (a subreaper): ours to reap, with what it used. A zombie with
        // another parent is that parent's to reap (inside the tree: in its children's usage).
        if (p.ppid == self && ::wait4(p.pid, nullptr, WNOHANG, &usage) == p.pid) add(usage);
      } else {
        alive = true;
        ::kill(p.pid, SIGKILL);
      }
    }
    if (alive) {
      if (main_ > 0) ::kill(-main_, SIGKILL);
      if (cgroup_) cgroup_->kill_all();
    } else if (!any || attempt > 20) {
      return true;  // none left, or only zombies another parent must reap: they are dead
    }
    if (attempt > 2) ::usleep(attempt > 50 ? 10000 : 1000);
  }
  return false;
}

}  // namespace entrapment
