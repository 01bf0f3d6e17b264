#include "box.hpp"

#include <fcntl.h>
#include <linux/keyctl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
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
#include "limiter.hpp"
#include "process_tree.hpp"
#include "run_ids.hpp"
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

// What the child does between fork and exec. The box has one thread, so this may be ordinary
// code; it reports a failed step through `error_pipe` (errno, then the step's name).
struct ChildPlan {
  const Limiter* limiter = nullptr;
  ChildRlimits rlimits;
  std::optional<uid_t> uid;
  std::string dir;
  int keep_open[3] = {-1, -1, -1};  // bwrap's status and seccomp descriptors, the step's report
  int seccomp_here = -1;            // the filter, loaded here when no bwrap will load it
  int box_alive = -1;  // read end of a pipe the box holds open: it breaks if the box dies
  int cpu = -1;        // the one CPU it may use (--cpu), or -1
  std::vector<std::string> argv, env;
  std::vector<char*> argv_pointers, env_pointers;  // into argv and env, for execve
};

[[noreturn]] void fail_in_child(int error_pipe, const char* step) {
  const int error = errno;
  [[maybe_unused]] ssize_t ignored = ::write(error_pipe, &error, sizeof error);
  ignored = ::write(error_pipe, step, std::strlen(step));
  ::_exit(127);
}

