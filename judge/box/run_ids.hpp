// Who the program runs as when its box is root and bwrap contains it (bwrap drops it to this
// id inside: bwrap.hpp). Root is not bound by RLIMIT_NPROC and could read or signal anything:
// so each run gets an unprivileged user id of its own, held for the run through a lock file in
// a registry only root may write, shared by every judge of the machine whatever its mount
// namespace (id_registry.hpp: two boxes never share one). The id is never how a run's
// processes are found or killed (that is its control group or its process tree): nothing is
// killed by user id.
//
// The ids come from a range (request.hpp's IdRange: --ids, ENTRAPMENT_UID_RANGE, by default
// 61512-62023, above Debian's regular and system ids). An id is passed over when the machine
// knows it as an account's or a group's (the databases' answers are kept a little while:
// kIdsAnswersFile), when /etc/subuid or /etc/subgid gives it to a user
// for containers (that user's root could then signal and read the run), or when a process of
// the machine runs as it. Judges in containers of one host that have their own /run see two
// registries: they need disjoint ranges (doc/execution.md). A run that meets a process of its
// id it did not start reports the collision (collision()), a judge error, never the
// contestant's.
#pragma once

#include <sys/types.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "request.hpp"

namespace entrapment {

class RunIdentity {
 public:
  // A free id of `range`. `shared_limits`: the run's limits are its user id's (RLIMIT_NPROC,
  // under rlimits), so an id another judge's run holds would share them: every id is looked
  // for among the machine's processes first (with a control group of its own, a run in bwrap
  // shares nothing through its id, and only an id a dead box left marked is looked for).
  // Waits while every id is held by a live box (more runs than ids), asking `give_up` between
  // looks. Throws IdRegistryError when the registry cannot be trusted (id_registry.hpp),
  // std::runtime_error when no id of the range can ever be had (naming why).
  static RunIdentity acquire(const IdRange& range, bool shared_limits,
                             const std::function<bool()>& give_up);
  // The same without waiting: nothing when every id is taken (`any_held`: some id is held by
  // a box, so waiting helps; `why`: why the others cannot be had).
  static std::optional<RunIdentity> try_acquire(const IdRange& range, bool shared_limits,
                                                bool* any_held = nullptr,
                                                std::string* why = nullptr);
  RunIdentity(RunIdentity&& other) noexcept;
  RunIdentity& operator=(RunIdentity&&) = delete;
  // Frees the id; when the run was not seen to end clean (mark_clean()) and a process of the
  // id still runs, the id stays marked (try_acquire() skips it until none does).
  ~RunIdentity();

  uid_t uid() const { return uid_; }
  // The run saw every process of its own end: releasing the id needs no look through /proc.
  void mark_clean() { clean_ = true; }

 private:
  RunIdentity(uid_t uid, int lock_fd) : uid_(uid), lock_fd_(lock_fd) {}
  uid_t uid_;
  int lock_fd_;
  bool clean_ = false;
};

// A process that runs as `uid` and is none of `ours` (the run's processes): another judge,
// in a container with its own /run, handed out the same id. Its pid and command name, for the
// judge error that names the collision; nothing when there is none.
std::optional<std::string> collision(uid_t uid, const std::vector<pid_t>& ours);

// What the account and group databases said of the ids looked up, kept in the registry
// (id_registry.hpp) for kAnswersLast seconds at most, and only while every local source of
// accounts (kAccountSources: the files, the name service's configuration, systemd's dynamic
// users and userdb records) is as it was: a box asks the databases (NSS: libnss_systemd loaded,
// nscd tried, some 6 ms of CPU) once in a while, not for every run. A file of root's alone, or
// it is not read.
inline constexpr const char* kIdsAnswersFile = "accounts";
inline constexpr long long kAnswersLast = 20;  // seconds: nscd's negative-time-to-live
inline constexpr const char* kAccountSources[] = {
    "/etc/passwd",           "/etc/group",     "/etc/nsswitch.conf", "/run/systemd/dynamic-uid",
    "/run/systemd/userdb",   "/etc/userdb",    "/run/userdb",        "/run/host/userdb",
    "/usr/local/lib/userdb", "/usr/lib/userdb"};
// The state of kAccountSources (device, inode, size, times of each): what the kept answers hold
// for.
std::string account_sources_stamp();

// The ranges /etc/subuid and /etc/subgid (`file`) give to users, as [first, last] pairs.
std::vector<std::pair<uid_t, uid_t>> subordinate_ranges(const std::string& file);

}  // namespace entrapment
