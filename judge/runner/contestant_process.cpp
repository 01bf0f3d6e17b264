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
#include <boost/process.hpp>
#include <boost/process/extend.hpp>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <system_error>

#include "sandbox.hpp"
#include "submission.hpp"

namespace entrapment {

namespace fs = std::filesystem;
namespace bp = boost::process;

namespace {

constexpr unsigned kCloseRangeCloexec = 1u << 2;  // CLOSE_RANGE_CLOEXEC, Linux 5.11

// Forks are serialised: Boost.Process opens its error pipe without O_CLOEXEC, and a fork in
// another thread at that moment would hand it to the wrong child.
std::mutex spawn_mutex;

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

// What the child does between fork and exec: raw system calls only (the judge is
// multithreaded, so nothing that may allocate or take a lock).
struct ChildSetup {
  int in = -1, out = -1, err = -1;
  rlim_t cpu_s = 0, address_space = 0, processes = 0, file_size = 0, stack = 0;
  bool limit_processes = false, limit_address_space = false;
  uid_t uid = 0;
  bool drop = false;
  const char* scratch = nullptr;

  template <typename Executor>
  void operator()(Executor& exec) const {
    const char* failed = nullptr;
    auto limit = [&](int resource, rlim_t soft, rlim_t hard) {
      rlimit r{soft, hard};
      if (!failed && ::setrlimit(resource, &r) != 0) failed = "setrlimit";
    };
    if (::dup2(in, 0) < 0 || ::dup2(out, 1) < 0 || ::dup2(err, 2) < 0) failed = "dup2";
    ::setpgid(0, 0);
    ::syscall(SYS_close_range, 3u, ~0u, kCloseRangeCloexec);  // nothing else reaches the program
    limit(RLIMIT_CPU, cpu_s, cpu_s + 1);                      // SIGXCPU, then SIGKILL
    if (limit_address_space) limit(RLIMIT_AS, address_space, address_space);
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

}  // namespace

const SandboxSupport& sandbox_support() {
  static const SandboxSupport support = [] {
    SandboxSupport s;
    if (bwrap_path().empty()) {
      s.reason = "bwrap (bubblewrap) is not installed";
      return s;
    }
    try {
      Limits limits;
      limits.cpu_s = 5;
      ContestantProcess probe({find_program("true").string()}, limits,
                              ContestantProcess::ForceSandbox{});
      probe.close_stdin();
      if (!probe.wait_until(Clock::now() + std::chrono::seconds(10))) {
        s.reason = "bwrap did not start within 10 s";
      } else if (probe.usage().signaled || probe.usage().exit_code != 0) {
        s.reason = "bwrap fails here (" + probe.stderr_text() + ")";
        while (!s.reason.empty() && (s.reason.back() == '\n')) s.reason.pop_back();
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
  spawn(command, sandbox && sandbox_support().usable);
}

ContestantProcess::ContestantProcess(const std::vector<std::string>& command, const Limits& limits,
                                     ForceSandbox)
    : limits_(limits) {
  spawn(command, true);
}

void ContestantProcess::spawn(const std::vector<std::string>& command_in, bool use_bwrap) {
  if (command_in.empty()) throw std::runtime_error("empty command");
  become_subreaper();
  std::vector<std::string> command = command_in;
  if (is_java(command))
    command.insert(command.begin() + 1, "-Xmx" + std::to_string(limits_.memory_mib) + "m");
  if (auto identity = RunIdentity::acquire()) identity_.emplace(std::move(*identity));

  char scratch_template[] = "/tmp/entrapment-run-XXXXXX";
  if (!::mkdtemp(scratch_template))
    throw std::runtime_error(std::string("cannot create a scratch directory: ") +
                             std::strerror(errno));
  scratch_ = scratch_template;
  if (identity_ && ::chown(scratch_.c_str(), identity_->uid(), identity_->uid()) != 0)
    throw std::runtime_error("cannot hand the scratch directory to the contestant");

  if (use_bwrap) command = sandboxed_command(command, scratch_);
  sandboxed_ = use_bwrap;

  Pipe in, out, err;
  ChildSetup setup;
  setup.in = in.read;
  setup.out = out.write;
  setup.err = err.write;
  setup.cpu_s = static_cast<rlim_t>(std::ceil(limits_.cpu_s));
  setup.limit_address_space = !is_java(command_in);  // the JVM reserves far more than it uses
  setup.address_space = static_cast<rlim_t>(limits_.memory_mib) << 20;
  setup.stack = setup.address_space;
  setup.file_size = static_cast<rlim_t>(limits_.max_output_bytes);
  // RLIMIT_NPROC counts every process of the user: only meaningful for a user of our own.
  setup.limit_processes = identity_.has_value();
  setup.processes = static_cast<rlim_t>(limits_.max_processes);
  setup.drop = identity_.has_value();
  setup.uid = identity_ ? identity_->uid() : 0;
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
    std::lock_guard<std::mutex> lock(spawn_mutex);
    started_ = Clock::now();
    bp::child child(bp::exe = command[0], bp::args = args, env, bp::extend::on_exec_setup = setup,
                    ec);
    if (!ec) {
      pid_ = child.id();
      child.detach();  // reaped here with wait4(), for its resource usage
    }
  }
  ::close(in.read);
  ::close(out.write);
  ::close(err.write);
  stdin_ = in.write;
  stdout_ = out.read;
  stderr_ = err.read;
  if (ec) throw std::runtime_error("cannot run " + command_in[0] + ": " + ec.message());
  for (int fd : {stdin_, stdout_, stderr_}) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  pidfd_ = static_cast<int>(::syscall(SYS_pidfd_open, pid_, 0));
}

ContestantProcess::~ContestantProcess() {
  if (pid_ > 0) kill();
  close_fd(stdin_);
  close_fd(stdout_);
  close_fd(stderr_);
  close_fd(pidfd_);
  if (!scratch_.empty()) {
    std::error_code ec;
    fs::remove_all(scratch_, ec);
  }
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
  usage_.cpu_s = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec +
                 ru.ru_stime.tv_usec / 1e6;
  usage_.memory_kib = ru.ru_maxrss;
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
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return false;
    pollfd fds[2] = {{pidfd_, POLLIN, 0}, {stderr_, POLLIN, 0}};
    // Without a pidfd (kernels before 5.3), look again every 10 ms.
    int timeout =
        static_cast<int>(pidfd_ < 0 ? std::min<long long>(left.count(), 10) : left.count() + 1);
    ::poll(fds, 2, timeout);
  }
}

void ContestantProcess::kill() {
  if (pid_ <= 0) return;
  if (!reaped_) {
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
  // With an id of its own, the id finds everything, whatever group it moved to; otherwise the
  // group (bwrap's PID namespace takes care of the rest).
  if (identity_) {
    OrphanUsage orphans;
    identity_->kill_all(&orphans);
    usage_.cpu_s += orphans.cpu_s;
    usage_.memory_kib = std::max(usage_.memory_kib, orphans.memory_kib);
  } else
    ::kill(-pid_, SIGKILL);
}

}  // namespace entrapment
