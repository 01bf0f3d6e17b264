// What the box's one child does between fork and exec: it joins what holds the run (its control
// group), takes its CPU, a session and a keyring of its own, its rlimits, and becomes bwrap
// (which builds the sandbox and starts the box's step), or the program itself (no sandbox, the
// seccomp filter loaded here). In the box's own namespaces (namespaces.hpp) it execs nothing: it
// builds the sandbox's root, becomes the run's user id, loads the filter and is the init of the
// run's PID namespace (drop.hpp's run_as_init()), which starts the program.
//
// The box has one thread, so this may be ordinary code. A failed step is reported through the
// error pipe (errno, then the step's name), which the program's exec closes.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

#include "limiter.hpp"
#include "sandbox_view.hpp"

namespace entrapment {

struct ChildPlan {
  const Limiter* limiter = nullptr;
  ChildRlimits rlimits;
  std::optional<uid_t> uid;         // the run's own user id (the box is root and sandboxes)
  std::string dir;                  // its working directory
  int keep_open[3] = {-1, -1, -1};  // bwrap's status and seccomp descriptors, the step's report
  int seccomp_here = -1;            // the filter, loaded here when no bwrap will load it
  int box_alive = -1;        // read end of a pipe the box holds open: it breaks if the box dies
  int box_alive_write = -1;  // its write end, the box's: closed here, or it would never break
  int cpu = -1;              // the one CPU it may use (--cpu), or -1
  // No sandbox, a box that is not root: a user namespace of the run's own, its ids mapped to
  // themselves, where it can make one (child.cpp says why).
  bool own_user_namespace = false;
  // In the box's own namespaces: the root to build, and where the init reports the program's
  // wait status.
  bool own_namespaces = false;
  std::vector<ViewStep> view;
  // What System V IPC may hold in its IPC namespace, in bytes (0: the kernel's defaults, which
  // let it hold far more than the machine has): under rlimits no process's memory shows it.
  long long ipc_bytes = 0;
  int report_fd = -1;
  // The run's Landlock domain (landlock.hpp), entered before the filter is loaded: where no
  // bwrap will start the box's step to enter it.
  bool landlock = false;
  std::vector<std::string> argv, env;
  std::vector<char*> argv_pointers, env_pointers;  // into argv and env, for execve
};

[[noreturn]] void run_child(const ChildPlan& plan, int error_pipe);

}  // namespace entrapment
