// One run of a contestant: spawned with Boost.Process in a fresh scratch directory, in its own
// process group, under the limits, as its own unprivileged user when the judge is root, inside
// bwrap when asked and usable. Its stdin, stdout and stderr are pipes the judge holds. When the
// object goes away, every process the contestant started is gone and the scratch is deleted.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "identity.hpp"
#include "limits.hpp"

namespace entrapment {

using Clock = std::chrono::steady_clock;

struct ProcessUsage {
  double cpu_s = 0;          // user + system of the contestant and every child it waited for
  double wall_s = 0;         // spawn to exit
  long long memory_kib = 0;  // peak resident set
  bool signaled = false;     // killed by a signal (under bwrap: exit status 128 + signal)
  int signal = 0;
  int exit_code = 0;
};

// Whether contestants can run inside bwrap here, and if not, why (probed once).
struct SandboxSupport {
  bool usable = false;
  std::string reason;
};
const SandboxSupport& sandbox_support();

class ContestantProcess {
 public:
  // Throws std::runtime_error when the program cannot be started.
  // With `sandbox`, runs inside bwrap when sandbox_support() says it is usable.
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

  void close_stdin();
  // Reads what stderr holds now without blocking; keeps up to the output limit.
  void drain_stderr();
  const std::string& stderr_text() const { return stderr_text_; }

  // Waits for the main process to exit, draining stderr, until `deadline`; false on timeout.
  bool wait_until(Clock::time_point deadline);
  // Kills everything the contestant runs (its group, its user id) and reaps the main process.
  void kill();
  // Valid once the main process is reaped (wait_until() true, or kill()).
  const ProcessUsage& usage() const { return usage_; }

 private:
  void spawn(const std::vector<std::string>& command, bool use_bwrap);
  bool try_reap(bool block);
  void sweep();

  Limits limits_;
  std::optional<RunIdentity> identity_;
  std::filesystem::path scratch_;
  pid_t pid_ = -1;
  int pidfd_ = -1;
  int stdin_ = -1, stdout_ = -1, stderr_ = -1;
  bool reaped_ = false;
  bool swept_ = false;
  bool sandboxed_ = false;
  Clock::time_point started_;
  ProcessUsage usage_;
  std::string stderr_text_;
};

}  // namespace entrapment
