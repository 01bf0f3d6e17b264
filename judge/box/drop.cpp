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
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "landlock.hpp"
#include "seccomp_filter.hpp"

extern char** environ;

namespace entrapment {

namespace {

int refuse(const char* step) {
  std::fprintf(stderr, "judge-box --step: %s: %s\n", step, std::strerror(errno));
  return 127;
}

// A failed step said where the plan says (the box's child's way, or on stderr).
int refuse(const InitPlan& plan, const char* step) {
  if (plan.error_pipe < 0) return refuse(step);
  const int error = errno;
  [[maybe_unused]] ssize_t ignored = ::write(plan.error_pipe, &error, sizeof error);
  ignored = ::write(plan.error_pipe, step, std::strlen(step));
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

// Becomes the program: no signal blocked (judge-box blocks the box's at its start), its
// address-space and data limits, exec.
int become(const InitPlan& plan) {
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  if (plan.address_space && ::setrlimit(RLIMIT_AS, plan.address_space) != 0)
    return refuse(plan, "setrlimit AS");
  if (plan.data && ::setrlimit(RLIMIT_DATA, plan.data) != 0) return refuse(plan, "setrlimit DATA");
  ::execve(plan.argv[0], plan.argv, plan.envp);
  return refuse(plan, plan.error_pipe < 0 ? plan.argv[0] : "exec");
}

}  // namespace

const char* drop_to_user(uid_t uid) {
  // The bounding set first, while root may still change it: up to the first capability the
  // kernel does not know.
  for (int cap = 0; cap < 64; ++cap)
    if (::prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0) {
      if (errno == EINVAL) break;
      return "emptying the bounding set";
    }
  if (::setgroups(0, nullptr) != 0) return "setgroups";
  if (::setresgid(uid, uid, uid) != 0) return "setresgid";
  if (::setresuid(uid, uid, uid) != 0) return "setresuid";
  // Leaving root empties the permitted, effective and ambient sets; the inheritable one stays
  // unless emptied.
  __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct none[_LINUX_CAPABILITY_U32S_3] = {};
  if (::syscall(SYS_capset, &header, none) != 0) return "capset";
  if (::prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0 && errno != EINVAL)
    return "clearing the ambient set";
  if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return "no_new_privs";
  return nullptr;
}

int run_as_init(const InitPlan& plan) {
  // The report's descriptor is a pipe only the box reads: when it breaks, the box is gone
  // (killed), and so is the run (this process is its PID namespace's init). Under bwrap its
  // parent-death signal does not do: a change of user id took it away, and bwrap, without the
  // capability to kill, cannot send it to another user's process.
  const int to_box = plan.report_fd;
  if (::fcntl(to_box, F_SETFD, FD_CLOEXEC) != 0) return refuse(plan, "the report's descriptor");
  if (::prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) return refuse(plan, "not dumpable");
  sigset_t all, child_ended;
  sigfillset(&all);
  ::sigprocmask(SIG_BLOCK, &all, nullptr);
  sigemptyset(&child_ended);
  sigaddset(&child_ended, SIGCHLD);
  const int ends = ::signalfd(-1, &child_ended, SFD_CLOEXEC | SFD_NONBLOCK);
  if (ends < 0) return refuse(plan, "signalfd");
  const pid_t child = ::fork();
  if (child < 0) return refuse(plan, "fork");
  if (child == 0) ::_exit(become(plan));
  // The program's exec closes the child's copy; the box reads to the end.
  if (plan.error_pipe >= 0) ::close(plan.error_pipe);
  // The program's input and output are its own alone: a program that closes its input makes
  // the judge's writes fail, as without a sandbox.
  for (int fd = 0; fd < 3; ++fd) ::close(fd);
  // It reaps what the run orphans (it is the namespace's init) until the program ends.
  int status = 0;
  for (bool ended = false;;) {
    int one = 0;
    for (pid_t pid; (pid = ::waitpid(-1, &one, WNOHANG)) > 0;) {
      // A process that made the init its tracer (PTRACE_TRACEME) stops at each signal it is
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
  [[maybe_unused]] ssize_t written = ::write(to_box, &status, sizeof status);
  // What the program left running stays until the box has looked at it and killed it: this
  // init's exit would end the namespace, and what those processes held with it, before the box's
  // last look (red team: 400 memfds written after the box's first look, held by a child until
  // the program ended within 0.25 s: AC under rlimits). It says so to the box with one more byte
  // and stays until killed; with nothing left it exits at once, unless told to stay (plan.stay).
  for (bool said = false;;) {
    int one = 0;
    pid_t pid;
    while ((pid = ::waitpid(-1, &one, WNOHANG)) > 0)
      if (WIFSTOPPED(one)) ::ptrace(PTRACE_DETACH, pid, nullptr, WSTOPSIG(one));
    if (pid < 0 && errno == ECHILD && !plan.stay) break;
    if (!said) {
      said = true;
      const char staying = 's';
      written = ::write(to_box, &staying, 1);
    }
    pollfd watched[2] = {{ends, POLLIN, 0}, {to_box, 0, 0}};
    if (::poll(watched, 2, -1) < 0 && errno != EINTR) {  // no exit before the box's last look
      const timespec a_while{0, 10'000'000};
      ::nanosleep(&a_while, nullptr);
      continue;
    }
    if (watched[1].revents & (POLLERR | POLLHUP)) break;
    signalfd_siginfo info{};
    while (::read(ends, &info, sizeof info) == sizeof info) {
    }
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int run_program_step(int argc, char** argv) {
  long long uid = -1, report = -1, bytes = -1, data = -1, processes = -1, signals = -1, filter = -1;
  bool landlock = false, stay = false;
  int at = 2;
  bool usage = argc < 2 || std::strcmp(argv[1], "--step") != 0;
  for (; !usage && at + 1 < argc && std::strcmp(argv[at], "--") != 0; at += 2) {
    const char* value = argv[at + 1];
    if (std::strcmp(argv[at], "--landlock") == 0 && !landlock) {
      landlock = true;
      at -= 1;  // a flag: no value
    } else if (std::strcmp(argv[at], "--stay") == 0 && !stay) {
      stay = true;
      at -= 1;
    } else if (std::strcmp(argv[at], "--seccomp") == 0 && filter < 0) {
      usage = (filter = number(value, 3, 1 << 20)) < 0;
    } else if (std::strcmp(argv[at], "--drop-to") == 0 && uid < 0)
      usage = (uid = number(value, 1, 0xfffffffeULL)) < 0;
    else if (std::strcmp(argv[at], "--report-to") == 0 && report < 0)
      usage = (report = number(value, 3, 1 << 20)) < 0;
    else if (std::strcmp(argv[at], "--address-space") == 0 && bytes < 0)
      usage = (bytes = number(value, 1, 1ULL << 62)) < 0;
    else if (std::strcmp(argv[at], "--data") == 0 && data < 0)
      usage = (data = number(value, 1, 1ULL << 62)) < 0;
    else if (std::strcmp(argv[at], "--processes") == 0 && processes < 0)
      usage = (processes = number(value, 1, 1 << 22)) < 0;
    else if (std::strcmp(argv[at], "--pending-signals") == 0 && signals < 0)
      usage = (signals = number(value, 1, 1 << 22)) < 0;
    else
      usage = true;
  }
  if (usage || at + 1 >= argc || std::strcmp(argv[at], "--") != 0) {
    std::fprintf(stderr,
                 "usage: judge-box --step [--drop-to UID] [--report-to FD] [--address-space "
                 "BYTES] [--data BYTES] [--processes N] [--pending-signals N] [--landlock] "
                 "[--stay] [--seccomp FD] -- "
                 "PROGRAM ARGS...\n");
    return 127;
  }
  InitPlan plan;
  plan.argv = argv + at + 1;
  plan.envp = environ;
  rlimit address_space{static_cast<rlim_t>(bytes), static_cast<rlim_t>(bytes)};
  if (bytes > 0) plan.address_space = &address_space;
  rlimit written{static_cast<rlim_t>(data), static_cast<rlim_t>(data)};
  if (data > 0) plan.data = &written;
  if (uid > 0)
    if (const char* failed = drop_to_user(static_cast<uid_t>(uid))) return refuse(failed);
  // In bwrap's user namespace, where the kernel counts the run's processes and queued signals
  // alone.
  const rlimit tasks{static_cast<rlim_t>(processes), static_cast<rlim_t>(processes)};
  if (processes > 0 && ::setrlimit(RLIMIT_NPROC, &tasks) != 0) return refuse("setrlimit NPROC");
  const rlimit queued{static_cast<rlim_t>(signals), static_cast<rlim_t>(signals)};
  if (signals > 0 && ::setrlimit(RLIMIT_SIGPENDING, &queued) != 0)
    return refuse("setrlimit SIGPENDING");
  // The run's Landlock domain, then the filter that refuses it Landlock's calls (landlock.hpp):
  // this step, the namespace's init, is in both, as it is in bwrap's sandbox.
  if (landlock)
    if (const char* failed = enter_landlock_domain()) return refuse(failed);
  if (filter >= 0) {
    if (const char* failed = load_seccomp_filter(static_cast<int>(filter))) return refuse(failed);
    ::close(static_cast<int>(filter));
  }
  if (report < 0) return become(plan);
  plan.report_fd = static_cast<int>(report);
  plan.stay = stay;
  return run_as_init(plan);
}

}  // namespace entrapment
