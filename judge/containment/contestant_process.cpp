#include "contestant_process.hpp"

#include <fcntl.h>
#include <linux/keyctl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <system_error>
#include <thread>

#include "file_copy.hpp"
#include "interrupts.hpp"
#include "launch.hpp"
#include "proc_table.hpp"
#include "sandbox.hpp"
#include "staging.hpp"
#include "support/files.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

constexpr int kMaxGroups = 3;  // cgroup v1: memory, pids, cpuacct

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

struct Pipe {
  int read = -1, write = -1;
  Pipe() {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
      throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    read = fds[0];
    write = fds[1];
  }
};

bool is_jvm(const std::vector<std::string>& command) {
  const std::string name = fs::path(command[0]).filename().string();
  return name == "java" || name == "javac";
}

// `wanted`, but never above the judge's own hard limit (only root may raise one).
rlim_t capped(int resource, rlim_t wanted) {
  rlimit current{};
  if (::getrlimit(resource, &current) != 0 || current.rlim_max == RLIM_INFINITY) return wanted;
  return std::min(wanted, current.rlim_max);
}

// What the child does between fork and exec (launch.hpp: every descriptor from 3 up but these
// is closed already): raw system calls only.
struct ChildSetup {
  int in = -1, out = -1, err = -1;
  bool out_into_err = false;
  int groups[kMaxGroups] = {-1, -1, -1};  // cgroup.procs of its control groups
  int status = -1;                        // bwrap's --json-status-fd, kept open across exec
  rlim_t cpu_s = 0, cpu_hard = 0, address_space = 0, processes = 0, file_size = 0, stack = 0;
  bool limit_processes = false, limit_address_space = false;
  const char* scratch = nullptr;
  uid_t uid = 0;  // the run's own id, or 0
};

const char* child_setup(const void* context) {
  const ChildSetup& c = *static_cast<const ChildSetup*>(context);
  // First into its control groups, so that everything it becomes (bwrap, the program, what
  // they start) is counted and limited there.
  for (int fd : c.groups)
    if (fd >= 0 && ::write(fd, "0", 1) != 1) return "joining its control group";
  if (::dup2(c.in, 0) < 0 || ::dup2(c.out_into_err ? c.err : c.out, 1) < 0 || ::dup2(c.err, 2) < 0)
    return "dup2";
  // A session of its own: no controlling terminal, so /dev/tty cannot be opened and TIOCSTI
  // (which needs the terminal to be its own, or CAP_SYS_ADMIN) cannot type into the user's
  // shell; the judge kills the session's process group.
  if (::setsid() < 0) return "setsid";
  if (c.status >= 0 && ::fcntl(c.status, F_SETFD, 0) != 0) return "keeping bwrap's status open";
  // Keys are in no file system: its own session keyring; its id's emptied, and none may lock.
  if (c.uid && ::syscall(SYS_setresuid, c.uid, c.uid, 0) != 0) return "becoming its user id";
  ::syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, nullptr);  // fails only where keys are off
  if (c.uid) {
    const long kept = ::syscall(SYS_keyctl, KEYCTL_GET_PERSISTENT, -1, KEY_SPEC_SESSION_KEYRING);
    for (long ring : {kept, long{KEY_SPEC_USER_KEYRING}, long{KEY_SPEC_USER_SESSION_KEYRING}})
      for (int op : {KEYCTL_SETPERM, KEYCTL_CLEAR}) ::syscall(SYS_keyctl, op, ring, 0x1f1f0000);
    if (::syscall(SYS_setresuid, 0, 0, 0) != 0) return "becoming root again";
  }
  auto limit = [](int resource, rlim_t soft, rlim_t hard) {
    rlimit r{soft, hard};
    return ::setrlimit(resource, &r) == 0;
  };
  if (!limit(RLIMIT_CPU, c.cpu_s, c.cpu_hard)) return "setrlimit CPU";  // SIGXCPU, then SIGKILL
  if (c.limit_address_space && !limit(RLIMIT_AS, c.address_space, c.address_space))
    return "setrlimit AS";
  // The stack as large as the judge's: unlimited, for the threads' sake (doc/execution.md §10).
  if (!limit(RLIMIT_STACK, c.stack, c.stack) || !limit(RLIMIT_FSIZE, c.file_size, c.file_size) ||
      !limit(RLIMIT_CORE, 0, 0))
    return "setrlimit";
  if (c.limit_processes && !limit(RLIMIT_NPROC, c.processes, c.processes)) return "setrlimit NPROC";
  if (::chdir(c.scratch) != 0) return "entering the scratch directory";
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  return nullptr;
}

}  // namespace

