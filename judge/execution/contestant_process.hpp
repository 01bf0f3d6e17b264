// One run of a contestant: its program staged into a fresh scratch directory, spawned with
// Boost.Process in its own process group, under the limits (a control group of its own, or
// rlimits), as its own unprivileged user when the judge is root, inside bwrap when asked and
// usable. Its stdin, stdout and stderr are pipes the judge holds. Its CPU time and memory are
// those of its whole process tree. When the object goes away, every process the contestant
// started is gone and the scratch directory is deleted.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cgroup.hpp"
#include "identity.hpp"
#include "limit_mechanism.hpp"
#include "limits.hpp"
#include "process_tree.hpp"

namespace entrapment {

using Clock = std::chrono::steady_clock;

struct ProcessUsage {
  double cpu_s = 0;          // user + system of the whole process tree
  double wall_s = 0;         // spawn to exit
  long long memory_kib = 0;  // peak: the control group's, or the largest process's (rlimit)
  bool signaled = false;     // killed by a signal (under bwrap: exit status 128 + signal)
  int signal = 0;
  int exit_code = 0;
  bool oom_killed = false;     // the memory control group's OOM killer fired
  bool cpu_limit_hit = false;  // the judge stopped it when the tree's CPU time passed the limit
  // Not empty: the program never started (bwrap could not set it up or run it), and why.
  std::string not_started;
};

// Whether contestants can run inside bwrap here, and if not, why (probed once).
struct SandboxSupport {
  bool usable = false;
  std::string reason;
};
const SandboxSupport& sandbox_support();

class ContestantProcess {
 public:
  // Throws std::runtime_error (StageError when the program cannot be reached) when the
  // program cannot be started. With `sandbox`, runs inside bwrap when sandbox_support() says
  // it is usable.
  ContestantProcess(const std::vector<std::string>& command, const Limits& limits, bool sandbox);
  // Always inside bwrap (or throws): what sandbox_support() probes with.
  struct ForceSandbox {};
  ContestantProcess(const std::vector<std::string>& command, const Limits& limits, ForceSandbox);
  ~ContestantProcess();
  ContestantProcess(const ContestantProcess&) = delete;
  ContestantProcess& operator=(const ContestantProcess&) = delete;

  int stdin_fd() const { return stdin_; }
  int stdout_fd() const { return stdout_; }
  int stderr_fd() const { return stderr_; }
  // Readable once the main process has exited; -1 when the kernel has no pidfd.
  int exit_fd() const { return pidfd_; }
  Clock::time_point started() const { return started_; }
  bool sandboxed() const { return sandboxed_; }
  const LimitMechanism& mechanism() const { return *mechanism_; }

  void close_stdin();
  // Reads what stderr holds now without blocking; keeps up to the output limit.
  void drain_stderr();
  const std::string& stderr_text() const { return stderr_text_; }

  // The CPU limit, for the whole tree: when the next look is due (whoever waits on the
  // contestant wakes up by then), and whether the limit is passed (looks when due; cheap
  // otherwise). The looks are spaced by the CPU time left divided by the cores, so a
  // contestant that waits on the judge costs almost nothing.
  Clock::time_point next_cpu_check() const { return next_cpu_check_; }
  bool over_cpu_limit();

  // Waits for the main process to exit, draining stderr, until `deadline`; false on timeout
  // or when the CPU limit is passed.
  bool wait_until(Clock::time_point deadline);
  // Kills everything the contestant runs and reaps the main process.
  void kill();
  // Valid once the main process is reaped (wait_until() true, or kill()).
  const ProcessUsage& usage() const { return usage_; }

 private:
  void spawn(const std::vector<std::string>& command, bool use_bwrap);
  void release() noexcept;  // kills, removes and forgets everything (destructor, failed spawn)
  bool try_reap(bool block);
  void sweep();
  double cpu_now() const;

  Limits limits_;
  const LimitMechanism* mechanism_ = nullptr;
  std::optional<RunIdentity> identity_;
  std::unique_ptr<ContestantCgroup> cgroup_;
  std::optional<ProcessTree> tree_;
  std::filesystem::path scratch_;
  int registry_key_ = 0;
  pid_t pid_ = -1;
  int pidfd_ = -1;
  int stdin_ = -1, stdout_ = -1, stderr_ = -1;
  int status_ = -1;  // bwrap's JSON status, read end
  bool reaped_ = false;
  bool swept_ = false;
  bool killed_ = false;  // the judge killed it (it did not end by itself)
  bool sandboxed_ = false;
  Clock::time_point started_;
  Clock::time_point next_cpu_check_;
  TreeUsage before_kill_;  // rlimit mode: the tree's usage just before the judge killed it
  ProcessUsage usage_;
  std::string stderr_text_;
};

}  // namespace entrapment
