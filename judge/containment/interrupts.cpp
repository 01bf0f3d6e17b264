#include "interrupts.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <shared_mutex>
#include <stdexcept>
#include <thread>

#include "judge_temp.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

std::atomic<bool> g_interrupted{false};
std::atomic<int> g_signal{0};
int g_wake[2] = {-1, -1};  // the handler writes, the thread reads

struct Registry {
  std::mutex mutex;
  std::set<pid_t> boxes;
  int next = 1;
  std::map<int, fs::path> directories;
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

// Removes a registered directory although the judge's own threads may still make entries in it
// until the process ends: it is renamed first, so that nothing more is made there by its name,
// then removed until it is gone.
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

// Stops every box and waits (at most 10 s) until their owners reaped them; returns how many.
int stop_boxes() {
  Registry& r = registry();
  std::set<pid_t> stopped;
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    stopped = r.boxes;
  }
  for (pid_t box : stopped) ::kill(box, SIGTERM);
  for (int wait = 0; wait < 1000; ++wait) {
    {
      std::lock_guard<std::mutex> lock(r.mutex);
      if (r.boxes.empty()) break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return static_cast<int>(stopped.size());
}

// Held by whoever undoes everything after an interrupt, until it ends the process.
std::mutex& cleanup_lock() {
  static std::mutex* lock = new std::mutex;
  return *lock;
}

// Shared by writers into registered directories, taken whole by the clean-up.
std::shared_mutex& writing_lock() {
  static std::shared_mutex* lock = new std::shared_mutex;
  return *lock;
}

[[noreturn]] void clean_up_and_exit() {
  cleanup_lock().lock();  // never released: the process ends here
  writing_lock().lock();  // nor this: nothing is written into what is removed
  const int signal = g_signal.load();
  const int runs = stop_boxes();
  int directories = 0;
  {
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    for (const auto& [key, dir] : r.directories) directories += remove_directory(dir);
  }
  remove_judge_temp_dir();
  std::fprintf(stderr,
               "\njudge: interrupted (%s): %d running box%s stopped, %d director%s removed\n",
               signal == SIGINT    ? "SIGINT"
               : signal == SIGTERM ? "SIGTERM"
                                   : "SIGHUP",
               runs, runs == 1 ? "" : "es", directories, directories == 1 ? "y" : "ies");
  std::fflush(stderr);
  ::_exit(128 + signal);
}

void watch() {
  char byte;
  while (::read(g_wake[0], &byte, 1) < 0) {
  }
  clean_up_and_exit();
}

// The judge's work may end by itself while the interrupt is being handled: the exit waits for
// the clean-up, and its status is still 128 + signal.
void on_exit() {
  if (interrupted()) clean_up_and_exit();
}

}  // namespace

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

void stop_here_if_interrupted() {
  if (!interrupted()) return;
  for (;;) ::pause();  // the clean-up's thread, woken with the flag, ends the process
}

void register_box(pid_t box) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.boxes.insert(box);
}

void forget_box(pid_t box) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.boxes.erase(box);
}

int register_directory(const fs::path& dir) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  const int key = r.next++;
  r.directories.emplace(key, dir);
  return key;
}

void forget(int key) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.directories.erase(key);
}

std::shared_ptr<void> hold_off_interrupt_cleanup() {
  auto held = std::make_shared<std::shared_lock<std::shared_mutex>>(writing_lock());
  if (interrupted()) throw std::runtime_error("the judge was interrupted");
  return held;
}

}  // namespace entrapment
