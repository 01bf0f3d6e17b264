#include "run_ids.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <map>
#include <sstream>

#include "id_registry.hpp"
#include "proc_table.hpp"
#include "support/descriptor.hpp"

namespace entrapment {

namespace {

enum class Named { No, Yes, CannotSay };

// Whether the account or group database names `id`. A buffer too small (a group of many
// members) is grown.
template <typename Entry, typename Lookup>
Named database_names(Lookup lookup, unsigned id) {
  for (std::vector<char> buffer(4096);; buffer.resize(buffer.size() * 2)) {
    Entry entry{}, *found = nullptr;
    const int error = lookup(id, &entry, buffer.data(), buffer.size(), &found);
    if (found) return Named::Yes;
    if (error == ERANGE && buffer.size() < (16u << 20)) continue;
    // 0, ENOENT, ESRCH, EBADF and EPERM say "not found" (getpwuid_r(3)); anything else (EIO,
    // EMFILE, ENOMEM, an entry over 16 MiB) says nothing.
    const bool not_found =
        error == 0 || error == ENOENT || error == ESRCH || error == EBADF || error == EPERM;
    return not_found ? Named::No : Named::CannotSay;
  }
}

// Seconds since boot (the registry, in /run, is emptied at boot too).
long long now_since_boot() {
  timespec now{};
  ::clock_gettime(CLOCK_BOOTTIME, &now);
  return static_cast<long long>(now.tv_sec);
}

// What the databases said of the ids a box looked up, kept in the registry (ids_answers_file)
// for a little while: each lookup loads the name service's modules (libnss_systemd) and tries
// nscd, some 6 ms of CPU for a run's id. The answers hold while every local source they came
// from is as it was (account_sources_stamp()) and for kAnswersLast seconds at most, as long as
// nscd trusts a "not found" (negative-time-to-live): what no local file shows (LDAP, a userdb
// service) is asked again after that. What the databases could not say is not kept.
class Answers {
 public:
  explicit Answers(int registry) : registry_(registry), stamp_(account_sources_stamp()) {
    const int fd =
        ::openat(registry, kIdsAnswersFile, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return;
    struct stat info {};
    std::string text;
    // Only a file root alone wrote: root's, one name, written by no one else.
    if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_uid == 0 &&
        info.st_nlink == 1 && !(info.st_mode & (S_IWGRP | S_IWOTH)) && info.st_size < (1 << 20)) {
      text.resize(static_cast<std::size_t>(info.st_size));
      if (::read(fd, text.data(), text.size()) != static_cast<ssize_t>(text.size())) text.clear();
    }
    ::close(fd);
    std::istringstream lines(text);
    std::string stamp, key;
    long long until = 0;
    if (!std::getline(lines, stamp) || stamp != "stamp " + stamp_ || !(lines >> key >> until) ||
        key != "until" || until < now_since_boot() || until > now_since_boot() + kAnswersLast)
      return;
    std::map<uid_t, bool> answers;
    while (lines >> key) {
      if (key != "named" && key != "clear") return;
      unsigned long id = 0;
      if (!(lines >> id) || id > 0xfffffffeUL) return;
      answers[static_cast<uid_t>(id)] = key == "named";
    }
    answers_ = std::move(answers);
    until_ = until;
  }

  // Whether an account or group has `id`: kept, or asked (and kept).
  bool named(uid_t id) {
    const auto kept = answers_.find(id);
    if (kept != answers_.end()) return kept->second;
    const Named account = database_names<passwd>(::getpwuid_r, id);
    const Named named_group =
        account == Named::Yes ? Named::Yes : database_names<group>(::getgrgid_r, id);
    const bool yes = account == Named::Yes || named_group == Named::Yes;
    if (yes || (account == Named::No && named_group == Named::No)) {
      answers_[id] = yes;
      changed_ = true;
    }
    return account != Named::No || named_group != Named::No;
  }

