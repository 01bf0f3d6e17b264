#include "launch.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <mutex>

#include "interrupts.hpp"

namespace entrapment {

namespace {

constexpr unsigned kCloseRangeCloexec = 1u << 2;  // CLOSE_RANGE_CLOEXEC (Linux 5.11)

int descriptor_limit() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return 1 << 16;
  return static_cast<int>(std::min<rlim_t>(limit.rlim_cur, 1 << 20));
}

// A child's programs start with the default disposition of every signal and none blocked, as
// a contest system starts them: the judge ignores SIGPIPE (a contestant that closed its input
// must not kill it), and an ignored signal would stay ignored across exec.
void reset_signals() {
  struct sigaction standard {};
  standard.sa_handler = SIG_DFL;
  for (int signal = 1; signal < NSIG; ++signal)
    if (signal != SIGKILL && signal != SIGSTOP) ::sigaction(signal, &standard, nullptr);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
}

// What a child that failed sends its parent through the error pipe: errno, then the step.
[[noreturn]] void report_failure(int pipe, const char* what) {
  const int error = errno;
  [[maybe_unused]] ssize_t ignored = ::write(pipe, &error, sizeof error);
  ignored = ::write(pipe, what, std::strlen(what));
  ::_exit(127);
}

std::vector<char*> pointers(const std::vector<std::string>& words) {
  std::vector<char*> out;
  for (const std::string& word : words) out.push_back(const_cast<char*>(word.c_str()));
  out.push_back(nullptr);
  return out;
}

}  // namespace

void close_descriptors_from(int first) {
  if (::syscall(SYS_close_range, static_cast<unsigned>(first), ~0u, 0u) == 0) return;
  for (int fd = first, last = descriptor_limit(); fd < last; ++fd) ::close(fd);
}

void mark_close_on_exec_from(int first) {
  if (::syscall(SYS_close_range, static_cast<unsigned>(first), ~0u, kCloseRangeCloexec) == 0)
    return;
  for (int fd = first, last = descriptor_limit(); fd < last; ++fd) ::fcntl(fd, F_SETFD, FD_CLOEXEC);
}

pid_t launch(const LaunchRequest& request) {
  if (request.argv.empty()) throw LaunchError("no program to start", EINVAL);
  std::vector<char*> argv = pointers(request.argv);
  std::vector<char*> env = pointers(request.env);
  std::lock_guard<std::recursive_mutex> lock(spawn_lock());
  if (interrupted()) throw LaunchError("the judge was interrupted", EINTR);
  int error_pipe[2];
  if (::pipe2(error_pipe, O_CLOEXEC) != 0)
    throw LaunchError(std::string("pipe: ") + std::strerror(errno), errno);
  const pid_t pid = ::fork();
  if (pid == 0) {
    mark_close_on_exec_from(3);  // the error pipe is close-on-exec already
    reset_signals();
    if (request.step)
      if (const char* failed = request.step(request.context)) report_failure(error_pipe[1], failed);
    ::execve(argv[0], argv.data(), env.data());
    report_failure(error_pipe[1], "exec");
  }
  const int fork_error = errno;
  ::close(error_pipe[1]);
  if (pid < 0) {
    ::close(error_pipe[0]);
    throw LaunchError(std::string("fork: ") + std::strerror(fork_error), fork_error);
  }
  // Nothing to read once the child exec'd (the pipe closed with it); errno and the step if not.
  char message[512];
  std::size_t got = 0;
  for (;;) {
    const ssize_t n = ::read(error_pipe[0], message + got, sizeof message - 1 - got);
    if (n > 0) {
      got += static_cast<std::size_t>(n);
      if (got == sizeof message - 1) break;
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      break;
    }
  }
  ::close(error_pipe[0]);
  if (got == 0) return pid;
  int error = 0;
  if (got >= sizeof error) std::memcpy(&error, message, sizeof error);
  message[got] = '\0';
  const std::string step = got > sizeof error ? message + sizeof error : "exec";
  while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
  }
  std::string what = step == "exec" ? "cannot execute " + request.argv[0] : step;
  throw LaunchError(what + ": " + std::strerror(error), error);
}

int run_in_child(ChildStep step, const void* context) {
  std::lock_guard<std::recursive_mutex> lock(spawn_lock());
  const pid_t pid = ::fork();
  if (pid == 0) {
    close_descriptors_from(3);
    ::_exit(step(context) == nullptr ? 0 : 1);
  }
  if (pid < 0) return -1;
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace entrapment
