#include "contestant_process.hpp"

#include <fcntl.h>
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
#include <boost/process.hpp>
#include <boost/process/extend.hpp>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <system_error>
#include <thread>

#include "interrupts.hpp"
#include "sandbox.hpp"
#include "staging.hpp"
#include "submission.hpp"

namespace entrapment {

namespace fs = std::filesystem;
namespace bp = boost::process;

namespace {

constexpr unsigned kCloseRangeCloexec = 1u << 2;  // CLOSE_RANGE_CLOEXEC, Linux 5.11
constexpr int kMaxGroups = 3;                     // cgroup v1: memory, pids, cpuacct

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

bool is_java(const std::vector<std::string>& command) {
  return fs::path(command[0]).filename() == "java";
}

// `wanted`, but never above the judge's own hard limit (only root may raise one).
rlim_t capped(int resource, rlim_t wanted) {
  rlimit current{};
  if (::getrlimit(resource, &current) != 0 || current.rlim_max == RLIM_INFINITY) return wanted;
  return std::min(wanted, current.rlim_max);
}

// What the child does between fork and exec: raw system calls only (the judge is
// multithreaded, so nothing that may allocate or take a lock).
struct ChildSetup {
  int in = -1, out = -1, err = -1;
  int groups[kMaxGroups] = {-1, -1, -1};  // cgroup.procs of its control groups
  int status = -1;                        // bwrap's --json-status-fd, kept open across exec
  rlim_t cpu_s = 0, cpu_hard = 0, address_space = 0, processes = 0, file_size = 0, stack = 0;
  bool limit_processes = false, limit_address_space = false;
  uid_t uid = 0;
  bool drop = false;
  const char* scratch = nullptr;

