#include "seccomp_filter.hpp"

#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <seccomp.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <vector>

namespace entrapment {

namespace {

struct Rule {
  const char* call;
  int error;
  bool user_namespace_flag;  // only with CLONE_NEWUSER in its first argument
  bool other_than_unix;      // only for a first argument other than AF_UNIX
  bool buffer_size;          // only for SOL_SOCKET and a buffer's size (setsockopt)
};

// The options that size a socket's buffers.
const int kBufferOptions[] = {SO_SNDBUF, SO_RCVBUF, SO_SNDBUFFORCE, SO_RCVBUFFORCE};

const Rule kRules[] = {
    {"keyctl", EPERM, false, false, false},
    {"add_key", EPERM, false, false, false},
    {"request_key", EPERM, false, false, false},
    {"unshare", EPERM, true, false, false},
    {"clone", EPERM, true, false, false},
    {"clone3", ENOSYS, false, false, false},
    {"socket", EAFNOSUPPORT, false, true, false},
    {"socketpair", EAFNOSUPPORT, false, true, false},
    // A socket's buffers stay at the machine's default (net.core.wmem_default), which
    // RLIMIT_NOFILE under rlimits is derived from (rlimit_limiter.cpp): data in them is no
    // process's memory (red team: SO_SNDBUF at wmem_max made 8 MiB a descriptor, 1500 MiB
    // under 256, AC at "mem 7.4 MiB").
    {"setsockopt", EPERM, false, false, true},
    {"io_uring_setup", EPERM, false, false, false},
    {"io_uring_enter", EPERM, false, false, false},
    {"io_uring_register", EPERM, false, false, false},
    // Secret memory is in no memfd the looks under rlimits count (red team: 239 MiB held by
    // descriptors under 64 MiB); no contest program needs it.
    {"memfd_secret", ENOSYS, false, false, false},
    // A vmspliced 4 KiB piece of a huge page keeps the whole 2 MiB page in a pipe no one reads,
    // no process's memory (red team: 310 MiB gone from the machine under a 64 MiB limit, AC at
    // "mem 35 MiB" under rlimits; 512 MiB a pipe once enlarged). Contest programs write.
    {"vmsplice", EPERM, false, false, false},
};

}  // namespace

int seccomp_filter_fd(std::string& why) {
  scmp_filter_ctx filter = ::seccomp_init(SCMP_ACT_ALLOW);
  if (!filter) {
    why = "seccomp_init failed";
    return -1;
  }
  int error = ::seccomp_attr_set(filter, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
  for (const Rule& rule : kRules) {
    if (error) break;
    const int call = ::seccomp_syscall_resolve_name(rule.call);
    if (call == __NR_SCMP_ERROR) continue;  // not a call of this architecture
    if (rule.user_namespace_flag)
      error = ::seccomp_rule_add(filter, SCMP_ACT_ERRNO(rule.error), call, 1,
                                 SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_NEWUSER, CLONE_NEWUSER));
    else if (rule.other_than_unix)
      error = ::seccomp_rule_add(filter, SCMP_ACT_ERRNO(rule.error), call, 1,
                                 SCMP_A0(SCMP_CMP_NE, AF_UNIX));
    else if (rule.buffer_size) {
      for (const int option : kBufferOptions)
        if (!error)
          error = ::seccomp_rule_add(filter, SCMP_ACT_ERRNO(rule.error), call, 2,
                                     SCMP_A1(SCMP_CMP_EQ, SOL_SOCKET),
                                     SCMP_A2(SCMP_CMP_EQ, static_cast<scmp_datum_t>(option)));
    } else
      error = ::seccomp_rule_add(filter, SCMP_ACT_ERRNO(rule.error), call, 0);
    if (error) why = std::string("seccomp_rule_add(") + rule.call + "): " + std::strerror(-error);
  }
  int fd = -1;
  if (!error) {
    fd = ::memfd_create("entrapment-seccomp", MFD_CLOEXEC);
    error = fd < 0 ? -errno : ::seccomp_export_bpf(filter, fd);
    if (error) why = std::string("writing the seccomp filter: ") + std::strerror(-error);
  } else if (why.empty()) {
    why = std::string("seccomp: ") + std::strerror(-error);
  }
  ::seccomp_release(filter);
  if (error) {
    if (fd >= 0) ::close(fd);
    return -1;
  }
  ::lseek(fd, 0, SEEK_SET);
  return fd;
}

const char* load_seccomp_filter(int filter_fd) {
  struct stat info {};
  if (::fstat(filter_fd, &info) != 0 || info.st_size <= 0 || info.st_size % sizeof(sock_filter))
    return "reading the seccomp filter";
  std::vector<sock_filter> program(static_cast<std::size_t>(info.st_size) / sizeof(sock_filter));
  if (::pread(filter_fd, program.data(), static_cast<std::size_t>(info.st_size), 0) != info.st_size)
    return "reading the seccomp filter";
  sock_fprog bpf{static_cast<unsigned short>(program.size()), program.data()};
  if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return "setting no_new_privs";
  if (::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &bpf) != 0) return "loading the seccomp filter";
  return nullptr;
}

std::string describe_seccomp_filter() {
  return "seccomp: keyctl, add_key and request_key refused; no new user namespace (clone and "
         "unshare with CLONE_NEWUSER; clone3 answers ENOSYS); sockets of AF_UNIX only (no TCP or "
         "UDP, even on its own loopback), their buffers at the machine's default (no SO_SNDBUF, "
         "SO_RCVBUF); no io_uring; no memfd_secret; no vmsplice; only the machine's own "
         "architecture";
}

}  // namespace entrapment
