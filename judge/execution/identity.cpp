#include "identity.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <mutex>
#include <string>

#include "launch.hpp"

namespace entrapment {

namespace {

constexpr uid_t kFirstUid = 61000;  // far above Debian's regular (1000..59999) and system ids
constexpr int kUids = 512;

}  // namespace

std::optional<RunIdentity> RunIdentity::acquire() {
  if (::geteuid() != 0) return std::nullopt;
  ::mkdir("/tmp/entrapment-ids", 0700);
  for (int i = 0; i < kUids; ++i) {
    uid_t uid = kFirstUid + i;
    std::string lock = "/tmp/entrapment-ids/" + std::to_string(uid) + ".lock";
    int fd = ::open(lock.c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0600);
    if (fd < 0) continue;
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) {
      // The lock file holds a mark while the id is in use: found there, the last holder died
      // before it could clean up, and what it left may run on (a fork bomb outlives one
      // kill). Killed until none is left; an id whose processes do not die is not used.
      struct stat st {};
      bool usable = true;
      if (::fstat(fd, &st) != 0 || st.st_size > 0) {
        for (int round = 0; round < 50 && count_processes_of(uid) > 0; ++round) {
          kill_user_processes(uid);
          ::usleep(round < 5 ? 1000 : 10000);
        }
        usable = count_processes_of(uid) == 0;
      }
      if (usable) {
        [[maybe_unused]] const ssize_t marked = ::pwrite(fd, "in use\n", 7, 0);
        return RunIdentity(uid, fd);
      }
    }
    ::close(fd);
  }
  return std::nullopt;
}

RunIdentity::RunIdentity(RunIdentity&& other) noexcept
    : uid_(other.uid_), lock_fd_(other.lock_fd_), clean_(other.clean_) {
  other.lock_fd_ = -1;
}

RunIdentity::~RunIdentity() {
  if (lock_fd_ < 0) return;
  if (!clean_) kill_user_processes(uid_);  // whatever still runs as the id dies
  [[maybe_unused]] const int cleared = ::ftruncate(lock_fd_, 0);
  ::close(lock_fd_);
}

int RunIdentity::process_count() const { return count_processes_of(uid_); }

namespace {

struct KillAsUser {
  uid_t uid;
  int signal;
};

const char* kill_as_user(const void* context) {
  const KillAsUser& what = *static_cast<const KillAsUser*>(context);
  // First the highest priority, while still privileged: among a fork bomb's processes (up to
  // the process limit, all running) a helper of normal priority waits its turn for seconds
  // on a busy machine. Where it cannot be raised, it works all the same, later.
  ::syscall(SYS_setpriority, PRIO_PROCESS, 0, -20);
  if (::syscall(SYS_setgroups, 0, nullptr) != 0 ||
      ::syscall(SYS_setresgid, what.uid, what.uid, what.uid) != 0 ||
      ::syscall(SYS_setresuid, what.uid, what.uid, what.uid) != 0)
    return "setresuid";
  ::kill(-1, what.signal);
  return nullptr;
}

}  // namespace

void kill_user_processes(uid_t uid, int signal) {
  // A child of its own (launch.hpp: nothing of the judge's open files goes with it).
  const KillAsUser what{uid, signal};
  run_in_child(kill_as_user, &what);
}

void become_subreaper() {
  static std::once_flag once;
  std::call_once(once, [] { ::prctl(PR_SET_CHILD_SUBREAPER, 1); });
}

int count_processes_of(uid_t uid) { return static_cast<int>(read_processes_of_user(uid).size()); }

}  // namespace entrapment
