// Ctrl-C, SIGTERM or SIGHUP while `judge run`, `verify` or `play` judges: every contestant
// process is killed and every scratch and work directory the judge made is removed, then the
// judge exits with 128 + the signal (130 for SIGINT, 143 for SIGTERM). The judge keeps a
// registry of what is live (contestant runs: their main process and process group, control
// groups, scratch directory; work directories). Under bwrap, killing the main process kills
// its PID namespace and all in it (--die-with-parent); every descendant of the judge is killed
// too. Never by user id. A thread of its own, woken by the signal handler,
// undoes it all. Without handle_interrupts() (the tests, the benchmarks) nothing changes
// but the bookkeeping.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <mutex>
#include <optional>
#include <vector>

namespace entrapment {

// Installs the handlers and starts the thread. The CLI's main calls it once, first.
void handle_interrupts();

// True once an interrupt arrived: nothing new may start.
bool interrupted();

// Held around every fork of the judge (launch.hpp), so that an interrupt finds every child
// registered and a child has closed what it inherited before the next one starts. Recursive:
// the clean-up after an interrupt holds it and still forks helpers.
std::recursive_mutex& spawn_lock();

// What an interrupt must undo. Each registration returns a key to forget it by.
struct LiveRun {
  pid_t group = 0;  // the main process (and its process group); 0 before it starts
  std::vector<std::filesystem::path> cgroups;  // its control groups
  std::filesystem::path scratch;               // its scratch directory
};
int register_run(const LiveRun& run);
void update_run(int key, const LiveRun& run);
int register_directory(const std::filesystem::path& dir);
void forget(int key);

// The registry, held as an interrupt's clean-up holds it while it kills every registered run:
// forget() waits for it. Tests hold it to stand in for a clean-up.
std::unique_lock<std::mutex> hold_registry();

}  // namespace entrapment