ContestantProcess::ContestantProcess(const std::vector<std::string>& command, const Limits& limits,
                                     const ProcessOptions& options)
    : limits_(limits) {
  try {
    spawn(command, options);
  } catch (...) {
    release();  // the destructor does not run for an object that was never made
    throw;
  }
}

void ContestantProcess::spawn(const std::vector<std::string>& command_in,
                              const ProcessOptions& options) {
  if (command_in.empty()) throw std::runtime_error("empty command");
  mechanism_ = &limit_mechanism(limits_.mechanism);
  if (!mechanism_->error.empty()) throw std::runtime_error(mechanism_->error);
  isolation_ = options.require ? *options.require : isolation_for(options.sandbox);
  become_subreaper();
  if (Containment::wants_own_uid(isolation_)) {
    if (auto identity = RunIdentity::acquire()) identity_.emplace(std::move(*identity));
    if (!identity_) throw std::runtime_error("no free user id for the contestant");
  }
  const std::optional<uid_t> uid =
      identity_ ? std::optional<uid_t>(identity_->uid()) : std::nullopt;
  const Containment containment(isolation_, uid);

  LiveRun live;
  {
    // Made and registered at once: an interrupt either finds it or comes before it.
    std::lock_guard<std::recursive_mutex> lock(spawn_lock());
    if (interrupted()) throw std::runtime_error("the judge was interrupted");
    std::string name = "/tmp/entrapment-run-" + std::to_string(::getpid()) + "-XXXXXX";
    if (!::mkdtemp(name.data()))  // mode 0700: nobody else's business
      throw std::runtime_error(std::string("cannot create a scratch directory: ") +
                               std::strerror(errno));
    scratch_ = name;
    live.scratch = scratch_;
    registry_key_ = register_run(live);
  }

  StagedCommand staged = stage_command(command_in, scratch_, uid);
  for (const fs::path& input : options.inputs) {
    try {
      // By the name it was given (a symbolic link the user named is followed: Java needs the
      // file's own name, the link's).
      std::error_code ec;
      const fs::path real = fs::canonical(input, ec);
      copy_regular_file(ec ? input : real, scratch_ / input.filename(), 0644);
    } catch (const CopyError& e) {
      throw StageError(e.what());
    }
  }
  if (uid && ::chown(scratch_.c_str(), *uid, *uid) != 0)
    throw std::runtime_error("cannot hand the scratch directory to the contestant");
  std::vector<std::string> command = staged.argv;
  if (fs::path(command[0]).filename() == "java")
    command.insert(command.begin() + 1, "-Xmx" + std::to_string(limits_.memory_mib) + "m");

  std::vector<int> group_fds;
  if (mechanism_->cgroup) {
    // Made and registered at once too: an interrupt's clean-up (which holds the spawn lock)
    // either finds the groups or comes before them, and then none is made. Made unregistered,
    // an interrupt in between left an entrapment-<pid>-N group behind.
    std::lock_guard<std::recursive_mutex> lock(spawn_lock());
    if (interrupted()) throw std::runtime_error("the judge was interrupted");
    static std::atomic<unsigned> counter{0};
    const std::string name =
        "entrapment-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
    cgroup_ = std::make_unique<ContestantCgroup>(mechanism_->layout, name, limits_.memory_mib << 20,
                                                 limits_.max_processes);
    live.cgroups = cgroup_->dirs();
    update_run(registry_key_, live);
    group_fds = cgroup_->open_procs_files();
  }

  std::optional<Pipe> status;
  if (containment.sandboxed()) status.emplace();
  SandboxLayout layout;
  layout.scratch = scratch_;
  layout.read_only = staged.read_only;
  layout.writable_scratch = options.writable_scratch;
  layout.tmp_bytes = limits_.max_scratch_bytes;
  layout.status_fd = status ? status->write : -1;
  command = containment.command(command, layout);

  Pipe in, out, err;
  ChildSetup setup;
  setup.in = in.read;
  setup.out = out.write;
  setup.err = err.write;
  setup.out_into_err = options.stdout_into_stderr;
  for (std::size_t i = 0; i < group_fds.size() && i < kMaxGroups; ++i)
    setup.groups[i] = group_fds[i];
  if (status) setup.status = status->write;
  // RLIMIT_CPU is only each process's backstop, above the limit (doc/execution.md §10): the
  // judge stops the tree at the limit itself, by the exact figure.
  setup.cpu_s = capped(RLIMIT_CPU, static_cast<rlim_t>(std::ceil(limits_.cpu_s * 1.2)) + 1);
  setup.cpu_hard = capped(RLIMIT_CPU, setup.cpu_s + 1);
  // The address space: the memory limit under rlimits, a backstop at twice it with a control
  // group, never for the JVM (doc/execution.md §10).
  setup.limit_address_space = !is_jvm(command_in);
  setup.address_space =
      capped(RLIMIT_AS, static_cast<rlim_t>(limits_.memory_mib) << (mechanism_->cgroup ? 21 : 20));
  setup.stack = capped(RLIMIT_STACK, RLIM_INFINITY);
  setup.file_size = capped(RLIMIT_FSIZE, static_cast<rlim_t>(limits_.max_output_bytes));
  // RLIMIT_NPROC counts every process of the user: with the judge's own (not root), its
  // processes now (its other work may come and go meanwhile) and the run's on top of them.
  setup.limit_processes = uid.has_value() || ::geteuid() != 0;
  const rlim_t others = uid ? 0 : static_cast<rlim_t>(read_processes_of_user(::geteuid()).size());
  setup.processes = capped(RLIMIT_NPROC, static_cast<rlim_t>(limits_.max_processes) + others);
  const std::string scratch = scratch_.string();
  setup.scratch = scratch.c_str();
  setup.uid = uid.value_or(0);

  LaunchRequest request;
  request.argv = command;
  request.env = {"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + scratch, "LANG=C.UTF-8",
                 "TMPDIR=" + containment.tmpdir(scratch_)};
  request.step = child_setup;
  request.context = &setup;
  request.keep = {in.read, out.write, err.write};
  request.keep.insert(request.keep.end(), group_fds.begin(), group_fds.end());
  if (status) request.keep.push_back(status->write);
  std::string failure;
  judge_thread_ = static_cast<pid_t>(::syscall(SYS_gettid));
  judge_delay_at_start_ = cpu_wait_of_thread(judge_thread_);
  started_ = Clock::now();
  try {
    pid_ = launch(request);
    live.group = pid_;
    update_run(registry_key_, live);
  } catch (const LaunchError& e) {
    failure = e.what();
  }
  for (int fd : group_fds) ::close(fd);
  ::close(in.read);
  ::close(out.write);
  ::close(err.write);
  stdin_ = in.write;
  stdout_ = out.read;
  stderr_ = err.read;
  if (status) {
    ::close(status->write);
    status_ = status->read;
    ::fcntl(status_, F_SETFL, ::fcntl(status_, F_GETFL) | O_NONBLOCK);
  }
  if (!failure.empty()) throw std::runtime_error("cannot run " + command_in[0] + ": " + failure);
  tree_.emplace(pid_, cgroup_.get(), sandboxed());
  next_cpu_check_ = started_;
  for (int fd : {stdin_, stdout_, stderr_}) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  pidfd_ = static_cast<int>(::syscall(SYS_pidfd_open, pid_, 0));
}

