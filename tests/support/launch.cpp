#include "tests/support/launch.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/process/args.hpp>
#include <boost/process/child.hpp>
#include <boost/process/error.hpp>
#include <boost/process/exe.hpp>
#include <boost/process/extend.hpp>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <sstream>
#include <string>

#include "support/files.hpp"

namespace entrapment::testing {

namespace bp = boost::process;

namespace {

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

// Closes [first, last] (last may be ~0u).
void close_range_of(unsigned first, unsigned last) {
  if (first > last) return;
  if (::syscall(SYS_close_range, first, last, 0u) == 0) return;
  // Up to the descriptor limit (at most 2^20; 2^16 when there is none).
  rlimit nofile{};
  const unsigned limit =
      ::getrlimit(RLIMIT_NOFILE, &nofile) != 0 || nofile.rlim_cur == RLIM_INFINITY
          ? 1u << 16
          : static_cast<unsigned>(std::min<rlim_t>(nofile.rlim_cur, 1 << 20));
  for (unsigned fd = first; fd <= last && fd < limit; ++fd) ::close(static_cast<int>(fd));
}

}  // namespace

void close_descriptors_except(const int* keep, int count) {
  unsigned next = 3;
  for (int i = 0; i < count; ++i) {
    if (keep[i] < 0 || static_cast<unsigned>(keep[i]) < next) continue;
    if (static_cast<unsigned>(keep[i]) > next)
      close_range_of(next, static_cast<unsigned>(keep[i]) - 1);
    next = static_cast<unsigned>(keep[i]) + 1;
  }
  close_range_of(next, ~0u);
}

pid_t launch(const LaunchRequest& request) {
  if (request.argv.empty()) throw LaunchError("no program to start", EINVAL);
  // Made before the fork: nothing in the child may allocate.
  const std::vector<std::string> args(request.argv.begin() + 1, request.argv.end());
  std::vector<char*> env = pointers(request.env);
  int error_pipe[2];
  if (::pipe2(error_pipe, O_CLOEXEC) != 0)
    throw LaunchError(std::string("pipe: ") + std::strerror(errno), errno);
  std::vector<int> keep = request.keep;
  keep.push_back(error_pipe[1]);  // close-on-exec: it closes when the exec succeeds
  std::sort(keep.begin(), keep.end());
  // Boost.Process forks and execs; the child's steps are ours (its own error pipe is not
  // used: ignore_error, and every failure in the child is reported through ours, with the
  // step that failed).
  int fork_error = 0;
  bp::child child(
      bp::exe = request.argv[0], bp::args = args, bp::ignore_error,
      bp::extend::on_setup = [&env](auto& exec) { exec.env = env.data(); },
      bp::extend::on_fork_error =
          [&fork_error](auto&, const std::error_code& error) { fork_error = error.value(); },
      bp::extend::on_exec_setup =
          [&keep, &request, &error_pipe](auto&) {
            close_descriptors_except(keep.data(), static_cast<int>(keep.size()));
            reset_signals();
            if (request.step)
              if (const char* failed = request.step(request.context))
                report_failure(error_pipe[1], failed);
          },
      bp::extend::on_exec_error =
          [&error_pipe](auto&, const std::error_code&) { report_failure(error_pipe[1], "exec"); });
  const pid_t pid = child.valid() ? child.id() : -1;
  child.detach();  // reaped by the caller, with its usage (wait4)
  ::close(error_pipe[1]);
  if (pid <= 0) {
    ::close(error_pipe[0]);
    if (fork_error == 0) fork_error = EAGAIN;
    throw LaunchError(std::string("fork: ") + std::strerror(fork_error), fork_error);
  }
  // Nothing to read once the child exec'd (the pipe closed with it); errno and the step if not
  // (report_failure(), which then exits).
  std::string message;
  read_to_end(error_pipe[0], message);
  ::close(error_pipe[0]);
  if (message.empty()) return pid;
  int error = 0;
  if (message.size() >= sizeof error) std::memcpy(&error, message.data(), sizeof error);
  const std::string step = message.size() > sizeof error ? message.substr(sizeof error) : "exec";
  while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
  }
  std::string what = step == "exec" ? "cannot execute " + request.argv[0] : step;
  throw LaunchError(what + ": " + std::strerror(error), error);
}

}  // namespace entrapment::testing
