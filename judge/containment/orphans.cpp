#include "orphans.hpp"

#include <errno.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <iterator>
#include <mutex>
#include <set>
#include <string>
#include <utility>

#include "interrupts.hpp"
#include "proc_table.hpp"

namespace entrapment {

namespace {

std::atomic<bool> g_sweep{false};

// (pid, start time): a pid the kernel reuses for another process is not mistaken for it.
struct Started {
  std::mutex mutex;
  std::set<std::pair<pid_t, unsigned long long>> children;
};

Started& started() {
  static Started* s = new Started;  // never destroyed: used up to the last moment
  return *s;
}

unsigned long long start_time_of(pid_t pid) {
  ProcEntry entry;
  if (!parse_proc_stat(read_proc_file("/proc/" + std::to_string(pid) + "/stat"), entry)) return 0;
  return entry.start;
}

// Under the spawn lock: an entry whose process is gone (reaped; a zombie is still there) or
// whose pid now names another process can go, so the set stays as small as the number of live
// children. One that cannot be read but still exists stays: forgetting a live child would let
// the next sweep kill it.
void forget_the_reaped() {
  Started& s = started();
  std::lock_guard<std::mutex> lock(s.mutex);
  for (auto it = s.children.begin(); it != s.children.end();) {
    const unsigned long long now = start_time_of(it->first);
    const bool gone = now == 0 ? ::kill(it->first, 0) != 0 && errno == ESRCH : now != it->second;
    it = gone ? s.children.erase(it) : std::next(it);
  }
}

}  // namespace

void note_started(pid_t pid) {
  if (!g_sweep.load()) return;  // nothing would ever read it
  const unsigned long long start = start_time_of(pid);
  Started& s = started();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.children.insert({pid, start});
}

void sweep_orphans_when_idle() { g_sweep.store(true); }

int sweep_orphans() {
  if (!g_sweep.load()) return 0;
  // No process starts meanwhile (every start holds the spawn lock), and a run registers itself
  // before it starts anything: with no live run now, no child of the judge belongs to one.
  std::lock_guard<std::recursive_mutex> spawning(spawn_lock());
  const pid_t self = ::getpid();
  forget_the_reaped();
  if (live_runs() > 0) return 0;
  int found = 0;
  for (int round = 0; round < 50; ++round) {
    int left = 0;
    for (const ProcEntry& p : read_process_table(false)) {
      if (p.ppid != self) continue;
      {
        Started& s = started();
        std::lock_guard<std::mutex> lock(s.mutex);
        if (s.children.count({p.pid, p.start})) continue;
      }
      ++left;
      if (round == 0) ++found;
      // Its own children come to the judge when it dies: the next round finds them.
      if (p.state != 'Z') ::kill(p.pid, SIGKILL);
      ::waitpid(p.pid, nullptr, WNOHANG);
    }
    if (left == 0) break;
    ::usleep(round < 5 ? 1000 : 10000);
  }
  return found;
}

}  // namespace entrapment
