// Who the contestant runs as when the judge is root (bwrap drops it to this id inside:
// containment.hpp). Root is not bound by RLIMIT_NPROC and could read or signal anything: so
// each running contestant gets its own unprivileged user id, held for the run through a lock
// file in a registry only root may write, shared by every judge on the machine whatever its
// mount namespace (id_registry.hpp: so two judges, and two tests in one judge, never share
// one). The id is never how a run's processes are found or killed (that is its control group
// or its process tree and PID namespace: process_tree.hpp): nothing is killed by user id.
#pragma once

#include <sys/types.h>

#include <optional>

namespace entrapment {

class RunIdentity {
 public:
  // A free unprivileged id, or nothing when the judge is not root (the contestant then runs
  // as the judge's own user). Waits while every id is held (more runs than ids). Throws
  // IdRegistryError when the registry cannot be trusted (id_registry.hpp), std::runtime_error
  // when no id can ever be had.
  static std::optional<RunIdentity> acquire();
  // The same without waiting: nothing when every id is taken (`any_held`: some id is held by
  // a judge, so waiting helps).
  static std::optional<RunIdentity> try_acquire(bool* any_held = nullptr);
  // How many acquire() calls of this process wait for an id now (for tests).
  static int waiting();
  RunIdentity(RunIdentity&& other) noexcept;
  RunIdentity& operator=(RunIdentity&&) = delete;
  // Frees the id; when the run was not seen to end clean (mark_clean()), and a process of the
  // id still runs, the id stays marked (try_acquire() skips it until none does).
  ~RunIdentity();

  uid_t uid() const { return uid_; }
  // The run saw every process of its own end: releasing the id needs no look through /proc.
  void mark_clean() { clean_ = true; }

 private:
  RunIdentity(uid_t uid, int lock_fd) : uid_(uid), lock_fd_(lock_fd) {}
  uid_t uid_;
  int lock_fd_;
  bool clean_ = false;
};

// Makes the judge the reaper of every process its contestants orphan (PR_SET_CHILD_SUBREAPER),
// so leftovers are reaped by the judge, with their resource usage. Idempotent.
void become_subreaper();

}  // namespace entrapment