  template <typename Executor>
  void operator()(Executor& exec) const {
    const char* failed = nullptr;
    // First into its control groups, so that everything it becomes (bwrap, the program, what
    // they start) is counted and limited there.
    for (int fd : groups)
      if (fd >= 0 && !failed && ::write(fd, "0", 1) != 1) failed = "joining its control group";
    auto limit = [&](int resource, rlim_t soft, rlim_t hard) {
      rlimit r{soft, hard};
      if (!failed && ::setrlimit(resource, &r) != 0) failed = "setrlimit";
    };
    if (::dup2(in, 0) < 0 || ::dup2(out, 1) < 0 || ::dup2(err, 2) < 0) failed = "dup2";
    ::setpgid(0, 0);
    ::syscall(SYS_close_range, 3u, ~0u, kCloseRangeCloexec);  // nothing else reaches the program
    if (status >= 0 && ::fcntl(status, F_SETFD, 0) != 0) failed = "keeping bwrap's status open";
    // The judge ignores SIGPIPE; a contestant starts with the default, as anywhere else.
    ::signal(SIGPIPE, SIG_DFL);
    limit(RLIMIT_CPU, cpu_s, cpu_hard);  // SIGXCPU, then SIGKILL
    if (limit_address_space) limit(RLIMIT_AS, address_space, address_space);
    // The stack as large as the judge's (unlimited, as BAPCtools and DOMjudge set it): glibc
    // gives each new thread the soft stack limit, so a large finite one leaves no room for
    // threads; unlimited gives them its default (2 MiB) and the main thread all memory.
    limit(RLIMIT_STACK, stack, stack);
    limit(RLIMIT_FSIZE, file_size, file_size);
    limit(RLIMIT_CORE, 0, 0);
    if (limit_processes) limit(RLIMIT_NPROC, processes, processes);
    if (!failed && ::chdir(scratch) != 0) failed = "chdir to the scratch directory";
    if (!failed && drop &&
        (::syscall(SYS_setgroups, 0, nullptr) != 0 ||
         ::syscall(SYS_setresgid, uid, uid, uid) != 0 ||
         ::syscall(SYS_setresuid, uid, uid, uid) != 0))
      failed = "dropping to the contestant's user";
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // after the user change, which clears it
    if (failed) {
      exec.set_error(std::error_code(errno, std::system_category()), failed);
      ::_exit(127);
    }
  }
};

std::string cut_newlines(std::string text) {
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

std::string read_available(int fd) {
  std::string text;
  char chunk[4096];
  for (;;) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n > 0) {
      text.append(chunk, static_cast<std::size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      return text;
    }
  }
}

}  // namespace

const SandboxSupport& sandbox_support() {
  static const SandboxSupport support = [] {
    SandboxSupport s;
    if (bwrap_path().empty()) {
      s.reason = bwrap_absence();
      return s;
    }
    try {
      Limits limits;
      limits.cpu_s = 5;
      limits.mechanism = LimitChoice::Rlimit;  // a probe of bwrap alone
      ContestantProcess probe({find_program("true").string()}, limits,
                              ContestantProcess::ForceSandbox{});
      probe.close_stdin();
      if (!probe.wait_until(Clock::now() + std::chrono::seconds(10))) {
        s.reason = "bwrap did not start within 10 s";
      } else if (!probe.usage().not_started.empty()) {
        s.reason = probe.usage().not_started;
      } else if (probe.usage().signaled || probe.usage().exit_code != 0) {
        s.reason = "bwrap fails here (" + cut_newlines(probe.stderr_text()) + ")";
      } else {
        s.usable = true;
      }
    } catch (const std::exception& e) {
      s.reason = std::string("bwrap cannot start: ") + e.what();
    }
    return s;
  }();
  return support;
}

ContestantProcess::ContestantProcess(const std::vector<std::string>& command, const Limits& limits,
                                     bool sandbox)
    : limits_(limits) {
  try {
    spawn(command, sandbox && sandbox_support().usable);
  } catch (...) {
    release();  // the destructor does not run for an object that was never made
    throw;
  }
}

ContestantProcess::ContestantProcess(const std::vector<std::string>& command, const Limits& limits,
                                     ForceSandbox)
    : limits_(limits) {
  try {
    spawn(command, true);
  } catch (...) {
    release();
    throw;
  }
}

void ContestantProcess::spawn(const std::vector<std::string>& command_in, bool use_bwrap) {
  if (command_in.empty()) throw std::runtime_error("empty command");
  mechanism_ = &limit_mechanism(limits_.mechanism);
  if (!mechanism_->error.empty()) throw std::runtime_error(mechanism_->error);
  become_subreaper();
  if (auto identity = RunIdentity::acquire()) identity_.emplace(std::move(*identity));
  const std::optional<uid_t> uid =
      identity_ ? std::optional<uid_t>(identity_->uid()) : std::nullopt;

  LiveRun live;
  live.uid = uid;
  {
    // Made and registered at once: an interrupt either finds it or comes before it.
    std::lock_guard<std::mutex> lock(spawn_lock());
    if (interrupted()) throw std::runtime_error("the judge was interrupted");
    std::string name = "/tmp/entrapment-run-" + std::to_string(::getpid()) + "-XXXXXX";
    if (!::mkdtemp(name.data()))
      throw std::runtime_error(std::string("cannot create a scratch directory: ") +
                               std::strerror(errno));
    scratch_ = name;
    live.scratch = scratch_;
    registry_key_ = register_run(live);
  }
  if (uid && ::chown(scratch_.c_str(), *uid, *uid) != 0)
    throw std::runtime_error("cannot hand the scratch directory to the contestant");

  StagedCommand staged = stage_command(command_in, scratch_, uid);
  std::vector<std::string> command = staged.argv;
  if (is_java(command))
    command.insert(command.begin() + 1, "-Xmx" + std::to_string(limits_.memory_mib) + "m");

  std::vector<int> group_fds;
  if (mechanism_->cgroup) {
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
  if (use_bwrap) {
    status.emplace();
    command = sandboxed_command(command, scratch_, staged.read_only, status->write);
  }
  sandboxed_ = use_bwrap;

  Pipe in, out, err;
  ChildSetup setup;
  setup.in = in.read;
  setup.out = out.write;
  setup.err = err.write;
  for (std::size_t i = 0; i < group_fds.size() && i < kMaxGroups; ++i)
    setup.groups[i] = group_fds[i];
  if (status) setup.status = status->write;
  // RLIMIT_CPU is only each process's backstop, set above the limit: the judge stops the tree
  // at the limit itself, by the exact figure, whereas the kernel checks RLIMIT_CPU against
  // tick-sampled time, which on some machines (VMs) runs 10% ahead.
  setup.cpu_s = capped(RLIMIT_CPU, static_cast<rlim_t>(std::ceil(limits_.cpu_s * 1.2)) + 1);
  setup.cpu_hard = capped(RLIMIT_CPU, setup.cpu_s + 1);
  // In rlimit mode the address space is the memory limit. A control group caps the memory
  // actually used; the address space is then only a backstop at twice the limit, so that an
  // allocation no contest machine would grant (a table of 2.5 times the limit) fails at once,
  // as it would there, instead of being filled page by page until the OOM killer or the CPU
  // limit, whichever the machine's speed makes come first. Never for the JVM, which reserves
  // far more than it uses (its heap is capped by -Xmx).
  setup.limit_address_space = !is_java(command_in);
  setup.address_space = capped(
      RLIMIT_AS, static_cast<rlim_t>(limits_.memory_mib) << (mechanism_->cgroup ? 21 : 20));
  setup.stack = capped(RLIMIT_STACK, RLIM_INFINITY);
  setup.file_size = capped(RLIMIT_FSIZE, static_cast<rlim_t>(limits_.max_output_bytes));
  // RLIMIT_NPROC counts every process of the user: only meaningful for a user of our own.
  setup.limit_processes = uid.has_value();
  setup.processes = capped(RLIMIT_NPROC, static_cast<rlim_t>(limits_.max_processes));
  setup.drop = uid.has_value();
  setup.uid = uid.value_or(0);
  const std::string scratch = scratch_.string();
  setup.scratch = scratch.c_str();

  bp::environment env;
  env["PATH"] = "/usr/local/bin:/usr/bin:/bin";
  env["HOME"] = scratch;
  env["LANG"] = "C.UTF-8";
  env["TMPDIR"] = use_bwrap ? "/tmp" : scratch;

  std::vector<std::string> args(command.begin() + 1, command.end());
  std::error_code ec;
  {
    std::lock_guard<std::mutex> lock(spawn_lock());
    if (!interrupted()) {
      started_ = Clock::now();
      bp::child child(bp::exe = command[0], bp::args = args, env, bp::extend::on_exec_setup = setup,
                      ec);
      if (!ec) {
        pid_ = child.id();
        child.detach();  // reaped here with wait4(), for its resource usage
        live.group = pid_;
        update_run(registry_key_, live);
      }
    } else {
      ec = std::make_error_code(std::errc::interrupted);
    }
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
  if (ec) throw std::runtime_error("cannot run " + command_in[0] + ": " + ec.message());
  tree_.emplace(pid_, uid, cgroup_.get());
  next_cpu_check_ = started_;
  for (int fd : {stdin_, stdout_, stderr_}) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  pidfd_ = static_cast<int>(::syscall(SYS_pidfd_open, pid_, 0));
}

ContestantProcess::~ContestantProcess() { release(); }

void ContestantProcess::release() noexcept {
  if (pid_ > 0) kill();
  if (cgroup_) {
    cgroup_->kill_all();
    if (tree_) tree_->forget_cgroup();
    cgroup_.reset();  // removes the groups
  }
  close_fd(stdin_);
  close_fd(stdout_);
  close_fd(stderr_);
  close_fd(pidfd_);
  close_fd(status_);
  if (!scratch_.empty()) {
    std::error_code ec;
    fs::remove_all(scratch_, ec);
  }
  identity_.reset();  // kills whatever still runs as its user, then frees it
  if (registry_key_) forget(registry_key_);
  registry_key_ = 0;
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
      std::size_t keep =
          static_cast<std::size_t>(limits_.max_output_bytes) > stderr_text_.size()
              ? static_cast<std::size_t>(limits_.max_output_bytes) - stderr_text_.size()
              : 0;
      stderr_text_.append(buffer, std::min<std::size_t>(keep, static_cast<std::size_t>(n)));
      continue;
    }
    if (n == 0) close_fd(stderr_);  // every writer is gone
    return;
  }
}

double ContestantProcess::cpu_now() const {
  if (cgroup_) return cgroup_->cpu_seconds();
  return tree_ ? tree_->cpu_seconds() : 0;
}

bool ContestantProcess::over_cpu_limit() {
  if (usage_.cpu_limit_hit) return true;
  if (pid_ <= 0 || swept_) return false;
  const Clock::time_point now = Clock::now();
  if (now < next_cpu_check_) return false;
  const double used = cpu_now();
  if (used > limits_.cpu_s) {
    usage_.cpu_limit_hit = true;
    return true;
  }
  // The soonest it could pass the limit: every core busy for the time left. A look costs a
  // counter's read in a control group, a walk through /proc otherwise.
  static const double cores = std::max(1u, std::thread::hardware_concurrency());
  const double wait = std::clamp((limits_.cpu_s - used) / cores, cgroup_ ? 0.005 : 0.02, 1.0);
  next_cpu_check_ =
      now + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(wait));
  return false;
}