ContestantProcess::~ContestantProcess() { release(); }

void ContestantProcess::release() noexcept {
  if (pid_ > 0) kill();
  if (tree_) tree_->forget_cgroup();
  cgroup_.reset();  // kills what is left in the groups and removes them
  close_fd(stdin_);
  close_fd(stdout_);
  close_fd(stderr_);
  close_fd(pidfd_);
  close_fd(status_);
  if (!scratch_.empty()) {
    std::error_code ec;
    fs::remove_all(scratch_, ec);
  }
  if (registry_key_) forget(registry_key_);
  registry_key_ = 0;
  identity_.reset();  // frees its user id (nothing of it runs: the tree was killed)
  pid_ = -1;
  scratch_.clear();
}

void ContestantProcess::close_stdin() { close_fd(stdin_); }

void ContestantProcess::drain_stderr() {
  if (stderr_ < 0) return;
  char buffer[1 << 16];
  for (;;) {
    ssize_t n = ::read(stderr_, buffer, sizeof buffer);
    if (n > 0) {
      const std::size_t kept = static_cast<std::size_t>(limits_.kept_stderr_bytes);
      const std::size_t room = kept > stderr_text_.size() ? kept - stderr_text_.size() : 0;
      stderr_text_.append(buffer, std::min(room, static_cast<std::size_t>(n)));
      continue;
    }
    if (n == 0) close_fd(stderr_);  // every writer is gone
    return;
  }
}

