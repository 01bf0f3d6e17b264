// How the judge starts a process: posix_spawn, and nothing of the judge's own between the fork
// and the exec. The judge has threads: code of its own in a forked child could meet a lock
// another thread held at the fork (malloc's), and it would need a lock of the judge's to keep
// the judge's descriptors out of its children. posix_spawn's child does only what the file
// actions say: the descriptors asked for go to 0, 1, 2 (and 3 ...), every other one is closed
// first thing (closefrom), signals start at their defaults, none blocked. Every run of contestant
// code goes through judge-box (box_process.hpp); this starts the box, the sweeper and the
// judge's own helpers (the input validator).
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace entrapment {

// The program could not be started: `what()` says which and why.
class SpawnError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct SpawnRequest {
  std::vector<std::string> argv;  // argv[0]: an absolute path
  std::vector<std::string> env;   // NAME=value; empty: the judge's own environment
  // What becomes its 0, 1 and 2: a descriptor of the judge's, or a file opened for it (by
  // path; empty: /dev/null). A file for 1 with `out_append` false is truncated.
  int in = -1, out = -1, err = -1;
  std::string in_file, out_file;  // used when `in` / `out` is -1
  bool err_to_out = false;        // 2 is what 1 is
  // Descriptors handed on as 3, 4, ... in this order.
  std::vector<int> pass;
  // Signals it starts with blocked (none by default): a box blocks the ones it waits for
  // before it can act on them, so that one sent the moment it starts is not lost or fatal.
  std::vector<int> blocked_signals;
  bool new_session = false;        // setsid: no terminal, a process group of its own
  bool new_process_group = false;  // a terminal's signals (Ctrl-C) do not reach it
};

// Starts it; throws SpawnError naming the program.
pid_t spawn(const SpawnRequest& request);

// The absolute path of `program`, looked up in PATH when it has no '/'; empty when not found.
std::filesystem::path find_program(const std::string& program);

}  // namespace entrapment
