// Who the contestant runs as. These machines judge as root, where RLIMIT_NPROC does not apply
// and the contestant could signal or read anything: so each running contestant gets its own
// unprivileged user id, held for the run through a lock file in a registry only root may
// write, shared by every judge on the machine whatever its mount namespace (id_registry.hpp:
// so two judges, and two tests in one judge, never share one). That id is also how every process
// the contestant left behind is found and killed, whatever process group or session it moved to.
#pragma once

#include <signal.h>
#include <sys/types.h>

#include <optional>

#include "proc_table.hpp"

namespace entrapment {

class RunIdentity {
 public:
  // A free unprivileged id, or nothing when the judge is not root (the contestant then runs
  // as the judge's own user). Waits while every id is held (more runs than ids). Throws
  // IdRegistryError when the registry cannot be trusted (id_registry.hpp), std::runtime_error
  // when no id can ever be had.
  static std::optional<RunIdentity> acquire();
  // The same without waiting: nothing when every id is taken.
  static std::optional<RunIdentity> try_acquire();
  // How many acquire() calls of this process wait for an id now (for tests).
  static int waiting();
  RunIdentity(RunIdentity&& other) noexcept;
  RunIdentity& operator=(RunIdentity&&) = delete;
  ~RunIdentity();  // kills whatever still runs as the id, then frees it

  uid_t uid() const { return uid_; }
  // How many processes run as this id (for tests).
  int process_count() const;
  // The run killed everything of the id itself: releasing it needs no further kill (a kill
  // forks a helper, which costs milliseconds per test).
  void mark_clean() { clean_ = true; }

 private:
  RunIdentity(uid_t uid, int lock_fd) : uid_(uid), lock_fd_(lock_fd) {}
  // One look through the registry; `any_held`: some id is held by a judge (so waiting helps).
  static std::optional<RunIdentity> scan(bool& any_held);
  uid_t uid_;
  int lock_fd_;
  bool clean_ = false;
};

// One kill(-1, signal) from a process running as `uid`: it reaches every process of that id
// (in any PID namespace below ours), and only those. Safe from any thread.
void kill_user_processes(uid_t uid, int signal = SIGKILL);

// Makes the judge the reaper of every process its contestants orphan (PR_SET_CHILD_SUBREAPER),
// so leftovers are reaped by the judge, with their resource usage. Idempotent.
void become_subreaper();

// The processes whose real user id is `uid`, from /proc.
int count_processes_of(uid_t uid);

}  // namespace entrapment