bool ContestantProcess::try_reap(bool block) {
  if (reaped_) return true;
  int status = 0;
  rusage ru{};
  pid_t r;
  while ((r = ::wait4(pid_, &status, block ? 0 : WNOHANG, &ru)) < 0 && errno == EINTR) {
  }
  if (r != pid_) return false;
  reaped_ = true;
  usage_.wall_s = std::chrono::duration<double>(Clock::now() - started_).count();
  tree_->add(ru);
  if (WIFSIGNALED(status)) {
    usage_.signaled = true;
    usage_.signal = WTERMSIG(status);
  } else {
    usage_.exit_code = WEXITSTATUS(status);
    // bwrap reports a program killed by signal N as exit status 128 + N.
    if (sandboxed_ && usage_.exit_code > 128 && usage_.exit_code < 128 + 65) {
      usage_.signaled = true;
      usage_.signal = usage_.exit_code - 128;
    }
  }
  return true;
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
    const Clock::time_point until = std::min(deadline, next_cpu_check_);
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now());
    if (left.count() <= 0 && Clock::now() >= deadline) return false;
    pollfd fds[2] = {{pidfd_, POLLIN, 0}, {stderr_, POLLIN, 0}};
    // Without a pidfd (kernels before 5.3), look again every 10 ms.
    const long long wait = std::max<long long>(left.count() + 1, 1);
    ::poll(fds, 2, static_cast<int>(pidfd_ < 0 ? std::min<long long>(wait, 10) : wait));
  }
}