  // Writes what was asked, whole (a new file renamed over the old one: a box reading it at the
  // same time reads one or the other).
  void keep() const {
    if (!changed_) return;
    std::string text = "stamp " + stamp_ + "\n";
    text += "until " + std::to_string(until_ ? until_ : now_since_boot() + kAnswersLast) + "\n";
    for (const auto& [id, named] : answers_)
      text += std::string(named ? "named " : "clear ") + std::to_string(id) + "\n";
    const std::string temporary =
        std::string(kIdsAnswersFile) + ".new-" + std::to_string(::getpid());
    ::unlinkat(registry_, temporary.c_str(), 0);  // a box of the same pid killed while writing
    const int fd = ::openat(registry_, temporary.c_str(),
                            O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) return;
    const bool written = ::fchmod(fd, 0644) == 0 &&
                         ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    if (::close(fd) == 0 && written &&
        ::renameat(registry_, temporary.c_str(), registry_, kIdsAnswersFile) == 0)
      return;
    ::unlinkat(registry_, temporary.c_str(), 0);
  }

 private:
  int registry_;
  std::string stamp_;
  std::map<uid_t, bool> answers_;
  long long until_ = 0;
  bool changed_ = false;
};

// Whether a process whose real user id is `uid` runs (in this PID namespace and those below
// it): the kernel answers in one call, getpriority(PRIO_USER, uid) failing with ESRCH when none
// does. Reading each process's /proc status instead cost every run a read per process of the
// machine (a run beside 1000 idle processes cost 1.32 times one beside none).
bool any_process_runs_as(uid_t uid) {
  errno = 0;
  const int nice = ::getpriority(PRIO_USER, uid);
  return !(nice == -1 && errno == ESRCH);
}

// The ranges /etc/subuid and /etc/subgid give to users (read at each look: small files).
std::vector<std::pair<uid_t, uid_t>> all_subordinate_ranges() {
  std::vector<std::pair<uid_t, uid_t>> all = subordinate_ranges("/etc/subuid");
  for (const auto& range : subordinate_ranges("/etc/subgid")) all.push_back(range);
  return all;
}

bool within(const std::vector<std::pair<uid_t, uid_t>>& ranges, uid_t id) {
  for (const auto& [first, last] : ranges)
    if (id >= first && id <= last) return true;
  return false;
}

std::string range_text(const IdRange& range) {
  return std::to_string(range.first) + "-" + std::to_string(range.last);
}

}  // namespace

std::string account_sources_stamp() {
  std::string stamp;
  for (const char* path : kAccountSources) {
    struct stat info {};
    if (::stat(path, &info) != 0) {
      stamp += "-;";
      continue;
    }
    for (const long long part :
         {static_cast<long long>(info.st_dev), static_cast<long long>(info.st_ino),
          static_cast<long long>(info.st_size), static_cast<long long>(info.st_mtim.tv_sec),
          static_cast<long long>(info.st_mtim.tv_nsec), static_cast<long long>(info.st_ctim.tv_sec),
          static_cast<long long>(info.st_ctim.tv_nsec)})
      stamp += std::to_string(part) + ",";
    stamp += ";";
  }
  return stamp;
}

std::vector<std::pair<uid_t, uid_t>> subordinate_ranges(const std::string& file) {
  // "name:first:count" lines.
  std::vector<std::pair<uid_t, uid_t>> ranges;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::string name, first, count;
    if (!std::getline(fields, name, ':') || !std::getline(fields, first, ':') ||
        !std::getline(fields, count))
      continue;
    if (first.empty() || count.empty() || first.size() > 10 || count.size() > 10 ||
        first.find_first_not_of("0123456789") != std::string::npos ||
        count.find_first_not_of("0123456789") != std::string::npos)
      continue;
    const unsigned long long start = std::stoull(first), size = std::stoull(count);
    if (size == 0) continue;
    ranges.emplace_back(static_cast<uid_t>(start),
                        static_cast<uid_t>(std::min<unsigned long long>(start + size - 1, ~0u)));
  }
  return ranges;
}