bool ContestantProcess::over_cpu_limit() {
  if (usage_.cpu_limit_hit || usage_.memory_limit_hit) return true;
  if (pid_ <= 0 || swept_) return false;
  const Clock::time_point now = Clock::now();
  if (now < next_cpu_check_) return false;
  double used;
  if (cgroup_) {
    used = cgroup_->cpu_seconds();
  } else {
    // One walk through /proc: the tree's CPU time and its resident memory together (rlimits
    // limit each process's address space; the tree's memory is limited here).
    const TreeUsage tree = tree_->sample();
    used = tree.cpu_s;
    if (tree.resident_kib > limits_.memory_mib * 1024) {
      usage_.memory_limit_hit = true;
      return true;
    }
  }
  if (used > limits_.cpu_s) {
    usage_.cpu_limit_hit = true;
    return true;
  }
  // The soonest it could pass the limit: every core busy for the time left. A look costs a
  // counter's read in a control group, a walk through /proc otherwise (which also watches
  // the memory, so it looks at least four times a second).
  static const double cores = std::max(1u, std::thread::hardware_concurrency());
  const double wait =
      std::clamp((limits_.cpu_s - used) / cores, cgroup_ ? 0.005 : 0.02, cgroup_ ? 1.0 : 0.25);
  next_cpu_check_ =
      now + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(wait));
  return false;
}

double ContestantProcess::judge_thread_delay() const {
  // Only the thread that started it can be asked about (its own thread's figures).
  if (static_cast<pid_t>(::syscall(SYS_gettid)) != judge_thread_) return 0;
  return std::max(0.0, cpu_wait_of_thread(judge_thread_) - judge_delay_at_start_);
}

void ContestantProcess::credit_waits() {
  if (pid_ <= 0 || !tree_ || swept_) return;
  // Waiting for a CPU is not sleeping: the guard is there for programs that sleep or wait
  // on the judge, and a busy machine must not make a correct program miss it.
  // At most ten times the wall limit: a program that makes itself wait (SCHED_IDLE on a busy
  // machine) must not hold the judge for ever.
  const double waited =
      std::min(tree_->longest_cpu_wait() + judge_thread_delay(), 10 * limits_.wall_s);
  usage_.waited_for_cpu_s = std::max(usage_.waited_for_cpu_s, waited);
  stretch_ = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(usage_.waited_for_cpu_s));
}

bool ContestantProcess::deadline_passed(Clock::time_point deadline) {
  const Clock::time_point now = Clock::now();
  if (now < deadline + stretch_) return false;
  credit_waits();
  return now >= deadline + stretch_;
}

