#include "process.hpp"

#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <thread>

#include "files.hpp"

namespace entrapment::testing {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

int status_of(int raw) {
  if (WIFEXITED(raw)) return WEXITSTATUS(raw);
  if (WIFSIGNALED(raw)) return 128 + WTERMSIG(raw);
  return -1;
}

}  // namespace

namespace {

// Where a child stopped before exec, for the parent's message.
struct ChildFailure {
  int error = 0;
  char step[48] = {};
};

// In the child, between fork and exec: async-signal-safe calls only (the tests have threads).
const char* prepare_child(const ProcessOptions& options, const char* in, const char* out,
                          const char* err) {
  if (!options.terminal.empty()) {
    if (::setsid() < 0) return "setsid";
    const int tty = ::open(options.terminal.c_str(), O_RDWR);
    if (tty < 0 || ::ioctl(tty, TIOCSCTTY, 0) != 0) return "taking the terminal";
    if (::dup2(tty, 0) < 0 || ::dup2(tty, 1) < 0 || ::dup2(tty, 2) < 0) return "dup2";
  } else {
    const int fds[3] = {::open(in, O_RDONLY), ::open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644),
                        ::open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644)};
    for (int fd = 0; fd < 3; ++fd)
      if (fds[fd] < 0 || ::dup2(fds[fd], fd) < 0) return "opening its files";
  }
  if (!options.cwd.empty() && ::chdir(options.cwd.c_str()) != 0) return "chdir";
  if (options.user != 0 && (::setgroups(0, nullptr) != 0 ||
                            ::setresgid(options.group, options.group, options.group) != 0 ||
                            ::setresuid(options.user, options.user, options.user) != 0))
    return "becoming the user";
  return nullptr;
}

}  // namespace

Process::Process(const std::vector<std::string>& argv, const ProcessOptions& options) {
  dir_ = fresh_directory("entrapment-test-process");
  const std::string in = (dir_ / "stdin").string(), out = (dir_ / "stdout").string(),
                    err = (dir_ / "stderr").string();
  write_text(in, options.input);
  ExecArguments exec(argv, options.env);
  int report[2];
  if (::pipe2(report, O_CLOEXEC) != 0) throw std::runtime_error("pipe2 failed");
  pid_ = ::fork();
  if (pid_ == 0) {
    ::close(report[0]);
    ChildFailure failure;
    const char* step = prepare_child(options, in.c_str(), out.c_str(), err.c_str());
    if (!step) {
      ::execvpe(exec.argv()[0], exec.argv(), exec.envp());
      step = "exec";
    }
    failure.error = errno;
    for (std::size_t i = 0; step[i] && i + 1 < sizeof failure.step; ++i) failure.step[i] = step[i];
    [[maybe_unused]] const ssize_t ignored = ::write(report[1], &failure, sizeof failure);
    ::_exit(127);
  }
  ::close(report[1]);
  ChildFailure failure;
  ssize_t n = -1;
  if (pid_ > 0) {
    while ((n = ::read(report[0], &failure, sizeof failure)) < 0 && errno == EINTR) {
    }
  }
  ::close(report[0]);
  if (pid_ < 0 || n > 0) {
    if (pid_ > 0) ::waitpid(pid_, nullptr, 0);
    pid_ = -1;
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
    throw std::runtime_error("cannot start " + argv[0] + ": " +
                             (n > 0
                                  ? std::string(failure.step) + ": " + std::strerror(failure.error)
                                  : std::string("fork failed")));
  }
}

Process::~Process() {
  if (!reaped_ && pid_ > 0) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
  std::error_code ignored;
  fs::remove_all(dir_, ignored);
}

int Process::wait() {
  int raw = 0;
  while (!reaped_) {
    if (::waitpid(pid_, &raw, 0) == pid_) {
      reaped_ = true;
      status_ = status_of(raw);
    } else if (errno != EINTR) {
      break;
    }
  }
  return status_;
}

int Process::wait_for(double seconds) {
  if (reaped_) return status_;
  const int status = wait_until(pid_, Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                         std::chrono::duration<double>(seconds)));
  if (status == -1) return -1;
  reaped_ = true;
  status_ = status;
  return status_;
}

