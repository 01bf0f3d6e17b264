// bubblewrap (Debian's `bwrap`): the sandbox of a judge that is not root, and of a root judge
// where the box cannot make the run's namespaces itself (namespaces.hpp). It builds the
// program's root from sandbox_view.hpp's steps, handed to it as its options, with namespaces of
// the run's own: mount, PID (so everything the program starts dies with its init, and it sees
// no other process), network (none), IPC and UTS (SysV shared memory and message queues die
// with it), cgroup where the kernel has it. The seccomp filter (seccomp_filter.hpp) is handed to
// bwrap, which loads it just before the box's step.
//
// The program is started by the box's own step (drop.hpp: `judge-box --step`, its binary bound
// in read-only), the init of the PID namespace (--as-pid-1), which reports the program's wait
// status to the box as it is (bwrap would report a signal N as the exit status 128 + N). As
// root, bwrap runs as root without a user namespace and the step first becomes the run's own
// user id: uid and gid N, no supplementary groups, no capabilities in any set (bounding
// included), no_new_privs. Not root, bwrap makes a user namespace (--unshare-all) and the
// program runs as the user, without capabilities, and may make no user namespace of its own
// (--disable-userns).
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "sandbox_view.hpp"

namespace entrapment {

// A program of the system's that the box runs as root: taken by absolute path only (/usr/bin,
// then /bin; never from PATH), and only when it and every directory above it are root's and
// writable by no one else. Empty, with `why`, otherwise.
std::filesystem::path trusted_system_program(const std::string& name, std::string* why = nullptr);

// bwrap, found as trusted_system_program() finds it; empty when it is not installed or
// ENTRAPMENT_BWRAP=off says not to use it (bwrap_absence() says which).
std::filesystem::path bwrap_path();
std::string bwrap_absence();

struct SandboxLayout : ViewLayout {
  int status_fd = -1;  // bwrap reports there whether the program started
  // The filter, for the step to load (after the run's Landlock domain, whose calls it refuses
  // under rlimits: landlock.hpp), not bwrap.
  int seccomp_fd = -1;
  int report_fd = -1;  // the step writes the program's wait status there
  std::string step;    // the box's own binary, for its step (drop.hpp)
  // The program's address-space limit, set by the step just before the program starts: bwrap
  // and the step itself run without it (a sanitizer's shadow memory would not fit).
  std::optional<rlim_t> address_space;
  std::optional<rlim_t> data;  // its RLIMIT_DATA, likewise
  // RLIMIT_NPROC and RLIMIT_SIGPENDING in bwrap's user namespace (a box that is not root), set
  // by the step.
  std::optional<rlim_t> processes;
  rlim_t pending_signals = 0;
  bool landlock = false;  // the run's Landlock domain, entered by the step (landlock.hpp)
  // The step, the sandbox's init, stays after the program's end until the box kills it, even
  // with nothing of the run left (drop.hpp): the looks under rlimits read the sandbox's /tmp and
  // /dev/shm through a process inside it, and bwrap makes them after the box has started it.
  bool stay = false;
};

// bwrap's options for `steps` (sandbox_view.hpp), in their order.
std::vector<std::string> bwrap_options(const std::vector<ViewStep>& steps);

// bwrap's options that show the system read-only: /usr, /etc, and /bin, /lib ... as they are.
std::vector<std::string> system_read_only(bool etc = true);

// `command` wrapped in bwrap as above, started by the step; `drop_to`: the run's own user id
// (the box is root).
std::vector<std::string> sandboxed_command(const std::vector<std::string>& command,
                                           const SandboxLayout& layout,
                                           std::optional<uid_t> drop_to);

// Whether bwrap's JSON status (what it wrote to status_fd) shows that the program started:
// bwrap writes its exit code there only after a successful exec.
bool sandbox_started_program(const std::string& status);

}  // namespace entrapment