bool ContestantProcess::try_reap(bool block) {
  if (exited_) return true;
  // Waited for, not reaped: its zombie holds its pid (and its process group's id) until
  // collect(), so that nothing the judge kills by that id can be another program that took
  // the pid meanwhile.
  siginfo_t info{};
  int r;
  while ((r = ::waitid(P_PID, static_cast<id_t>(pid_), &info,
                       WEXITED | WNOWAIT | (block ? 0 : WNOHANG))) < 0 &&
         errno == EINTR) {
  }
  if (r != 0 || info.si_pid != pid_) return false;
  exited_ = true;
  usage_.wall_s = std::chrono::duration<double>(Clock::now() - started_).count();
  // Once more at the end, so that the figure covers the whole of wall_s: a judge's thread kept
  // from a CPU after the exit notices it late, and that wait is in wall_s too.
  credit_waits();
  if (info.si_code == CLD_EXITED) {
    usage_.exit_code = info.si_status;
    // bwrap reports a program killed by signal N as exit status 128 + N.
    if (sandboxed() && usage_.exit_code > 128 && usage_.exit_code < 128 + 65) {
      usage_.signaled = true;
      usage_.signal = usage_.exit_code - 128;
    }
  } else {
    usage_.signaled = true;
    usage_.signal = info.si_status;
  }
  return true;
}

void ContestantProcess::collect() {
  if (reaped_ || !exited_) return;
  // Its pid is free once it is reaped: an interrupt's clean-up must not kill by it from then
  // on, so the registry forgets it first.
  update_run(registry_key_, {0, cgroup_ ? cgroup_->dirs() : std::vector<fs::path>{}, scratch_});
  rusage ru{};
  int status = 0;
  while (::wait4(pid_, &status, 0, &ru) < 0 && errno == EINTR) {
  }
  reaped_ = true;
  tree_->add(ru);
}

bool ContestantProcess::wait_until(Clock::time_point deadline) {
  for (;;) {
    drain_stderr();
    if (try_reap(false)) {
      sweep();
      drain_stderr();
      return true;
    }
    if (over_cpu_limit()) return false;
    if (deadline_passed(deadline)) return false;
    const Clock::time_point until = std::min(stretched(deadline), next_cpu_check_);
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now());
    pollfd fds[2] = {{pidfd_, POLLIN, 0}, {stderr_, POLLIN, 0}};
    // Without a pidfd (kernels before 5.3), look again every 10 ms.
    const long long wait = std::max<long long>(left.count() + 1, 1);
    ::poll(fds, 2, static_cast<int>(pidfd_ < 0 ? std::min<long long>(wait, 10) : wait));
  }
}

void ContestantProcess::kill() {
  if (pid_ <= 0) return;
  if (!exited_) {
    killed_ = true;
    tree_->freeze();    // nothing runs or forks on while it is measured and killed
    tree_->remember();  // before its parents die and its orphans leave the tree
    before_kill_ = tree_->sample();
    if (cgroup_) cgroup_->kill_all();
    ::kill(-pid_, SIGKILL);  // its process group
    ::kill(pid_, SIGKILL);   // in case it had not moved into it yet
    try_reap(true);
  }
  sweep();
  drain_stderr();
}

void ContestantProcess::reap_namespace_init() {
  if (status_ >= 0) read_to_end(status_, status_text_);
  // bwrap's status starts with { "child-pid": N }: its init, as the judge sees it.
  const std::string key = "\"child-pid\":";
  const auto at = status_text_.find(key);
  if (at == std::string::npos) return;
  const pid_t init = static_cast<pid_t>(std::atol(status_text_.c_str() + at + key.size()));
  if (init <= 1) return;
  // bwrap exits as soon as the init (pid 1 of its namespace, which reaped the program) reports
  // the program's exit, and the init comes to the judge (a subreaper), root or not, keeping its
  // pid until the judge reaps it: reaped here, the program's figures count (they were lost: a
  // program's 3.7 MiB read 2 MiB, bwrap's own; 60 MiB allocated before an abort read 4 MiB, RTE
  // instead of MLE), and no zombie is left per run. Only if the init died first did bwrap reap
  // it (its figures are then in bwrap's), and its pid may be another process's by now: it is
  // touched only while it is the judge's child.
  siginfo_t info{};
  int r;
  while ((r = ::waitid(P_PID, static_cast<id_t>(init), &info, WEXITED | WNOHANG | WNOWAIT)) < 0 &&
         errno == EINTR) {
  }
  if (r != 0) return;
  // It dies with bwrap (--die-with-parent) if it has not yet.
  ::kill(init, SIGKILL);
  rusage ru{};
  pid_t reaped;
  while ((reaped = ::wait4(init, nullptr, 0, &ru)) < 0 && errno == EINTR) {
  }
  if (reaped == init) tree_->add(ru);
}

