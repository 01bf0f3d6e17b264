#include "drop.hpp"

#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

extern char** environ;

namespace entrapment {

namespace {

int refuse(const char* step) {
  std::fprintf(stderr, "judge-box --step: %s: %s\n", step, std::strerror(errno));
  return 127;
}

// A whole decimal number in [least, most], or -1.
long long number(const char* text, unsigned long long least, unsigned long long most) {
  if (!*text || *text == '-') return -1;
  char* end = nullptr;
  errno = 0;
  const unsigned long long value = std::strtoull(text, &end, 10);
  if (*end || errno == ERANGE || value < least || value > most) return -1;
  return static_cast<long long>(value);
}

// The run's own user id and nothing more.
int drop_to(uid_t uid) {
  // The bounding set first, while root may still change it: up to the first capability the
  // kernel does not know.
  for (int cap = 0; cap < 64; ++cap)
    if (::prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0) {
      if (errno == EINVAL) break;
      return refuse("emptying the bounding set");
    }
  if (::setgroups(0, nullptr) != 0) return refuse("setgroups");
  if (::setresgid(uid, uid, uid) != 0) return refuse("setresgid");
  if (::setresuid(uid, uid, uid) != 0) return refuse("setresuid");
  // Leaving root empties the permitted, effective and ambient sets; the inheritable one stays
  // unless emptied.
  __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct none[_LINUX_CAPABILITY_U32S_3] = {};
  if (::syscall(SYS_capset, &header, none) != 0) return refuse("capset");
  if (::prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0 && errno != EINVAL)
    return refuse("clearing the ambient set");
  if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return refuse("no_new_privs");
  return 0;
}

// Becomes the program: no signal blocked (judge-box blocks the box's at its start), its
// address-space limit, exec.
int become(char** program, const rlimit* address_space) {
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  if (address_space && ::setrlimit(RLIMIT_AS, address_space) != 0) return refuse("setrlimit AS");
  ::execve(program[0], program, environ);
  return refuse(program[0]);
}

}  // namespace

int run_program_step(int argc, char** argv) {
  long long uid = -1, report = -1, bytes = -1;
  int at = 2;
  bool usage = argc < 2 || std::strcmp(argv[1], "--step") != 0;
  for (; !usage && at + 1 < argc && std::strcmp(argv[at], "--") != 0; at += 2) {
    const char* value = argv[at + 1];
    if (std::strcmp(argv[at], "--drop-to") == 0 && uid < 0)
      usage = (uid = number(value, 1, 0xfffffffeULL)) < 0;
    else if (std::strcmp(argv[at], "--report-to") == 0 && report < 0)
      usage = (report = number(value, 3, 1 << 20)) < 0;
    else if (std::strcmp(argv[at], "--address-space") == 0 && bytes < 0)
      usage = (bytes = number(value, 1, 1ULL << 62)) < 0;
    else
      usage = true;
  }
  if (usage || at + 1 >= argc || std::strcmp(argv[at], "--") != 0) {
    std::fprintf(stderr,
                 "usage: judge-box --step [--drop-to UID] [--report-to FD] [--address-space "
                 "BYTES] -- PROGRAM ARGS...\n");
    return 127;
  }
  char** program = argv + at + 1;
  rlimit address_space{static_cast<rlim_t>(bytes), static_cast<rlim_t>(bytes)};
  const rlimit* capped = bytes > 0 ? &address_space : nullptr;
  if (uid > 0)
    if (const int failed = drop_to(static_cast<uid_t>(uid))) return failed;
  if (report < 0) return become(program, capped);
  // The report's descriptor is a pipe only the box reads: when it breaks, the box is gone
  // (killed), and so is the run (the step's end is its PID namespace's). bwrap's parent-death
  // signal does not do: a change of user id took it away, and bwrap, without the capability to
  // kill, cannot send it to another user's process.
  const int to_box = static_cast<int>(report);
  if (::fcntl(to_box, F_SETFD, FD_CLOEXEC) != 0) return refuse("the report's descriptor");
  if (::prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) return refuse("not dumpable");
  sigset_t all, child_ended;
  sigfillset(&all);
  ::sigprocmask(SIG_BLOCK, &all, nullptr);
  sigemptyset(&child_ended);
  sigaddset(&child_ended, SIGCHLD);
  const int ends = ::signalfd(-1, &child_ended, SFD_CLOEXEC | SFD_NONBLOCK);
  if (ends < 0) return refuse("signalfd");
  const pid_t child = ::fork();
  if (child < 0) return refuse("fork");
  if (child == 0) ::_exit(become(program, capped));
  // The program's input and output are its own alone: a program that closes its input makes
  // the judge's writes fail, as without bwrap.
  for (int fd = 0; fd < 3; ++fd) ::close(fd);
  // It reaps what the run orphans (it is the namespace's init) until the program ends.
  int status = 0;
  for (bool ended = false;;) {
    int one = 0;
    for (pid_t pid; (pid = ::waitpid(-1, &one, WNOHANG)) > 0;) {
      // A process that made the step its tracer (PTRACE_TRACEME) stops at each signal it is
      // sent, and the stop is reported here: it goes on with its signal, untraced (red team: a
      // stop taken for the program's end, "killed by signal 127").
      if (WIFSTOPPED(one)) {
        ::ptrace(PTRACE_DETACH, pid, nullptr, WSTOPSIG(one));
        continue;
      }
      if (pid == child) {
        status = one;
        ended = true;
      }
    }
    if (ended) break;
    pollfd watched[2] = {{ends, POLLIN, 0}, {to_box, 0, 0}};
    if (::poll(watched, 2, -1) < 0 && errno != EINTR) return 127;
    if (watched[1].revents & (POLLERR | POLLHUP)) return 127;  // the box is gone: no report
    signalfd_siginfo info{};
    while (::read(ends, &info, sizeof info) == sizeof info) {
    }
  }
  [[maybe_unused]] const ssize_t written = ::write(to_box, &status, sizeof status);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace entrapment
