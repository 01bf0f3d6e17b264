#include "child.hpp"

#include <fcntl.h>
#include <linux/keyctl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>

#include "drop.hpp"
#include "landlock.hpp"
#include "namespaces.hpp"
#include "seccomp_filter.hpp"

namespace entrapment {

namespace {

[[noreturn]] void fail_in_child(int error_pipe, const char* step) {
  const int error = errno;
  [[maybe_unused]] ssize_t ignored = ::write(error_pipe, &error, sizeof error);
  ignored = ::write(error_pipe, step, std::strlen(step));
  ::_exit(127);
}

// It dies with the box (SIGKILL: the run has no one else to stop it), and checks that the box
// did not die before that. (Its parent's pid is none it can ask about: in a PID namespace of its
// own, its parent is none.)
void die_with_the_box(const ChildPlan& plan) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  pollfd box{plan.box_alive, POLLIN, 0};
  if (::poll(&box, 1, 0) != 0) ::_exit(127);
}

// Closes every descriptor but `kept`: the init execs nothing, so close-on-exec would close
// none of the box's (its control group's, its user id's lock, the caller's lifeline).
void close_all_but(std::vector<int> kept) {
  std::sort(kept.begin(), kept.end());
  unsigned first = 0;
  for (int fd : kept) {
    if (fd < 0) continue;
    if (static_cast<unsigned>(fd) > first)
      ::syscall(SYS_close_range, first, static_cast<unsigned>(fd) - 1, 0u);
    first = std::max(first, static_cast<unsigned>(fd) + 1);
  }
  ::syscall(SYS_close_range, first, ~0u, 0u);
}

// In the box's own namespaces, as root: the sandbox's root, then the run's user id, the filter,
// and the init's work. Never returns.
[[noreturn]] void become_init(const ChildPlan& plan, int error_pipe) {
  std::string failed;
  if (const char* what = enter_view(plan.view, plan.dir, failed)) {
    const std::string step =
        std::string("building its root: ") + (failed.empty() ? "" : failed + ": ") + what;
    fail_in_child(error_pipe, step.c_str());
  }
  close_all_but({0, 1, 2, error_pipe, plan.report_fd, plan.box_alive, plan.seccomp_here});
  // Root of its IPC namespace still: the namespace's own limits (its /proc is the new one).
  if (plan.ipc_bytes > 0)
    if (const char* step = cap_ipc(plan.ipc_bytes)) fail_in_child(error_pipe, step);
  if (plan.uid)
    if (const char* step = drop_to_user(*plan.uid)) fail_in_child(error_pipe, step);
  // The change of user id cleared the parent-death signal.
  die_with_the_box(plan);
  ::close(plan.box_alive);
  // Last, when nothing of the box's own is left to do: the init and the program run under them.
  // The Landlock domain first: the filter refuses its calls (landlock.hpp).
  if (plan.landlock)
    if (const char* step = enter_landlock_domain()) fail_in_child(error_pipe, step);
  if (const char* step = load_seccomp_filter(plan.seccomp_here)) fail_in_child(error_pipe, step);
  ::close(plan.seccomp_here);
  InitPlan init;
  init.report_fd = plan.report_fd;
  rlimit address_space{}, data{};
  if (plan.rlimits.address_space) {
    address_space.rlim_cur = address_space.rlim_max = *plan.rlimits.address_space;
    init.address_space = &address_space;
  }
  if (plan.rlimits.data) {
    data.rlim_cur = data.rlim_max = *plan.rlimits.data;
    init.data = &data;
  }
  init.argv = plan.argv_pointers.data();
  init.envp = plan.env_pointers.data();
  init.error_pipe = error_pipe;
  ::_exit(run_as_init(init));
}

// Without a sandbox, for a box that is not root, as bwrap gives one: under rlimits the box counts
// memory by its looks at /proc, and a process made not dumpable (prctl, or the exec of a file it
// may not read) closes its descriptors and maps to a user without CAP_SYS_PTRACE over it, and so
// hid its epoll registrations, kernel memory in no resident set (red team: 113 MiB under 64,
// AC). The owner of a user namespace has that capability over what runs in it: the box's user,
// here. The kernel also counts a user's processes per namespace: RLIMIT_NPROC inside it is the
// run's alone (limiter.hpp). Its ids are mapped to themselves, so the program sees the same
// user, files and groups (those of other ids as the overflow id), and gets no capability (its
// exec as a user other than the namespace's root drops them). Where the machine refuses user
// namespaces it runs as before: the limits' scope says so. Whether it is in one.
bool enter_own_user_namespace() {
  const uid_t uid = ::getuid();
  const gid_t gid = ::getgid();
  if (::unshare(CLONE_NEWUSER) != 0) return false;
  const auto write_file = [](const char* path, const std::string& text) {
    const int fd = ::open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return;
    [[maybe_unused]] const ssize_t ignored = ::write(fd, text.data(), text.size());
    ::close(fd);
  };
  write_file("/proc/self/uid_map", std::to_string(uid) + " " + std::to_string(uid) + " 1\n");
  write_file("/proc/self/setgroups", "deny");
  write_file("/proc/self/gid_map", std::to_string(gid) + " " + std::to_string(gid) + " 1\n");
  return true;
}

}  // namespace

