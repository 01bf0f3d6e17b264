// Who the contestant runs as. These machines judge as root, where RLIMIT_NPROC does not apply
// and the contestant could signal or read anything: so each running contestant gets its own
// unprivileged user id, held for the run through a lock file (so two judges on one machine,
// and two tests in one judge, never share one). That id is also how every process the
// contestant left behind is found and killed, whatever process group or session it moved to.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>

namespace entrapment {

// What the reaped orphans had used (bwrap's PID-namespace init, orphaned by bwrap, holds the
// program's CPU time and peak memory).
struct OrphanUsage {
  double cpu_s = 0;
  long long memory_kib = 0;
};

class RunIdentity {
 public:
  // A free unprivileged id, or nothing when the judge is not root (the contestant then runs
  // as the judge's own user).
  static std::optional<RunIdentity> acquire();
  RunIdentity(RunIdentity&& other) noexcept;
  RunIdentity& operator=(RunIdentity&&) = delete;
  ~RunIdentity();

  uid_t uid() const { return uid_; }
  // Kills every process running as this id and reaps those orphaned to the judge; returns once
  // none is left (or only zombies whose parent is not the judge). Safe from any thread.
  void kill_all(OrphanUsage* orphans = nullptr) const;
  // How many processes run as this id (for tests).
  int process_count() const;

 private:
  RunIdentity(uid_t uid, int lock_fd) : uid_(uid), lock_fd_(lock_fd) {}
  uid_t uid_;
  int lock_fd_;
};

// Makes the judge the reaper of every process its contestants orphan (PR_SET_CHILD_SUBREAPER),
// so leftovers are reaped at once, whatever init does. Idempotent.
void become_subreaper();

// The processes whose real user id is `uid`, from /proc.
int count_processes_of(uid_t uid);

// The contents of a /proc file, or "" when it cannot be read. A process may exit while its
// files are read, and std::ifstream then throws (libstdc++ turns the read error into an
// exception), so these reads use plain system calls.
std::string read_proc_file(const std::string& path);

}  // namespace entrapment