[[noreturn]] void child(const ChildPlan& plan, int error_pipe) {
  // Signals at their defaults, none blocked: as a contest system starts programs.
  struct sigaction standard {};
  standard.sa_handler = SIG_DFL;
  for (int signal = 1; signal < NSIG; ++signal)
    if (signal != SIGKILL && signal != SIGSTOP) ::sigaction(signal, &standard, nullptr);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  if (const char* step = plan.limiter->enter()) fail_in_child(error_pipe, step);
  // Its CPU, whatever the limiter did (a cpuset, or nothing): the pin that always works, and
  // that bwrap and everything the program starts inherit.
  if (plan.cpu >= 0) {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(plan.cpu, &one);
    if (::sched_setaffinity(0, sizeof one, &one) != 0) fail_in_child(error_pipe, "pinning its CPU");
  }
  // A session of its own: no controlling terminal, so /dev/tty cannot be opened and TIOCSTI
  // (which needs the terminal to be its own, or CAP_SYS_ADMIN) cannot type into a shell.
  if (::setsid() < 0) fail_in_child(error_pipe, "setsid");
  // Keys are in no file system: a session keyring of its own; its id's emptied, and none may
  // lock them (the filter refuses the program every key call from here on).
  ::syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, nullptr);  // fails only where keys are off
  if (plan.uid) {
    if (::syscall(SYS_setresuid, *plan.uid, *plan.uid, 0) != 0)
      fail_in_child(error_pipe, "becoming its user id");
    const long kept = ::syscall(SYS_keyctl, KEYCTL_GET_PERSISTENT, -1, KEY_SPEC_SESSION_KEYRING);
    for (long ring : {kept, long{KEY_SPEC_USER_KEYRING}, long{KEY_SPEC_USER_SESSION_KEYRING}})
      for (int op : {KEYCTL_SETPERM, KEYCTL_CLEAR}) ::syscall(SYS_keyctl, op, ring, 0x1f1f0000);
    if (::syscall(SYS_setresuid, 0, 0, 0) != 0) fail_in_child(error_pipe, "becoming root again");
  }
  const ChildRlimits& r = plan.rlimits;
  const auto limit = [&](int resource, rlim_t soft, rlim_t hard, const char* step) {
    const rlimit value{soft, hard};
    if (::setrlimit(resource, &value) != 0) fail_in_child(error_pipe, step);
  };
  limit(RLIMIT_CPU, r.cpu_soft, r.cpu_hard, "setrlimit CPU");  // SIGXCPU, then SIGKILL
  limit(RLIMIT_STACK, r.stack, r.stack, "setrlimit STACK");
  limit(RLIMIT_FSIZE, r.file_size, r.file_size, "setrlimit FSIZE");
  limit(RLIMIT_CORE, 0, 0, "setrlimit CORE");
  limit(RLIMIT_NOFILE, r.files, r.files, "setrlimit NOFILE");
  if (r.processes) limit(RLIMIT_NPROC, *r.processes, *r.processes, "setrlimit NPROC");
  if (::chdir(plan.dir.c_str()) != 0) fail_in_child(error_pipe, "entering its directory");
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  // The box died before that: nobody would stop the run. (Its pid is not one this child can
  // ask about: in a PID namespace of its own, its parent is none.)
  pollfd box{plan.box_alive, POLLIN, 0};
  if (::poll(&box, 1, 0) != 0) ::_exit(127);
  // Nothing of the box's reaches the program but what it was given: every other descriptor
  // closes at exec.
  ::syscall(SYS_close_range, 3u, ~0u, 4u /* CLOSE_RANGE_CLOEXEC */);
  for (int fd : plan.keep_open)
    if (fd >= 0 && ::fcntl(fd, F_SETFD, 0) != 0) fail_in_child(error_pipe, "keeping a descriptor");
  if (plan.seccomp_here >= 0)
    if (const char* step = load_seccomp_filter(plan.seccomp_here)) fail_in_child(error_pipe, step);
  // The address space last, with nothing left to allocate: a box built with AddressSanitizer
  // maps memory of its own up to here.
  if (r.address_space) limit(RLIMIT_AS, *r.address_space, *r.address_space, "setrlimit AS");
  ::execve(plan.argv_pointers[0], plan.argv_pointers.data(), plan.env_pointers.data());
  fail_in_child(error_pipe, "exec");
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
    record_.isolation = request_.isolation == Isolation::Bwrap ? "bwrap" : "none";
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
    sandboxed_ = request_.isolation == Isolation::Bwrap;
    if (sandboxed_ && bwrap_path().empty())
      throw std::runtime_error("bwrap cannot be used: " + bwrap_absence());
    if (sandboxed_ && ::geteuid() == 0) {
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
    seccomp_.fd = seccomp_filter_fd(why);
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
    // Under bwrap the box's step starts the program, and reports one it cannot start as an exit
    // status like any other: a program that is not there is said so first.
    struct stat info {};
    const bool found = ::stat(command[0].c_str(), &info) == 0;
    if (!found || !S_ISREG(info.st_mode) || (info.st_mode & 0111) == 0) {
      record_.ending = BoxRecord::Ending::NotStarted;
      record_.message = "could not start " + request_.command[0] + ": " +
                        (found ? "not a program" : std::strerror(errno));
      return;
    }
    replace_with_own_copy(command[0], request_.dir);
    int status_pipe[2] = {-1, -1}, report_pipe[2] = {-1, -1};
    if (sandboxed_) {
      if (::pipe2(status_pipe, O_CLOEXEC) != 0 || ::pipe2(report_pipe, O_CLOEXEC) != 0)
        throw std::runtime_error("pipe");
      status_.fd = status_pipe[0];
      ::fcntl(status_.fd, F_SETFL, O_NONBLOCK);
      report_.fd = report_pipe[0];
      ::fcntl(report_.fd, F_SETFL, O_NONBLOCK);
    }
    const Descriptor status_write{status_pipe[1]}, report_write{report_pipe[1]};
    ChildPlan plan;
    plan.limiter = limiter_.get();
    plan.uid = identity_ ? std::optional<uid_t>(identity_->uid()) : std::nullopt;
    plan.rlimits = limiter_->rlimits(plan.uid);
    plan.dir = request_.dir.string();
    plan.cpu = limits_.cpu;
    if (sandboxed_) {
      SandboxLayout layout;
      layout.dir = request_.dir;
      layout.read_only = request_.read_only;
      layout.writable_dir = request_.writable_dir;
      layout.tmp_bytes = limits_.max_scratch_bytes;
      layout.status_fd = status_write.fd;
      layout.seccomp_fd = seccomp_.fd;
      layout.report_fd = report_write.fd;
      layout.step = own_binary();
      std::swap(layout.address_space, plan.rlimits.address_space);  // the step sets it
      plan.argv = sandboxed_command(command, layout, plan.uid);
      plan.keep_open[0] = status_write.fd;
      plan.keep_open[1] = seccomp_.fd;
      plan.keep_open[2] = report_write.fd;
    } else {
      plan.argv = command;
      plan.seccomp_here = seccomp_.fd;
    }
    std::map<std::string, std::string> env = {
        {"PATH", "/usr/local/bin:/usr/bin:/bin"},
        {"HOME", plan.dir},
        {"LANG", "C.UTF-8"},
        {"TMPDIR", sandboxed_ ? std::string("/tmp") : plan.dir}};
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
    const Descriptor alive_read{alive_pipe[0]}, alive_write{alive_pipe[1]};
    plan.box_alive = alive_read.fd;
    record_.ending = BoxRecord::Ending::Exited;  // until it says otherwise
    if (request_.credit_waits_of > 0) credit_base_ = cpu_wait_of_thread(request_.credit_waits_of);
    started_ = Clock::now();
    main_ = ::fork();
    if (main_ == 0) {
      ::close(error_pipe[0]);
      child(plan, error_pipe[1]);
    }
    ::close(error_pipe[1]);
    if (main_ < 0) {
      ::close(error_pipe[0]);
      throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    }
    // Its exec closes the pipe; a failed step writes to it first.
    int error = 0;
    std::string step;
    char buffer[256];
    ssize_t n;
    while ((n = ::read(error_pipe[0], buffer, sizeof buffer)) != 0) {
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) break;
      step.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(error_pipe[0]);
    if (step.size() >= sizeof error) {
      std::memcpy(&error, step.data(), sizeof error);
      const std::string what = step.substr(sizeof error);
      record_.ending = BoxRecord::Ending::NotStarted;
      record_.message =
          "could not start " + request_.command[0] + ": " + what + ": " + std::strerror(error);
      return;
    }
    limiter_->started(main_, sandboxed_);
    // The first look when the run could have used a little: most runs are over sooner.
    next_look_ = started_ + std::chrono::milliseconds(20);
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
    // Under bwrap, bwrap itself and its namespace's init (its child, the box's step) start the
    // program.
    std::set<pid_t> startup;
    if (sandboxed_)
      for (const ProcEntry& p : members)
        if (p.pid == main_ || p.ppid == main_) startup.insert(p.pid);
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
      if (main_exited()) break;
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
      pollfd fds[2] = {{signals_.fd, POLLIN, 0}, {request_.lifeline, POLLIN, 0}};
      ::poll(fds, request_.lifeline >= 0 ? 2 : 1,
             static_cast<int>(std::clamp<long long>(wait_ms, 0, 1000)));
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
      // Under bwrap the program's own status, as its parent (the box's step) saw it, when the
      // step lived to report it: bwrap reports a program killed by signal N as exit status
      // 128 + N. Without the report (the step killed: the box stopped the run, the OOM killer
      // chose it) that is all there is.
      std::string report;
      if (sandboxed_) read_to_end(report_.fd, report);
      if (report.size() == sizeof(int)) std::memcpy(&status, report.data(), sizeof(int));
      const bool reported = report.size() == sizeof(int);
      if (WIFEXITED(status)) {
        record_.ending = BoxRecord::Ending::Exited;
        record_.exit_code = WEXITSTATUS(status);
        if (sandboxed_ && !reported && record_.exit_code > 128 && record_.exit_code < 128 + 65) {
          record_.ending = BoxRecord::Ending::Signaled;
          record_.signal = record_.exit_code - 128;
        }
      } else {
        record_.ending = BoxRecord::Ending::Signaled;
        record_.signal = WTERMSIG(status);
      }
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
      collect_main();
      siginfo_t info{};
      const bool alone =
          ::waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) != 0 && errno == ECHILD;
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
    if (sandboxed_) {
      std::string status;
      read_to_end(status_.fd, status);
      if (!sandbox_started_program(status) && ran_out &&
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
      // The OOM killer took bwrap or its init for the program (memfds are no process's
      // resident set): the program's memory, not a start that failed.
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
                          " MiB together (counted on a best-effort "
                          "basis)";
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
  Descriptor signals_, dir_, seccomp_, status_, report_;
  bool sandboxed_ = false;
  pid_t main_ = -1;
  Clock::time_point started_, ended_, next_look_;
  double credit_base_ = 0;
  double waited_ = 0;
  BoxRecord::Stop stop_ = BoxRecord::Stop::None;
  std::optional<std::string> clash_;
  bool reaped_ = false;
  bool main_collected_ = false;
};

}  // namespace

std::vector<int> box_signals() { return {SIGCHLD, SIGTERM, SIGINT, SIGHUP, SIGQUIT}; }

BoxRecord run_box(const BoxRequest& request) { return Box(request).run(); }

}  // namespace entrapment
