// Where a root judge holds the user ids it gives its runs (identity.hpp): one lock file per id
// in a directory only root may write. It was /tmp/entrapment-ids: any local user could make
// that directory first and plant a symbolic link as a lock file (the judge then truncated the
// file it led to, /etc/passwd included), and two judges with their own /tmp (systemd's
// PrivateTmp, `unshare -m`) saw two registries and handed out the same ids.
//
// Now it is /run/entrapment-ids. /run is root's (mode 0755) on every Linux with systemd or
// sysvinit, a tmpfs emptied at boot (as the ids' processes are), and no sandboxing a judge is
// started under replaces it: PrivateTmp= and `unshare -m` give a /tmp and /var/tmp of their own
// but keep /run. The directory and every lock file are opened without following a link and
// checked (a directory or regular file owned by root, writable by nobody else); anything else
// is refused with the reason, a judge error: the judge never writes where it did not create.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <stdexcept>

namespace entrapment {

// The registry cannot be trusted or made (its directory or a lock file is not root's, is
// writable by others, is a symbolic link ...): the judge does not run the contestant.
class IdRegistryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// /run/entrapment-ids, or what a test set.
std::filesystem::path id_registry_dir();
// For tests only: a registry elsewhere (a directory the test made, checked as the real one
// is), so that a test can hold every id without starving other judges. Empty: the real one.
void set_id_registry_dir_for_tests(const std::filesystem::path& dir);

// The registry's directory, made (mode 0755) when missing, opened (O_DIRECTORY, O_NOFOLLOW) and
// checked, as is its parent (root's; when others may write to it, sticky). Throws
// IdRegistryError.
int open_id_registry();

// The lock file of `uid` in the registry opened by open_id_registry(): created when missing
// (never truncated), opened without following a link, checked (a regular file of root's with
// one link, writable by root alone). Throws IdRegistryError.
int open_id_lock(int registry, uid_t uid);

}  // namespace entrapment
