// The one seam between a run and what contains it. There are two isolations, chosen by the
// machine alone (and --no-sandbox), never by the program:
//  - Bwrap (sandbox.hpp). As root, bwrap itself runs as root (so it can bind an interpreter
//    under a directory the run's user cannot search, pyenv under /root), and the program drops
//    to a user id of the run's own (id_registry.hpp) inside it, through util-linux's setpriv:
//    no capabilities (bounding and inheritable sets emptied), no new privileges, no
//    supplementary groups. Not root, bwrap runs as the user in a user namespace of its own.
//    Either way: a PID namespace (every process of the run dies with bwrap's init), no
//    network, IPC of its own, its own /tmp and /dev/shm (tmpfs, capped), the machine
//    read-only and almost empty.
//  - None: no namespace can be made here (bwrap not installed, forbidden by a container, or
//    ENTRAPMENT_BWRAP=off), or --no-sandbox. Nothing but the limits: the program runs as the
//    judge's user, root included. So the judge runs only code it may trust there (the
//    package's own solutions/, or --trust: judge/cli/isolation_check.hpp), and says so.
// What each contains is doc/execution.md's table. Compiling is contained the same way as
// running (a compiler is contestant code).
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "limits.hpp"
#include "sandbox.hpp"

namespace entrapment {

enum class Isolation { Bwrap, None };

// Whether contestants can run inside bwrap here, and if not, why (probed once).
struct SandboxSupport {
  bool usable = false;
  std::string reason;
};
const SandboxSupport& sandbox_support();

// Bwrap when `sandbox` is asked for and bwrap is usable; None otherwise. (What each covers,
// in words: judge/cli/isolation_check.hpp.)
Isolation isolation_for(bool sandbox);

// How one run is contained: the command that starts it and what its environment says.
class Containment {
 public:
  // `run_uid`: the run's own user id (root and bwrap), which the program drops to.
  Containment(Isolation isolation, std::optional<uid_t> run_uid)
      : isolation_(isolation), run_uid_(run_uid) {}

  // Whether a run needs a user id of its own (the judge is root and bwrap contains it).
  static bool wants_own_uid(Isolation isolation);

  // The command that starts `program` contained as `layout` says (the scratch directory is
  // staged); `layout.status_fd` is where bwrap says whether the program started.
  std::vector<std::string> command(const std::vector<std::string>& program,
                                   const SandboxLayout& layout) const;
  // TMPDIR for the program: its own /tmp in bwrap, its scratch directory without.
  std::string tmpdir(const std::filesystem::path& scratch) const;
  // Whether bwrap stands between the judge and the program (its status pipe, 128 + signal).
  bool sandboxed() const { return isolation_ == Isolation::Bwrap; }

 private:
  Isolation isolation_;
  std::optional<uid_t> run_uid_;
};

}  // namespace entrapment