void ContestantProcess::kill() {
  if (pid_ <= 0) return;
  if (!reaped_) {
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

void ContestantProcess::sweep() {
  if (swept_) return;
  swept_ = true;
  // Everything it left: killed; what was orphaned to the judge: reaped, with its usage.
  const TreeUsage now = tree_->sample();
  before_kill_.cpu_s = std::max(before_kill_.cpu_s, now.cpu_s);
  before_kill_.memory_kib = std::max(before_kill_.memory_kib, now.memory_kib);
  tree_->kill_and_reap();
  if (!identity_) ::kill(-pid_, SIGKILL);
  // Nothing of its user id is left: in a control group, which none of its processes can
  // leave, the group is empty; otherwise kill_and_reap() went on until no process of the id
  // was alive.
  if (identity_) identity_->mark_clean();
  // Memory: the largest peak resident set of one process (what was reaped, or sampled before a
  // kill) and, with a control group, the group's peak charge if larger (several processes).
  usage_.memory_kib = std::max(tree_->reaped().memory_kib, before_kill_.memory_kib);
  if (cgroup_) {
    const CgroupUsage group = cgroup_->usage();
    usage_.cpu_s = group.cpu_s;
    usage_.memory_kib = std::max(usage_.memory_kib, group.memory_peak_bytes / 1024);
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
    // exec, so without one it failed to set up or to run it, and said why on stderr.
    if (!sandbox_started_program(read_available(status_))) {
      drain_stderr();
      usage_.not_started = cut_newlines(stderr_text_);
      if (usage_.not_started.empty()) usage_.not_started = "bwrap could not start it";
    }
  }
  LiveRun left;  // nothing runs any more; the scratch directory stays until the destructor
  if (identity_) left.uid = identity_->uid();
  left.scratch = scratch_;
  update_run(registry_key_, left);
}

}  // namespace entrapment