std::optional<RunIdentity> RunIdentity::try_acquire(const IdRange& range, bool shared_limits,
                                                    bool* any_held, std::string* why) {
  const Descriptor registry{open_id_registry()};
  const std::vector<std::pair<uid_t, uid_t>> subordinates_of_users = all_subordinate_ranges();
  Answers answers(registry.fd);
  struct Keep {
    const Answers& answers;
    ~Keep() { answers.keep(); }
  } keep{answers};
  int accounts = 0, subordinates = 0, busy = 0;
  for (uid_t uid = range.first; uid <= range.last && uid >= range.first; ++uid) {
    // An account's id (systemd's DynamicUser= range, 61184-65519, holds these): its owner could
    // signal, trace and read the run. A group's: the run's files are uid:uid. A user's
    // subordinate id: root in that user's containers is that id.
    if (answers.named(uid)) {
      ++accounts;
      continue;
    }
    if (within(subordinates_of_users, uid)) {
      ++subordinates;
      continue;
    }
    int fd = open_id_lock(registry.fd, uid);  // checked: root's alone, not a link
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) {
      // A process of the id runs that no box holds: what a box that died left (its lock file
      // is still marked, not emptied), or another judge's run (a container of the same host
      // with a /run of its own). Passed over; nothing is killed for it.
      struct stat info {};
      const bool marked = ::fstat(fd, &info) == 0 && info.st_size > 0;
      // Only where the run's limits are its user id's (rlimits) is every id looked for
      // elsewhere; otherwise only one a dead box left marked.
      if (!((shared_limits || marked) && any_process_runs_as(uid))) {
        // The mark is written in a file the checks above proved the registry's own.
        [[maybe_unused]] const ssize_t marked = ::pwrite(fd, "in use\n", 7, 0);
        return RunIdentity(uid, fd);
      }
      ++busy;
    } else if (any_held) {
      *any_held = true;
    }
    ::close(fd);
  }
  if (why)
    *why = "of the ids " + range_text(range) + ", " + std::to_string(accounts) +
           " are accounts' or groups', " + std::to_string(subordinates) +
           " are users' subordinate ids (/etc/subuid, /etc/subgid) and " + std::to_string(busy) +
           " have processes no box of this machine holds (another judge's, in a container of its "
           "own?)";
  return std::nullopt;
}

RunIdentity RunIdentity::acquire(const IdRange& range, bool shared_limits,
                                 const std::function<bool()>& give_up) {
  bool any_held = false;
  std::string why;
  if (auto id = try_acquire(range, shared_limits, &any_held, &why)) return std::move(*id);
  // More runs than ids (`-j 1024`): wait for one to be freed, looking again after a pause that
  // grows to 50 ms (a run lasts far longer than that).
  for (int pause_us = 1000;; pause_us = std::min(pause_us * 2, 50000)) {
    if (!any_held) throw std::runtime_error("no usable user id for the run: " + why);
    if (give_up && give_up()) throw std::runtime_error("stopped while waiting for a user id");
    ::usleep(static_cast<useconds_t>(pause_us));
    any_held = false;
    if (auto id = try_acquire(range, shared_limits, &any_held, &why)) return std::move(*id);
  }
}

RunIdentity::RunIdentity(RunIdentity&& other) noexcept
    : uid_(other.uid_), lock_fd_(other.lock_fd_), clean_(other.clean_) {
  other.lock_fd_ = -1;
}

RunIdentity::~RunIdentity() {
  if (lock_fd_ < 0) return;
  // Emptied (the file was checked as the registry's own when it was opened): the id was freed
  // cleanly. Left marked while something of it runs: try_acquire() skips it until none does.
  if (clean_ || !any_process_runs_as(uid_)) {
    [[maybe_unused]] const int cleared = ::ftruncate(lock_fd_, 0);
  }
  ::close(lock_fd_);
}

std::optional<std::string> collision(uid_t uid, const std::vector<pid_t>& ours) {
  for (const ProcEntry& p : read_processes_of_user(uid)) {
    if (std::find(ours.begin(), ours.end(), p.pid) != ours.end()) continue;
    const std::string name = read_proc_file("/proc/" + std::to_string(p.pid) + "/comm");
    return "process " + std::to_string(p.pid) + " (" + name.substr(0, name.find('\n')) +
           ") runs as user id " + std::to_string(uid) +
           " but is not this run's: another judge hands out the same ids (judges in containers of "
           "one host need disjoint ranges: ENTRAPMENT_UID_RANGE, doc/execution.md)";
  }
  return std::nullopt;
}

}  // namespace entrapment