bool Process::running() {
  if (reaped_) return false;
  int raw = 0;
  if (::waitpid(pid_, &raw, WNOHANG) == pid_) {
    reaped_ = true;
    status_ = status_of(raw);
  }
  return !reaped_;
}

std::string Process::out() const { return read_text(dir_ / "stdout"); }
std::string Process::err() const { return read_text(dir_ / "stderr"); }

ProcessResult run_process(const std::vector<std::string>& argv, const ProcessOptions& options) {
  Process process(argv, options);
  ProcessResult result;
  result.status = process.wait();
  result.out = process.out();
  result.err = process.err();
  return result;
}

ProcessResult run_on_terminal(const std::vector<std::string>& argv, const ProcessOptions& options) {
  ExecArguments exec(argv, options.env);
  int master = -1;
  winsize size{};
  size.ws_row = 40;
  size.ws_col = 200;
  const pid_t pid = ::forkpty(&master, nullptr, nullptr, &size);
  if (pid < 0) throw std::runtime_error("forkpty failed");
  if (pid == 0) {
    if (!options.cwd.empty() && ::chdir(options.cwd.c_str()) != 0) ::_exit(126);
    ::execvpe(exec.argv()[0], exec.argv(), exec.envp());
    ::_exit(127);
  }
  // Typed all at once: the terminal keeps the lines until the program reads them.
  std::size_t written = 0;
  while (written < options.input.size()) {
    const ssize_t n =
        ::write(master, options.input.data() + written, options.input.size() - written);
    if (n <= 0) break;
    written += static_cast<std::size_t>(n);
  }
  ProcessResult result;
  const auto deadline = Clock::now() + std::chrono::seconds(60);
  char buffer[4096];
  for (;;) {
    pollfd fd{master, POLLIN, 0};
    if (::poll(&fd, 1, 100) > 0) {
      const ssize_t n = ::read(master, buffer, sizeof buffer);
      if (n <= 0) break;  // EIO: the program is gone and nothing is left
      result.out.append(buffer, static_cast<std::size_t>(n));
    } else if (Clock::now() > deadline) {
      ::kill(pid, SIGKILL);
      break;
    }
  }
  ::close(master);
  int raw = 0;
  while (::waitpid(pid, &raw, 0) < 0 && errno == EINTR) {
  }
  result.status = status_of(raw);
  // The terminal turns "\n" into "\r\n".
  result.out.erase(std::remove(result.out.begin(), result.out.end(), '\r'), result.out.end());
  return result;
}

pid_t spawn_wired(const std::vector<std::string>& argv, int in, int out, const Wiring& wiring) {
  // Everything the child needs is ready before the fork (exec_arguments.hpp says why).
  ExecArguments exec(argv);
  const std::string err = wiring.stderr_file.string();
  const rlimit cap{wiring.address_space_bytes, wiring.address_space_bytes};
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    ::dup2(in, 0);
    ::dup2(out, 1);
    if (!err.empty()) {
      const int fd = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd >= 0) ::dup2(fd, 2);
    }
    // Another pair's pipe end kept open here would keep that pair's reader from seeing the end
    // of its input.
    if (::syscall(SYS_close_range, 3u, ~0u, 0u) != 0)
      for (int fd = 3; fd < 1024; ++fd) ::close(fd);
    if (wiring.address_space_bytes != 0) ::setrlimit(RLIMIT_AS, &cap);
    if (wiring.default_sigpipe) ::signal(SIGPIPE, SIG_DFL);
    ::execvp(exec.argv()[0], exec.argv());
    ::_exit(127);
  }
  return pid;
}

int wait_until(pid_t pid, Clock::time_point deadline) {
  for (;;) {
    int raw = 0;
    if (::waitpid(pid, &raw, WNOHANG) == pid) return status_of(raw);
    if (Clock::now() >= deadline) return -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

int shell(const std::string& command) {
  const int status = std::system(command.c_str());
  return status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string shell_quote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace entrapment::testing
