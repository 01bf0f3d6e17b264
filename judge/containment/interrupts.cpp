#include "interrupts.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <thread>
#include <utility>

#include "cgroup.hpp"
#include "proc_table.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

std::atomic<bool> g_interrupted{false};
std::atomic<int> g_signal{0};
int g_wake[2] = {-1, -1};  // the handler writes, the thread reads

struct Registry {
  std::mutex mutex;
  int next = 1;
  std::map<int, LiveRun> live;  // a work directory: a run with only its scratch
};

Registry& registry() {
  static Registry* r = new Registry;  // never destroyed: the thread may use it at exit
  return *r;
}

extern "C" void on_interrupt(int signal) {
  // Async-signal-safe only: an atomic store and a write.
  g_interrupted.store(true);
  int expected = 0;
  g_signal.compare_exchange_strong(expected, signal);
  const char byte = 1;
  [[maybe_unused]] const ssize_t ignored = ::write(g_wake[1], &byte, 1);
}

void kill_run(const LiveRun& run) {
  if (run.group > 0) {
    ::kill(-run.group, SIGKILL);
    ::kill(run.group, SIGKILL);
  }
  if (!run.cgroups.empty()) kill_and_remove_groups(run.cgroups);
}

// Every descendant of the judge (contestants, and compilers or validators it runs): killed.
// What left the judge's tree (a contestant's orphan in its own session) is found by its run.
void kill_descendants() {
  const pid_t self = ::getpid();
  for (int round = 0; round < 3; ++round) {
    const std::vector<ProcEntry> table = read_process_table();
    std::map<pid_t, pid_t> parent;
    for (const ProcEntry& p : table) parent[p.pid] = p.ppid;
    for (const ProcEntry& p : table) {
      if (p.state == 'Z') continue;
      for (pid_t up = p.ppid, steps = 0; up > 1 && steps < 64; ++steps) {
        if (up == self) {
          ::kill(p.pid, SIGKILL);
          break;
        }
        const auto next = parent.find(up);
        if (next == parent.end()) break;
        up = next->second;
      }
    }
  }
}

// Removes a registered directory although the judge's own threads may still make entries in it
// (the next submission's directory, a compiled program) until the process ends: one pass of
// remove_all then fails on what was made behind it (a full run left a work directory so). It is
// renamed first, so that nothing more is made there by its name, then removed until it is gone.
bool remove_directory(const fs::path& dir) {
  std::error_code ec;
  fs::path doomed = dir;
  doomed += ".removing";
  fs::rename(dir, doomed, ec);
  if (ec) doomed = dir;
  bool removed = false;
  for (int pass = 0; pass < 10; ++pass) {
    const std::uintmax_t count = fs::remove_all(doomed, ec);
    removed = removed || (count > 0 && count != static_cast<std::uintmax_t>(-1));
    if (!ec) break;
  }
  return removed;
}

// Returns how many contestant runs were stopped and directories removed.
std::pair<int, int> undo_everything() {
  // No fork is under way once the spawn lock is held, so every child is registered; none
  // starts after it (interrupted() is set).
  std::lock_guard<std::recursive_mutex> spawning(spawn_lock());
  kill_descendants();
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  int runs = 0, directories = 0;
  for (const auto& [key, run] : r.live) {
    kill_run(run);
    runs += run.group > 0;
  }
  for (const auto& [key, run] : r.live)
    if (!run.scratch.empty() && remove_directory(run.scratch)) ++directories;
  return {runs, directories};
}

// Held by whoever undoes everything after an interrupt, until it ends the process.
std::mutex& cleanup_lock() {
  static std::mutex* lock = new std::mutex;
  return *lock;
}

[[noreturn]] void clean_up_and_exit() {
  cleanup_lock().lock();  // never released: the process ends here
  const int signal = g_signal.load();
  const auto [runs, directories] = undo_everything();
  std::fprintf(
      stderr, "\njudge: interrupted (%s): %d running contestant%s stopped, %d director%s removed\n",
      signal == SIGINT    ? "SIGINT"
      : signal == SIGTERM ? "SIGTERM"
                          : "SIGHUP",
      runs, runs == 1 ? "" : "s", directories, directories == 1 ? "y" : "ies");
  std::fflush(stderr);
  ::_exit(128 + signal);
}

void watch() {
  char byte;
  while (::read(g_wake[0], &byte, 1) < 0) {
  }
  clean_up_and_exit();
}

// The judge's work may end by itself while the interrupt is being handled (its contestants
// were just killed): the exit waits for the clean-up, and its status is still 128 + signal.
void on_exit() {
  if (interrupted()) clean_up_and_exit();
}

}  // namespace

std::recursive_mutex& spawn_lock() {
  static std::recursive_mutex* lock =
      new std::recursive_mutex;  // never destroyed: used up to the last moment
  return *lock;
}

void handle_interrupts() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (::pipe2(g_wake, O_CLOEXEC) != 0) return;
    std::thread(watch).detach();
    std::atexit(on_exit);
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int signal : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(signal, &action, nullptr);
  });
}

bool interrupted() { return g_interrupted.load(); }

int register_run(const LiveRun& run) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  const int key = r.next++;
  r.live.emplace(key, run);
  return key;
}

int register_directory(const fs::path& dir) { return register_run({0, {}, dir}); }

void update_run(int key, const LiveRun& run) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.live[key] = run;
}

void forget(int key) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.live.erase(key);
}

std::unique_lock<std::mutex> hold_registry() {
  return std::unique_lock<std::mutex>(registry().mutex);
}

}  // namespace entrapment
