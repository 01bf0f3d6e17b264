#include "box.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>

#include "bwrap.hpp"
#include "child.hpp"
#include "limiter.hpp"
#include "namespaces.hpp"
#include "process_tree.hpp"
#include "run_ids.hpp"
#include "sandbox_choice.hpp"
#include "seccomp_filter.hpp"
#include "support/descriptor.hpp"
#include "support/files.hpp"

namespace entrapment {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

std::string seconds(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f s", s);
  return text;
}

// This very program (for its step inside bwrap: drop.hpp).
std::string own_binary() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) throw std::runtime_error("cannot find the box's own program: " + ec.message());
  return self.string();
}

// The path to run `program` by: as given when it names a file, else found in the PATH the
// program gets.
std::string program_path(const std::string& program) {
  if (program.find('/') != std::string::npos) return program;
  for (const char* dir : {"/usr/local/bin", "/usr/bin", "/bin"}) {
    const fs::path candidate = fs::path(dir) / program;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return program;
}

// A program inside the run's directory becomes a copy the box made itself. The caller wrote
// it, or the file it links to, and a process the caller was starting at that moment (it has
// threads) may still hold it open for writing: exec would fail with "Text file busy". Nobody
// but the box ever held the copy open.
void replace_with_own_copy(const fs::path& program, const fs::path& dir) {
  const fs::path relative = program.lexically_normal().lexically_relative(dir.lexically_normal());
  if (relative.empty() || *relative.begin() == ".." || relative.has_parent_path()) return;
  const int from = ::open(program.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (from < 0) return;  // not a file of its own: exec says what is wrong
  struct stat info {};
  if (::fstat(from, &info) != 0 || !S_ISREG(info.st_mode)) {
    ::close(from);
    return;
  }
  // A fresh name of its own length (O_EXCL), never the program's name and more: a name as long
  // as a file's may be made that failed every run of it as the box's error.
  std::string copy = (dir / ".box-copy-XXXXXX").string();
  const int to = ::mkostemp(copy.data(), O_CLOEXEC);
  bool copied = to >= 0;
  char buffer[1 << 16];
  for (ssize_t n; copied && (n = ::read(from, buffer, sizeof buffer)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    copied = n > 0 && ::write(to, buffer, static_cast<std::size_t>(n)) == n;
  }
  if (to >= 0) {
    // Its owner as the file's, where the box may give it (root); otherwise the box's own user's.
    if (::geteuid() == 0) copied = ::fchown(to, info.st_uid, info.st_gid) == 0 && copied;
    copied = ::fchmod(to, info.st_mode & 0777) == 0 && copied;
    copied = ::close(to) == 0 && copied;
  }
  ::close(from);
  if (!copied || ::rename(copy.c_str(), program.c_str()) != 0) {
    if (to >= 0) ::unlink(copy.c_str());
    throw std::runtime_error("cannot make the box's own copy of " + program.string());
  }
}

class Box {
 public:
  explicit Box(const BoxRequest& request) : request_(request), limits_(request.limits) {}

  BoxRecord run() {
    // The sandbox asked for (--sandbox bwrap): the box's own namespaces as root, else bwrap.
    SandboxChoice sandbox;
    if (request_.isolation == Isolation::Bwrap) sandbox = sandbox_choice(false);
    sandbox_ = sandbox.kind;
    record_.isolation = request_.isolation == Isolation::Bwrap ? sandbox.name() : "none";
    try {
      set_up();
      start();
      if (record_.ending != BoxRecord::Ending::NotStarted) watch();
      finish();
    } catch (const std::exception& e) {
      record_.ending = BoxRecord::Ending::BoxError;
      record_.message = std::string("the box failed: ") + e.what();
      if (main_ > 0 && !reaped_) {
        stop_everything();
        reap_all();
      }
    }
    tear_down();
    return record_;
  }

 private:
  void set_up() {
    // Everything the run orphans comes back to the box, and every signal the box cares for
    // arrives through one descriptor, in the order it happened.
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);
    sigset_t set;
    sigemptyset(&set);
    for (int s : box_signals()) sigaddset(&set, s);
    ::sigprocmask(SIG_BLOCK, &set, nullptr);
    ::signal(SIGPIPE, SIG_IGN);
    signals_.fd = ::signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
    if (signals_.fd < 0) throw std::runtime_error(std::string("signalfd: ") + std::strerror(errno));
    if (request_.lifeline >= 0) {
      ::fcntl(request_.lifeline, F_SETFD, FD_CLOEXEC);  // never the program's
    } else {
      // Used alone, it dies with its parent (a caller with threads passes a lifeline instead:
      // this signal comes when the thread that started the box ends).
      ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    }
    limiter_ = make_limiter(limits_, ::getpid());
    record_.limits = limiter_->description();
    if (limits_.cpu >= 0) record_.limits += "; " + pinning();
    record_.memory_exact = limiter_->memory_exact();
    if (request_.isolation == Isolation::Bwrap && sandbox_ == SandboxKind::None)
      throw std::runtime_error("no sandbox can be had: " + sandbox_choice(false).why_none);
    if (sandbox_ != SandboxKind::None && ::geteuid() == 0) {
      identity_.emplace(RunIdentity::acquire(request_.ids.value_or(IdRange{}),
                                             limiter_->processes_capped_per_user(),
                                             [this] { return stop_requested(); }));
      record_.uid = identity_->uid();
    }
    // Its directory: a directory, not a link; the run's user's when it has one.
    dir_.fd = ::open(request_.dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dir_.fd < 0)
      throw std::runtime_error("cannot open the directory " + request_.dir.string() + ": " +
                               std::strerror(errno));
    if (identity_ && ::fchown(dir_.fd, identity_->uid(), identity_->uid()) != 0)
      throw std::runtime_error("cannot hand the directory to the run's user id");
    std::string why;
    seccomp_.fd = seccomp_filter_fd(why, !limiter_->memory_exact());
    if (seccomp_.fd < 0) throw std::runtime_error("no seccomp filter: " + why);
  }

  // How the run is held to its CPU, for the record: "cpu 1: cpuset v1 (cpu 1) and its affinity".
  // A CPU the box may not use itself is refused: the run would not start.
  std::string pinning() const {
    cpu_set_t own;
    CPU_ZERO(&own);
    if (::sched_getaffinity(0, sizeof own, &own) == 0 && !CPU_ISSET(limits_.cpu, &own))
      throw std::runtime_error("--cpu " + std::to_string(limits_.cpu) +
                               ": not a CPU this box may use");
    const std::string cpuset = limiter_->cpuset();
    return "cpu " + std::to_string(limits_.cpu) + ": " +
           (cpuset.rfind("cpuset", 0) == 0
                ? cpuset + " and its affinity"
                : "its affinity alone, which the program may widen (" +
                      (cpuset.empty() ? std::string("no control group") : cpuset) + ")");
  }

  bool stop_requested() {
    pollfd fds[2] = {{signals_.fd, POLLIN, 0}, {request_.lifeline, POLLIN, 0}};
    return ::poll(fds, request_.lifeline >= 0 ? 2 : 1, 0) > 0;
  }

  void start() {
    std::vector<std::string> command = request_.command;
    command[0] = program_path(command[0]);
    // In a sandbox the init of its PID namespace starts the program, and under bwrap reports one
    // it cannot start as an exit status like any other: a program that is not there is said so
    // first.
    struct stat info {};
    const bool found = ::stat(command[0].c_str(), &info) == 0;
    if (!found || !S_ISREG(info.st_mode) || (info.st_mode & 0111) == 0) {
      record_.ending = BoxRecord::Ending::NotStarted;
      record_.message = "could not start " + request_.command[0] + ": " +
                        (found ? "not a program" : std::strerror(errno));
      return;
    }
    replace_with_own_copy(command[0], request_.dir);
    Descriptor report_write{-1};
    if (sandbox_ != SandboxKind::None) report_write.fd = own_pipe(report_);
    record_.ending = BoxRecord::Ending::Exited;  // until it says otherwise
    if (request_.credit_waits_of > 0) credit_base_ = cpu_wait_of_thread(request_.credit_waits_of);
    started_ = Clock::now();
    int error_read = -1;
    main_ = launch(command, report_write.fd, error_read);
    if (main_ < 0 && sandbox_ == SandboxKind::OwnNamespaces && namespaces_forbidden(errno)) {
      // The box may not make namespaces here (a container): bwrap, which may have other ways.
      const SandboxChoice fallback =
          sandbox_without_own_namespaces(std::string("clone: ") + std::strerror(errno));
      if (fallback.kind == SandboxKind::None)
        throw std::runtime_error("no sandbox can be had: " + fallback.why_none);
      sandbox_ = fallback.kind;
      record_.isolation = fallback.name();
      main_ = launch(command, report_write.fd, error_read);
    }
    if (main_ < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    // The program's exec closes the pipe; a failed step writes to it first.
    int error = 0;
    std::string step;
    char buffer[256];
    ssize_t n;
    while ((n = ::read(error_read, buffer, sizeof buffer)) != 0) {
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) break;
      step.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(error_read);
    ::close(alive_write_.fd);
    alive_write_.fd = -1;
    if (step.size() >= sizeof error) {
      std::memcpy(&error, step.data(), sizeof error);
      const std::string what = step.substr(sizeof error);
      record_.ending = BoxRecord::Ending::NotStarted;
      record_.message =
          "could not start " + request_.command[0] + ": " + what + ": " + std::strerror(error);
      return;
    }
    limiter_->started(main_, starters());
    if (sandbox_ != SandboxKind::None) limiter_->own_file_systems({"/tmp", "/dev/shm"});
    // The first look when the run could have used a little: most runs are over sooner.
    next_look_ = started_ + std::chrono::milliseconds(20);
  }

  // A pipe whose read end (non-blocking) is `read_end`'s; returns its write end.
  static int own_pipe(Descriptor& read_end) {
    int ends[2];
    if (::pipe2(ends, O_CLOEXEC) != 0) throw std::runtime_error("pipe");
    read_end.fd = ends[0];
    ::fcntl(read_end.fd, F_SETFL, O_NONBLOCK);
    return ends[1];
  }

  // The run's first processes that start the program and hold none of its memory: bwrap and
  // the box's step under it, the init in the box's own namespaces, none without a sandbox.
  int starters() const {
    return sandbox_ == SandboxKind::Bwrap ? 2 : sandbox_ == SandboxKind::OwnNamespaces ? 1 : 0;
  }

  // Forks the run's first process, as the sandbox says (cloned into namespaces of its own,
  // bwrap, or the program itself): its pid, or -1 with errno set; `error_read`: where it says a
  // step that failed.
  pid_t launch(const std::vector<std::string>& command, int report_write, int& error_read) {
    Descriptor status_write{-1};
    ChildPlan plan;
    plan.limiter = limiter_.get();
    plan.uid = identity_ ? std::optional<uid_t>(identity_->uid()) : std::nullopt;
    plan.rlimits = limiter_->rlimits(plan.uid);
    plan.dir = request_.dir.string();
    plan.cpu = limits_.cpu;
    SandboxLayout layout;
    layout.dir = request_.dir;
    layout.read_only = request_.read_only;
    layout.writable_dir = request_.writable_dir;
    layout.tmp_bytes = scratch_bytes(limits_);
    layout.zero_device = limiter_->memory_exact();
    // Where the looks count memory, the run's Landlock domain keeps its peaks (landlock.hpp).
    const bool landlock = !limiter_->memory_exact();
    if (sandbox_ == SandboxKind::OwnNamespaces) {
      plan.own_namespaces = true;
      plan.view = sandbox_view(layout, request_.read_only, plan.uid.has_value());
      // A control group counts System V segments, messages and semaphores; rlimits do not (red
      // team: 512 MiB of segments no process attached, 257 MiB of messages and 812 MiB of
      // semaphore sets under a 64 MiB limit, exit 0 at "mem 17 MiB"). The filter refuses them
      // under rlimits; the namespace's are capped as /dev/shm is all the same.
      if (!limiter_->memory_exact()) plan.ipc_bytes = scratch_bytes(limits_);
      plan.report_fd = report_write;
      plan.seccomp_here = seccomp_.fd;
      plan.landlock = landlock;
      plan.argv = command;
    } else if (sandbox_ == SandboxKind::Bwrap) {
      status_write.fd = own_pipe(status_);
      layout.status_fd = status_write.fd;
      layout.seccomp_fd = seccomp_.fd;
      layout.report_fd = report_write;
      layout.step = own_binary();
      std::swap(layout.address_space, plan.rlimits.address_space);  // the step sets them
      std::swap(layout.data, plan.rlimits.data);
      layout.landlock = landlock;
      // A run that fills its /tmp and ends before the box's first look (20 ms) leaves no process
      // in the sandbox to read it through at the last look, under rlimits: the step stays for it
      // (red team: 32 MiB in /tmp under 32 MiB, AC at "mem 4 MiB" in 1 of 6 runs under bwrap on
      // a 2-core Intel Xeon VM). In the box's own namespaces the init has made them before the
      // program starts, and the box opens them then (Limiter::own_file_systems).
      layout.stay = !limiter_->memory_exact();
      // Not root: RLIMIT_NPROC in bwrap's user namespace, where the step (its PID 1) counts too;
      // none set here, or the kernel would hold the namespace to it (limiter.hpp).
      if (plan.rlimits.processes_in_own_namespace) {
        layout.processes = *plan.rlimits.processes_in_own_namespace + 1;
        plan.rlimits.processes.reset();
        std::swap(layout.pending_signals, plan.rlimits.pending_signals);
      }
      plan.argv = sandboxed_command(command, layout, plan.uid);
      plan.keep_open[0] = status_write.fd;
      plan.keep_open[1] = seccomp_.fd;
      plan.keep_open[2] = report_write;
    } else {
      plan.argv = command;
      plan.seccomp_here = seccomp_.fd;
      plan.landlock = landlock;
      plan.own_user_namespace = ::geteuid() != 0;
    }
    std::map<std::string, std::string> env = {
        {"PATH", "/usr/local/bin:/usr/bin:/bin"},
        {"HOME", plan.dir},
        {"LANG", "C.UTF-8"},
        {"TMPDIR", sandbox_ != SandboxKind::None ? std::string("/tmp") : plan.dir}};
    for (const std::string& variable : request_.env) {
      const std::size_t equals = variable.find('=');
      env[variable.substr(0, equals)] = variable.substr(equals + 1);
    }
    for (const auto& [name, value] : env) plan.env.push_back(name + "=" + value);
    for (std::string& word : plan.argv) plan.argv_pointers.push_back(word.data());
    for (std::string& word : plan.env) plan.env_pointers.push_back(word.data());
    plan.argv_pointers.push_back(nullptr);
    plan.env_pointers.push_back(nullptr);

    int error_pipe[2], alive_pipe[2];
    if (::pipe2(error_pipe, O_CLOEXEC) != 0) throw std::runtime_error("pipe");
    if (::pipe2(alive_pipe, O_CLOEXEC) != 0) throw std::runtime_error("pipe");
    // The box holds the write end until the program has started: a child that finds it broken
    // knows the box died before its parent-death signal was set.
    if (alive_write_.fd >= 0) ::close(alive_write_.fd);
    alive_write_.fd = alive_pipe[1];
    const Descriptor alive_read{alive_pipe[0]};
    plan.box_alive = alive_read.fd;
    plan.box_alive_write = alive_write_.fd;
    const pid_t pid = plan.own_namespaces ? clone_into_namespaces() : static_cast<pid_t>(::fork());
    if (pid == 0) {
      ::close(error_pipe[0]);
      run_child(plan, error_pipe[1]);
    }
    const int error = errno;
    ::close(error_pipe[1]);
    if (pid < 0) {
      ::close(error_pipe[0]);
      if (status_.fd >= 0) ::close(status_.fd);
      status_.fd = -1;
    } else {
      error_read = error_pipe[0];
    }
    errno = error;
    return pid;
  }

  // Takes the waits for a CPU so far into the guard's stretch. Waiting for a CPU is not
  // sleeping: the guard is there for programs that sleep or wait on the caller, and a busy
  // machine must not make a correct program miss it. At most ten times the wall limit: a
  // program that makes itself wait (SCHED_IDLE on a busy machine) must not hold the box for
  // ever.
  void credit_waits() {
    const std::vector<ProcEntry> members = limiter_->members();
    std::map<pid_t, double> wait_of;
    for (const ProcEntry& p : members) wait_of[p.pid] = longest_cpu_wait_of(p.pid);
    // In a sandbox its first processes start the program: bwrap itself and its namespace's init
    // (its child, the box's step), or the init of the box's own namespaces.
    std::set<pid_t> startup;
    for (const ProcEntry& p : members)
      if ((starters() >= 1 && p.pid == main_) || (starters() >= 2 && p.ppid == main_))
        startup.insert(p.pid);
    double waited = chain_cpu_wait(members, wait_of, startup);
    if (request_.credit_waits_of > 0)
      waited += std::max(0.0, cpu_wait_of_thread(request_.credit_waits_of) - credit_base_);
    waited_ = std::max(waited_, std::min(waited, 10 * limits_.wall_s));
  }

  bool main_exited() {
    siginfo_t info{};
    int r;
    while ((r = ::waitid(P_PID, static_cast<id_t>(main_), &info, WEXITED | WNOHANG | WNOWAIT)) <
               0 &&
           errno == EINTR) {
    }
    return r == 0 && info.si_pid == main_;
  }

  // In a sandbox, whether the namespace's init stays after the program's end, for what the
  // program left (drop.hpp): its report, then one more byte.
  bool init_stays() {
    if (sandbox_ == SandboxKind::None) return false;
    read_to_end(report_.fd, report_text_);
    return report_text_.size() > sizeof(int);
  }

  // The program's wait status as the namespace's init reported it, if it did.
  std::optional<int> reported_status() {
    if (sandbox_ == SandboxKind::None) return std::nullopt;
    read_to_end(report_.fd, report_text_);
    if (report_text_.size() < sizeof(int)) return std::nullopt;
    int status = 0;
    std::memcpy(&status, report_text_.data(), sizeof status);
    return status;
  }

  // A process of the run that made the box its tracer (PTRACE_TRACEME: the program, the box's
  // child without bwrap, or an orphan the box took in) stops at each signal it is sent, until
  // its tracer lets it go: the box lets it go with its signal, untraced (red team: RTE, "killed
  // by signal 127", the stop taken for the program's end). At most so many at a time: a
  // process that stops again at once waits for the next SIGCHLD.
  void release_traced() {
    for (int released = 0; released < 64; ++released) {
      siginfo_t info{};
      if (::waitid(P_ALL, 0, &info, WSTOPPED | WNOHANG) != 0 || info.si_pid <= 0) return;
      if (info.si_code == CLD_TRAPPED)
        ::ptrace(PTRACE_DETACH, info.si_pid, nullptr, info.si_status);
    }
  }

  // Reaps what the run orphaned to the box meanwhile (their usage counts: RUSAGE_CHILDREN),
  // never the main process (its zombie is reaped at the end).
  void reap_orphans() {
    for (;;) {
      siginfo_t info{};
      if (::waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) != 0 || info.si_pid <= 0) return;
      if (info.si_pid == main_) {
        // Others may be waiting behind it: reap them by their own pids.
        for (const ProcEntry& p : limiter_->members())
          if (p.pid != main_ && p.state == 'Z' && p.ppid == ::getpid())
            ::waitpid(p.pid, nullptr, WNOHANG);
        return;
      }
      ::waitpid(info.si_pid, nullptr, 0);
    }
  }

  void watch() {
    const Clock::time_point deadline =
        started_ +
        std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limits_.wall_s));
    for (;;) {
      if (main_exited() || init_stays()) break;
      const Clock::time_point now = Clock::now();
      if (now >= next_look_) {
        const Look look = limiter_->look();
        if (look.cpu_s > limits_.cpu_s) {
          stop_ = BoxRecord::Stop::TimeLimit;
          break;
        }
        if (look.memory_over) {
          stop_ = BoxRecord::Stop::MemoryLimit;
          break;
        }
        next_look_ =
            now + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(
                      limiter_->next_look_in(limits_.cpu_s - look.cpu_s)));
      }
      const auto stretched = [&] {
        return deadline +
               std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(waited_));
      };
      if (now >= stretched()) {
        credit_waits();
        if (now >= stretched()) {
          stop_ = BoxRecord::Stop::WallClock;
          break;
        }
      }
      const Clock::time_point until = std::min(next_look_, stretched());
      const long long wait_ms =
          std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count() + 1;
      // The init's report comes without a signal: watched while its pipe is open (it breaks
      // when the init ends, which a SIGCHLD then says).
      pollfd fds[3] = {{signals_.fd, POLLIN, 0},
                       {request_.lifeline, POLLIN, 0},
                       {report_open_ ? report_.fd : -1, POLLIN, 0}};
      ::poll(fds, 3, static_cast<int>(std::clamp<long long>(wait_ms, 0, 1000)));
      if (fds[2].revents & (POLLHUP | POLLERR)) report_open_ = false;
      if (fds[0].revents & POLLIN) {
        signalfd_siginfo info{};
        while (::read(signals_.fd, &info, sizeof info) == sizeof info)
          if (info.ssi_signo != SIGCHLD && stop_ == BoxRecord::Stop::None)
            stop_ = BoxRecord::Stop::Caller;
        if (stop_ != BoxRecord::Stop::None) break;
        release_traced();
        reap_orphans();
      }
      if (fds[1].revents & (POLLIN | POLLHUP | POLLERR)) {
        char byte;
        if (!(fds[1].revents & POLLIN) || ::read(request_.lifeline, &byte, 1) <= 0) {
          stop_ = BoxRecord::Stop::CallerGone;
          break;
        }
      }
    }
    ended_ = Clock::now();
    if (stop_ == BoxRecord::Stop::None) credit_waits();  // once more at its end
  }

  void freeze() const {
    // Twice: a process forked while the first signal went out is stopped by the second.
    for (int round = 0; round < 2; ++round)
      for (const ProcEntry& p : limiter_->members())
        if (p.state != 'Z') ::kill(p.pid, SIGSTOP);
  }

  // Stops everything of the run at once (so that its figures are those of this moment under
  // every mechanism: a fork bomb left behind does not run on while it is being killed),
  // measures it and kills it.
  void stop_everything() {
    freeze();
    limiter_->remember_before_kill();
    limiter_->kill_all();
  }

  // Reaps the main process (once) and takes its status.
  void collect_main() {
    if (main_collected_) return;
    main_collected_ = true;
    int status = 0;
    pid_t r;
    while (((r = ::waitpid(main_, &status, 0)) < 0 && errno == EINTR) ||
           (r == main_ && WIFSTOPPED(status))) {
      if (r == main_) ::ptrace(PTRACE_DETACH, main_, nullptr, WSTOPSIG(status));  // traced by us
    }
    if (r == main_) {
      // In a sandbox the program's own status, as its parent (the namespace's init) saw it,
      // when the init lived to report it: bwrap reports a program killed by signal N as exit
      // status 128 + N. Without the report (the init killed: the box stopped the run, the OOM
      // killer chose it) that is all there is.
      const std::optional<int> report = reported_status();
      record_status(report.value_or(status), report.has_value());
    }
  }

  // The program's wait status, as the box or the namespace's init (`reported`) saw it.
  void record_status(int status, bool reported) {
    if (WIFEXITED(status)) {
      record_.ending = BoxRecord::Ending::Exited;
      record_.exit_code = WEXITSTATUS(status);
      if (sandbox_ == SandboxKind::Bwrap && !reported && record_.exit_code > 128 &&
          record_.exit_code < 128 + 65) {
        record_.ending = BoxRecord::Ending::Signaled;
        record_.signal = record_.exit_code - 128;
      }
    } else {
      record_.ending = BoxRecord::Ending::Signaled;
      record_.signal = WTERMSIG(status);
    }
  }

  void reap_all() {
    reaped_ = true;
    // The main process (its status) first, then everything orphaned to the box: the init of
    // bwrap's PID namespace exits only once every process in it is gone.
    collect_main();
    pid_t r;
    for (int attempt = 0; attempt < 500; ++attempt) {
      while ((r = ::waitpid(-1, nullptr, WNOHANG)) > 0) {
      }
      if (r < 0 && errno == ECHILD) return;
      if (attempt % 50 == 49) limiter_->kill_all();
      ::usleep(attempt < 20 ? 1000 : 10000);
    }
  }

  void finish() {
    if (record_.ending == BoxRecord::Ending::NotStarted) {
      if (main_ <= 0) return;  // never forked
      const std::string why = record_.message;
      reap_all();
      record_.ending = BoxRecord::Ending::NotStarted;
      record_.message = why;
      return;
    }
    const bool ran_out = stop_ == BoxRecord::Stop::None;
    if (ran_out) {
      // It ended by itself. Its main process is reaped at once; when the box then has no child
      // left, nothing of the run lives (whatever the run orphans comes to the box) and there is
      // nothing to stop. Otherwise what it left is stopped, measured and killed. A failure may
      // be another judge's run holding the same id (their processes count as one user's).
      // In a sandbox whose init stays for what the program left (drop.hpp), its report is the
      // program's status, and it is stopped, measured and killed with the rest.
      const bool init_stayed = init_stays();
      if (init_stayed)
        record_status(*reported_status(), true);
      else
        collect_main();
      siginfo_t info{};
      const bool alone = !init_stayed &&
                         ::waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) != 0 &&
                         errno == ECHILD;
      if (!alone) freeze();
      if (identity_ && record_.failed() && limiter_->processes_capped_per_user()) {
        std::vector<pid_t> ours;
        for (const ProcEntry& p : limiter_->members()) ours.push_back(p.pid);
        clash_ = collision(identity_->uid(), ours);
      }
      if (!alone) {
        limiter_->remember_before_kill();
        limiter_->kill_all();
      }
    } else {
      stop_everything();
    }
    reap_all();
    if (identity_) identity_->mark_clean();
    const std::chrono::duration<double> wall = (ended_ - started_);
    record_.wall_s = wall.count();
    record_.waited_for_cpu_s = waited_;
    if (sandbox_ == SandboxKind::Bwrap) {
      std::string status;
      read_to_end(status_.fd, status);
      if (!reported_status() && !sandbox_started_program(status) && ran_out &&
          record_.ending == BoxRecord::Ending::Exited) {
        record_.ending = BoxRecord::Ending::NotStarted;
        record_.message = "bwrap could not start " + request_.command[0] +
                          " (what it said is on the program's stderr)";
      }
    }
    rusage reaped{};
    ::getrusage(RUSAGE_CHILDREN, &reaped);
    const RunFigures figures = limiter_->figures(reaped, record_.failed());
    record_.cpu_s = figures.cpu_s;
    record_.memory_kib = figures.memory_kib;
    record_.oom_killed = figures.oom_killed;
    if (figures.out_of_memory && record_.ending == BoxRecord::Ending::NotStarted) {
      // The OOM killer took bwrap or the namespace's init for the program (memfds are no
      // process's resident set): the program's memory, not a start that failed.
      record_.ending = BoxRecord::Ending::Signaled;
      record_.signal = SIGKILL;
    }
    if (record_.ending == BoxRecord::Ending::NotStarted) return;
    decide_stop(figures);
  }

  void decide_stop(const RunFigures& figures) {
    // By the figure, never by a SIGXCPU alone: RLIMIT_CPU's is sent only well past the limit
    // (limiter.cpp), where the figure is over it too, and a program may send it to itself.
    const bool cpu_over = figures.cpu_s > limits_.cpu_s || stop_ == BoxRecord::Stop::TimeLimit;
    const long long limit_mib = limits_.memory_mib;
    BoxRecord::Stop stop = stop_;
    if (stop == BoxRecord::Stop::Caller || stop == BoxRecord::Stop::CallerGone) {
    } else if (stop == BoxRecord::Stop::MemoryLimit && !cpu_over) {
    } else if (cpu_over) {
      stop = BoxRecord::Stop::TimeLimit;
    } else if (stop == BoxRecord::Stop::WallClock) {
    } else if (stop == BoxRecord::Stop::None && figures.seen_over) {
      // Its last look, as its processes were stopped at its end, saw them past the limit.
      stop = BoxRecord::Stop::MemoryLimit;
    } else if ((record_.failed() && figures.out_of_memory) || figures.oom_killed) {
      // A helper process killed at the limit is the run's memory too, though the main
      // process played on without it (red team: AC at 2 GiB with a child killed there).
      stop = BoxRecord::Stop::OutOfMemory;
    }
    record_.stopped_by = stop;
    const std::string cpu = seconds(record_.cpu_s) + " of CPU time";
    switch (stop) {
      case BoxRecord::Stop::TimeLimit:
        record_.message =
            "stopped at the time limit: " + cpu + " (limit " + seconds(limits_.cpu_s) + ")";
        break;
      case BoxRecord::Stop::WallClock:
        record_.message = "stopped by the wall-clock guard: still running after " +
                          seconds(limits_.wall_s) + " of wall-clock time" +
                          (waited_ >= 0.01 ? " plus " + seconds(waited_) + " it waited for a CPU"
                                           : std::string()) +
                          " (" + cpu + ")";
        break;
      case BoxRecord::Stop::MemoryLimit:
        record_.message = "stopped at the memory limit: its processes held more than " +
                          std::to_string(limit_mib) +
                          " MiB, together or one at its peak (counted on a best-effort basis)";
        break;
      case BoxRecord::Stop::OutOfMemory:
        record_.message = describe_ending(record_) + " after using " +
                          std::to_string(record_.memory_kib / 1024) +
                          " MiB: out of memory (limit " + std::to_string(limit_mib) + " MiB)";
        break;
      case BoxRecord::Stop::Caller:
        record_.message = "stopped at its caller's request after " + seconds(record_.wall_s);
        break;
      case BoxRecord::Stop::CallerGone:
        record_.message = "stopped: its caller is gone";
        break;
      case BoxRecord::Stop::None:
        record_.message = describe_ending(record_);
        break;
    }
    if (clash_) {
      record_.ending = BoxRecord::Ending::BoxError;
      record_.message = "the run's user id is not its own: " + *clash_;
    }
  }

  void tear_down() {
    limiter_.reset();   // removes its control group
    identity_.reset();  // frees its user id
    if (stop_ == BoxRecord::Stop::CallerGone) {
      // Nobody will read the directory: the caller that made it is gone.
      std::error_code ec;
      fs::remove_all(request_.dir, ec);
    }
  }

  const BoxRequest& request_;
  BoxLimits limits_;
  BoxRecord record_;
  std::unique_ptr<Limiter> limiter_;
  std::optional<RunIdentity> identity_;
  // -1 until made: a Descriptor's own fd has no default, and one never made (the status pipe
  // of a run without bwrap) was closed at the box's end as whatever it held.
  Descriptor signals_{-1}, dir_{-1}, seccomp_{-1}, status_{-1}, report_{-1}, alive_write_{-1};
  SandboxKind sandbox_ = SandboxKind::None;
  pid_t main_ = -1;
  Clock::time_point started_, ended_, next_look_;
  double credit_base_ = 0;
  double waited_ = 0;
  BoxRecord::Stop stop_ = BoxRecord::Stop::None;
  std::optional<std::string> clash_;
  std::string report_text_;  // what the namespace's init reported: the status, a byte if it stays
  bool report_open_ = true;
  bool reaped_ = false;
  bool main_collected_ = false;
};

}  // namespace

std::vector<int> box_signals() { return {SIGCHLD, SIGTERM, SIGINT, SIGHUP, SIGQUIT}; }

BoxRecord run_box(const BoxRequest& request) { return Box(request).run(); }

}  // namespace entrapment