void ContestantProcess::sweep() {
  if (swept_) return;
  swept_ = true;
  // The run ended with its main process: what it left is stopped at once, before it is
  // measured and killed, so that its figures are those of that moment under every mechanism
  // (a fork bomb left behind must not run on while the judge kills it).
  if (!killed_ && tree_->anything_left()) tree_->freeze();
  // Everything it left: killed; what was orphaned to the judge: reaped, with its usage.
  const TreeUsage now = tree_->sample();
  before_kill_.cpu_s = std::max(before_kill_.cpu_s, now.cpu_s);
  before_kill_.memory_kib = std::max(before_kill_.memory_kib, now.memory_kib);
  const double cgroup_cpu = cgroup_ ? cgroup_->cpu_seconds() : 0;
  const bool none_left = tree_->kill_and_reap();
  ::kill(-pid_, SIGKILL);
  collect();  // the main process, last: until now its zombie kept its pid and group id ours
  // Also the wait for the run's end: the init of a PID namespace (in a process group of its own)
  // exits only once every process in it is gone, so what the program left (a fork bomb orphaned
  // to the init, which the tree no longer finds once bwrap is gone) is dead when this returns;
  // without it, 56 or 64 of them were still alive at times.
  if (sandboxed()) reap_namespace_init();
  // Nothing of the run is left: its control group is empty, or kill_and_reap() went on until
  // no process of the tree (under bwrap: of its PID namespace) was alive.
  if (identity_ && none_left) identity_->mark_clean();
  // Memory as doc/execution.md §10 says (a group's page cache of files is not held memory;
  // tmpfs is).
  usage_.memory_kib = std::max(tree_->reaped().memory_kib, before_kill_.memory_kib);
  if (cgroup_) {
    const CgroupUsage group = cgroup_->usage();
    usage_.cpu_s = cgroup_cpu;  // read while everything was stopped
    usage_.memory_kib = std::max(
        usage_.memory_kib, std::max(0LL, group.memory_peak_bytes - group.file_cache_bytes) / 1024);
    // Where the kernel does not count OOM kills, a peak at the limit tells the same.
    usage_.oom_killed =
        group.oom_kills > 0 ||
        (group.oom_kills < 0 && group.memory_peak_bytes >= (limits_.memory_mib << 20) / 20 * 19);
    tree_->forget_cgroup();
    cgroup_.reset();  // removes the groups
  } else {
    // Both are lower bounds of the truth: what the judge reaped may miss processes killed
    // with bwrap's PID namespace; the sample before the kill has tick precision.
    usage_.cpu_s = std::max(tree_->reaped().cpu_s, before_kill_.cpu_s);
  }
  if (status_ >= 0 && !killed_) {
    // bwrap exited by itself: it writes the program's exit code only after a successful
    // exec, so without one it failed to set up or to run it, and said why on stderr. Unless
    // the OOM killer took bwrap for the program (memfds are no process's resident set).
    read_to_end(status_, status_text_);
    if (!sandbox_started_program(status_text_) && !usage_.oom_killed) {
      drain_stderr();
      usage_.not_started = without_line_ends(stderr_text_);
      if (usage_.not_started.empty()) usage_.not_started = "bwrap could not start it";
    }
  }
  // Nothing runs any more; the scratch directory stays until the destructor.
  update_run(registry_key_, {0, {}, scratch_});
}

}  // namespace entrapment