[[noreturn]] void run_child(const ChildPlan& plan, int error_pipe) {
  ::close(plan.box_alive_write);
  // Signals at their defaults, none blocked: as a contest system starts programs.
  struct sigaction standard {};
  standard.sa_handler = SIG_DFL;
  for (int signal = 1; signal < NSIG; ++signal)
    if (signal != SIGKILL && signal != SIGSTOP) ::sigaction(signal, &standard, nullptr);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  if (const char* step = plan.limiter->enter()) fail_in_child(error_pipe, step);
  // Under rlimits no transparent huge pages, for everything the run starts (the filter keeps
  // them off): a huge page mapped but for 4 KiB stays whole, in no resident set, until the
  // kernel splits it (red team: 3 GiB under 64 MiB in 1,500 such pages, AC). A control group
  // is charged with them.
  if (!plan.limiter->memory_exact() && ::prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0) != 0)
    fail_in_child(error_pipe, "turning huge pages off");
  // Its CPU, whatever the limiter did (a cpuset, or nothing): the pin that always works, and
  // that the sandbox and everything the program starts inherit.
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
  // Before its rlimits: the kernel holds the box's user, outside the namespace, to the
  // RLIMIT_NPROC in force when it is made (the box's), and the run inside it to its own.
  const bool own_namespace = plan.own_user_namespace && enter_own_user_namespace();
  const ChildRlimits& r = plan.rlimits;
  const auto limit = [&](int resource, rlim_t soft, rlim_t hard, const char* step) {
    const rlimit value{soft, hard};
    if (::setrlimit(resource, &value) != 0) fail_in_child(error_pipe, step);
  };
  limit(RLIMIT_CPU, r.cpu_soft, r.cpu_hard, "setrlimit CPU");  // SIGXCPU, then SIGKILL
  limit(RLIMIT_STACK, r.stack, r.stack, "setrlimit STACK");
  limit(RLIMIT_FSIZE, r.file_size, r.file_size, "setrlimit FSIZE");
  // 1 byte, not 0: where the machine pipes core dumps to a program (kernel.core_pattern "|...":
  // systemd-coredump, apport), 0 stops none, and the kernel starts it as root, outside the run's
  // limits, at every crash (red team: 71 started by one run at 0.24 s of CPU time); 1 stops
  // both kinds (the kernel's own rule: a file's core needs a page). The filter keeps it so.
  limit(RLIMIT_CORE, 1, 1, "setrlimit CORE");
  limit(RLIMIT_NOFILE, r.files, r.files, "setrlimit NOFILE");
  if (r.pending_signals)
    limit(RLIMIT_SIGPENDING, r.pending_signals, r.pending_signals, "setrlimit SIGPENDING");
  const std::optional<rlim_t> processes =
      own_namespace && r.processes_in_own_namespace ? r.processes_in_own_namespace : r.processes;
  if (processes) limit(RLIMIT_NPROC, *processes, *processes, "setrlimit NPROC");
  if (plan.own_namespaces) {
    die_with_the_box(plan);
    become_init(plan, error_pipe);
  }
  if (::chdir(plan.dir.c_str()) != 0) fail_in_child(error_pipe, "entering its directory");
  die_with_the_box(plan);
  // Nothing of the box's reaches the program but what it was given: every other descriptor
  // closes at exec.
  ::syscall(SYS_close_range, 3u, ~0u, 4u /* CLOSE_RANGE_CLOEXEC */);
  for (int fd : plan.keep_open)
    if (fd >= 0 && ::fcntl(fd, F_SETFD, 0) != 0) fail_in_child(error_pipe, "keeping a descriptor");
  if (plan.landlock)
    if (const char* step = enter_landlock_domain()) fail_in_child(error_pipe, step);
  if (plan.seccomp_here >= 0)
    if (const char* step = load_seccomp_filter(plan.seccomp_here)) fail_in_child(error_pipe, step);
  // The address space last, with nothing left to allocate: a box built with AddressSanitizer
  // maps memory of its own up to here.
  if (r.address_space) limit(RLIMIT_AS, *r.address_space, *r.address_space, "setrlimit AS");
  if (r.data) limit(RLIMIT_DATA, *r.data, *r.data, "setrlimit DATA");
  ::execve(plan.argv_pointers[0], plan.argv_pointers.data(), plan.env_pointers.data());
  fail_in_child(error_pipe, "exec");
}

}  // namespace entrapment
