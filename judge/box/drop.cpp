#include "drop.hpp"

#include <grp.h>
#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

extern char** environ;

namespace entrapment {

namespace {

int refuse(const char* step) {
  std::fprintf(stderr, "judge-box --drop-to: %s: %s\n", step, std::strerror(errno));
  return 127;
}

}  // namespace

int drop_to_run_user(int argc, char** argv) {
  const bool capped = argc > 3 && std::strcmp(argv[3], "--address-space") == 0;
  const int program = capped ? 6 : 4;
  if (argc <= program || std::strcmp(argv[1], "--drop-to") != 0 ||
      std::strcmp(argv[program - 1], "--") != 0) {
    std::fprintf(stderr,
                 "usage: judge-box --drop-to UID [--address-space BYTES] -- PROGRAM ARGS...\n");
    return 127;
  }
  char* end = nullptr;
  const unsigned long id = std::strtoul(argv[2], &end, 10);
  if (!*argv[2] || *end || id == 0 || id > 0xfffffffeUL) {
    errno = EINVAL;
    return refuse("the user id");
  }
  rlimit address_space{RLIM_INFINITY, RLIM_INFINITY};
  if (capped) {
    errno = 0;
    const unsigned long long bytes = std::strtoull(argv[4], &end, 10);
    if (!*argv[4] || *end || *argv[4] == '-' || errno == ERANGE || bytes == 0) {
      errno = EINVAL;
      return refuse("the address-space limit");
    }
    address_space.rlim_cur = address_space.rlim_max = static_cast<rlim_t>(bytes);
  }
  const uid_t uid = static_cast<uid_t>(id);
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
  if (capped && ::setrlimit(RLIMIT_AS, &address_space) != 0) return refuse("setrlimit AS");
  ::execve(argv[program], argv + program, environ);
  return refuse(argv[program]);
}

}  // namespace entrapment
