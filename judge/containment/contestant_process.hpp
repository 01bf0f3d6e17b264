// One run of a contestant (or of a compiler on a contestant's source: compiling is running
// contestant code too): its program staged into a fresh scratch directory (mode 0700), started
// (launch.hpp) in a session of its own with no terminal, under the limits (a control group of
// its own, or rlimits), contained as containment.hpp says (bwrap, dropping to a user id of its
// own when the judge is root; or nothing, for trusted code). Its stdin, stdout and stderr are
// pipes the judge holds. Its CPU time and memory are those of its whole process tree, found
// through its control group or as the descendants of the process the judge started (bwrap's
// PID namespace keeps them there). The wall-clock guard is moved later by every wait for a CPU
// the run did not cause: its processes', bwrap's included, and the judge thread's. When the
// object goes away, every process the contestant started is gone and the scratch directory is
// deleted.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cgroup.hpp"
#include "containment.hpp"
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
  // The judge stopped it when the resident memory of its whole tree passed the limit (rlimit
  // mechanism; a control group's OOM killer does it under the other).
  bool memory_limit_hit = false;
  // How long its processes (and the judge's thread playing it) were ready to run but waited
  // for a CPU, as far as the wall-clock guard looked (at the guard, and when it exited): the
  // guard was moved later by that much.
  double waited_for_cpu_s = 0;
  // Not empty: the program never started (bwrap could not set it up or run it), and why.
  std::string not_started;
};

// How a process is started beyond its command and limits; from a bool: bwrap when usable, or not.
struct ProcessOptions {
  ProcessOptions(bool sandbox_wanted = true) : sandbox(sandbox_wanted) {}  // NOLINT: implicit
  bool sandbox;
  std::optional<Isolation> require{};  // exactly this isolation, or throw (probes, tests)
  // A compiler: its working directory is the scratch directory itself, writable and read
  // back by the judge (outputs are taken out with scratch()); a contestant's is a capped
  // tmpfs where its staged program is read-only.
  bool writable_scratch = false;
  // Files copied into the scratch directory, by their names, before it starts (a compiler's
  // sources: they are never reached where they are).
  std::vector<std::filesystem::path> inputs{};
  bool stdout_into_stderr = false;  // a compiler's messages, together
};

class ContestantProcess {
 public:
  // Throws std::runtime_error (StageError when the program cannot be reached) when the
  // program cannot be started.
  ContestantProcess(const std::vector<std::string>& command, const Limits& limits,
                    const ProcessOptions& options);
  ~ContestantProcess();
  ContestantProcess(const ContestantProcess&) = delete;
  ContestantProcess& operator=(const ContestantProcess&) = delete;

  int stdin_fd() const { return stdin_; }
  int stdout_fd() const { return stdout_; }
  int stderr_fd() const { return stderr_; }
  // Readable once the main process has exited; -1 when the kernel has no pidfd.
  int exit_fd() const { return pidfd_; }
  Clock::time_point started() const { return started_; }
  // Its main process (bwrap, under bwrap): a zombie from its exit until the run is swept.
  pid_t pid() const { return pid_; }
  bool sandboxed() const { return isolation_ == Isolation::Bwrap; }
  const LimitMechanism& mechanism() const { return *mechanism_; }
  // Where it runs, as the judge sees it (until the object goes away).
  const std::filesystem::path& scratch() const { return scratch_; }
  // The user id of its own it runs as (the judge is root), held until the object goes away.
  std::optional<uid_t> uid() const {
    return identity_ ? std::optional<uid_t>(identity_->uid()) : std::nullopt;
  }

  void close_stdin();
  // Reads what stderr holds now without blocking; keeps up to Limits::kept_stderr_bytes.
  void drain_stderr();
  const std::string& stderr_text() const { return stderr_text_; }

  // The CPU limit, for the whole tree (and under rlimits its resident memory): when the next
  // look is due (whoever waits on the contestant wakes up by then), and whether a limit is
  // passed (looks when due; cheap otherwise). The looks are spaced by the CPU time left
  // divided by the cores, so a contestant that waits on the judge costs almost nothing.
  Clock::time_point next_cpu_check() const { return next_cpu_check_; }
  bool over_cpu_limit();

  // The wall-clock guard: `deadline` (its start plus the wall limit) moved later by the time
  // its processes and the judge's thread were kept waiting for a CPU. deadline_passed() looks
  // at that time again only when the deadline as last stretched has come.
  bool deadline_passed(Clock::time_point deadline);
  Clock::time_point stretched(Clock::time_point deadline) const { return deadline + stretch_; }

  // Waits for the main process to exit, draining stderr, until `deadline` (stretched); false
  // on timeout or when a limit is passed.
  bool wait_until(Clock::time_point deadline);
  // Kills everything the contestant runs and reaps the main process.
  void kill();
  // Valid once the main process is reaped (wait_until() true, or kill()).
  const ProcessUsage& usage() const { return usage_; }

 private:
  void spawn(const std::vector<std::string>& command, const ProcessOptions& options);
  void release() noexcept;  // kills, removes and forgets everything (destructor, failed spawn)
  // Whether the main process has exited (blocking: waits until it has). It stays a zombie.
  bool try_reap(bool block);
  // Reaps the main process (its usage into the tree's), once nothing is killed by its pid.
  void collect();
  void sweep();
  // Reaps bwrap's init (which reaped the program: its figures) once bwrap is reaped.
  void reap_namespace_init();
  double judge_thread_delay() const;
  // Takes the waits for a CPU so far into waited_for_cpu_s and the guard's stretch.
  void credit_waits();

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
  int status_ = -1;      // bwrap's JSON status, read end
  bool exited_ = false;  // the main process has exited (a zombie until collect())
  bool reaped_ = false;
  bool swept_ = false;
  bool killed_ = false;  // the judge killed it (it did not end by itself)
  Isolation isolation_ = Isolation::None;
  Clock::time_point started_;
  Clock::time_point next_cpu_check_;
  Clock::duration stretch_{};
  pid_t judge_thread_ = 0;           // the thread that started it, whose waits count too
  double judge_delay_at_start_ = 0;  // that thread's wait for a CPU so far, at the start
  TreeUsage before_kill_;  // the tree's usage just before the judge killed it, or at the sweep
  ProcessUsage usage_;
  std::string stderr_text_;
  std::string status_text_;  // what bwrap wrote to its status descriptor so far
};

}  // namespace entrapment
