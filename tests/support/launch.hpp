// How the tests start a program with steps of their own between fork and exec (becoming
// another user, taking a terminal as the controlling one: what posix_spawn cannot do). The
// tests are not the judge: the judge runs no code of its own in a child
// (judge/containment/spawn.hpp). Boost.Process forks and execs; the child closes every
// descriptor but 0, 1, 2 and the ones it was given, first thing, then runs the step, and a
// failure there comes back through a pipe, naming the step.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace entrapment::testing {

// A step run in the child between fork and exec (or exit): raw system calls only, since the
// judge has threads (malloc or a lock taken by another thread at the fork would deadlock).
// Returns nullptr, or the name of what failed with errno set.
using ChildStep = const char* (*)(const void* context);

// The program could not be started: `what()` names the step that failed and why.
class LaunchError : public std::runtime_error {
 public:
  LaunchError(const std::string& what, int error) : std::runtime_error(what), error_(error) {}
  int error() const { return error_; }  // errno

 private:
  int error_;
};

struct LaunchRequest {
  std::vector<std::string> argv;  // argv[0]: an absolute path
  std::vector<std::string> env;   // NAME=value
  // In the child, after every descriptor from 3 up but those in `keep` was closed (the step
  // dup2()s what the program gets to 0, 1 and 2; what it keeps beyond them must not be
  // close-on-exec).
  ChildStep step = nullptr;
  const void* context = nullptr;
  std::vector<int> keep;  // descriptors the step uses (they should be close-on-exec)
};

// Forks, runs the step, execs. Throws LaunchError when the step or the exec failed (the child
// is reaped then), or when the judge was interrupted (nothing new starts after an interrupt).
pid_t launch(const LaunchRequest& request);

// Async-signal-safe, for a child: closes every descriptor from 3 up but the `count` ones in
// `keep` (sorted, ascending). close_range() where the kernel has it (5.9), else one call per
// descriptor up to the descriptor limit.
void close_descriptors_except(const int* keep, int count);

}  // namespace entrapment::testing
