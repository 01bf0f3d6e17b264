#include "identity.hpp"

#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <mutex>
#include <string>
#include <vector>

#include "id_registry.hpp"
#include "interrupts.hpp"
#include "proc_table.hpp"
#include "support/descriptor.hpp"

namespace entrapment {

namespace {

std::atomic<int> g_waiting{0};

// Whether the account or group database names `id`, or cannot say (then it is not handed
// out either). Found by getpwuid_r/getgrgid_r, as runs start from several threads; a buffer
// too small (a group of many members) is grown.
template <typename Entry, typename Lookup>
bool database_names(Lookup lookup, unsigned id) {
  for (std::vector<char> buffer(4096);; buffer.resize(buffer.size() * 2)) {
    Entry entry{}, *found = nullptr;
    const int error = lookup(id, &entry, buffer.data(), buffer.size(), &found);
    if (found) return true;
    if (error == ERANGE && buffer.size() < (16u << 20)) continue;
    // 0, ENOENT, ESRCH, EBADF and EPERM say "not found" (getpwuid_r(3)); anything else (EIO,
    // EMFILE, ENOMEM, an entry over 16 MiB) says nothing.
    return !(error == 0 || error == ENOENT || error == ESRCH || error == EBADF || error == EPERM);
  }
}

}  // namespace

std::optional<RunIdentity> RunIdentity::try_acquire(bool* any_held) {
  if (::geteuid() != 0) return std::nullopt;
  const Descriptor registry{open_id_registry()};
  for (int i = 0; i < kRunUids; ++i) {
    const uid_t uid = kFirstRunUid + static_cast<uid_t>(i);
    // An account's id (systemd's DynamicUser= range, 61184-65519, holds these): its owner could
    // signal, trace and read the run. A group's: the run's files are uid:uid, and the group's
    // members could read what the run makes readable to its group.
    if (database_names<passwd>(::getpwuid_r, uid) || database_names<group>(::getgrgid_r, uid))
      continue;
    int fd = open_id_lock(registry.fd, uid);  // checked: root's alone, not a link
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) {
      // A lock file not empty was left by a judge that died holding it (the judge empties it
      // when it frees the id). What that judge's contestant left may still run: the id is
      // then not used (its processes would count, and be killed, as the new run's). Nothing
      // is killed for the mark: it only says where to look.
      struct stat st {};
      const bool usable =
          ::fstat(fd, &st) == 0 && (st.st_size == 0 || read_processes_of_user(uid).empty());
      if (usable) {
        // The mark is written in a file the checks above proved the judge's own.
        [[maybe_unused]] const ssize_t marked = ::pwrite(fd, "in use\n", 7, 0);
        return RunIdentity(uid, fd);
      }
    } else {
      if (any_held) *any_held = true;
    }
    ::close(fd);
  }
  return std::nullopt;
}

std::optional<RunIdentity> RunIdentity::acquire() {
  if (::geteuid() != 0) return std::nullopt;
  bool any_held = false;
  if (auto id = try_acquire(&any_held)) return id;
  // More runs than ids (`-j 1024`): wait for one to be freed, looking again after a pause that
  // grows to 50 ms (a run lasts far longer than that; an interrupt ends the judge meanwhile).
  g_waiting.fetch_add(1);
  struct Done {
    ~Done() { g_waiting.fetch_sub(1); }
  } done;
  for (int pause_us = 1000;; pause_us = std::min(pause_us * 2, 50000)) {
    if (interrupted()) throw std::runtime_error("the judge was interrupted");
    if (!any_held)
      throw std::runtime_error(
          "no usable user id for the contestant: no judge holds one, but every id is an "
          "account's or a group's, or still has processes left by a judge that died (ids " +
          std::to_string(kFirstRunUid) + "-" + std::to_string(kFirstRunUid + kRunUids - 1) + ")");
    ::usleep(static_cast<useconds_t>(pause_us));
    any_held = false;
    if (auto id = try_acquire(&any_held)) return id;
  }
}

int RunIdentity::waiting() { return g_waiting.load(); }

RunIdentity::RunIdentity(RunIdentity&& other) noexcept
    : uid_(other.uid_), lock_fd_(other.lock_fd_), clean_(other.clean_) {
  other.lock_fd_ = -1;
}

RunIdentity::~RunIdentity() {
  if (lock_fd_ < 0) return;
  // Emptied (the file was checked as the judge's own when it was opened): the id was freed
  // cleanly. Left marked while something of it runs: try_acquire() skips it until none does.
  if (clean_ || read_processes_of_user(uid_).empty()) {
    [[maybe_unused]] const int cleared = ::ftruncate(lock_fd_, 0);
  }
  ::close(lock_fd_);
}

void become_subreaper() {
  static std::once_flag once;
  std::call_once(once, [] { ::prctl(PR_SET_CHILD_SUBREAPER, 1); });
}

}  // namespace entrapment
