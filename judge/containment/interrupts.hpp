// Ctrl-C, SIGTERM or SIGHUP while `judge run`, `verify` or `play` judges: every box is asked to
// stop its run (each stops, measures, kills and cleans up its own, as it does at a limit), the
// judge waits for them, removes its temporary directory (judge_temp.hpp) and every directory
// registered here, then exits with 128 + the signal (130 for SIGINT, 143 for SIGTERM). The
// judge keeps the pids of its live boxes and nothing else of a run: a box holds the rest. A
// thread of its own, woken by the signal handler, does it all. Without handle_interrupts()
// (the tests, the benchmarks) nothing changes but the bookkeeping.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <memory>
#include <mutex>

namespace entrapment {

// Installs the handlers and starts the thread. The CLI's main calls it once, first.
void handle_interrupts();

// True once an interrupt arrived: nothing new may start.
bool interrupted();

// Once interrupted, waits for the clean-up to end the process; else returns at once. What was
// judged when the interrupt came is not judged (its runs were stopped by the judge), so no
// summary or report of it may be printed as if it were (red team: an accepted program's report
// said RTE for the two runs the interrupt stopped).
void stop_here_if_interrupted();

// A box the judge started (until it is reaped): an interrupt asks it to stop. Started and
// registered while holding hold_off_interrupt_cleanup(), so that the clean-up, which takes that
// lock before it lists the boxes, misses none.
void register_box(pid_t box);
void forget_box(pid_t box);

// A directory an interrupt removes (an export being written, a cache entry being stored).
int register_directory(const std::filesystem::path& dir);
void forget(int key);

// Held while files are written into a registered directory: an interrupt's clean-up waits for
// it, then holds it until the judge exits, so that nothing is written while it removes the
// directories, nor after. Throws std::runtime_error once the judge is interrupted.
std::shared_ptr<void> hold_off_interrupt_cleanup();

}  // namespace entrapment
