// Staging a contestant's program into its scratch directory, so that it starts wherever the
// submission lives. The contestant runs as an unprivileged user of its own, which cannot reach
// a program under a private directory (/root, a home directory of mode 0700): so the program
// and every file or directory its command line names (a script, a class directory) are copied
// (or hard-linked, when that shows nothing more) into the scratch directory and run from there.
// An interpreter is not copied: it is resolved to a real path (a pyenv shim to the Python it
// runs), and when the contestant's user still cannot reach it, the program cannot start: a
// judge error, never the contestant's.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace entrapment {

// Why a program cannot start here ("cannot start python3: ..."): a judge error.
class StageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct StagedCommand {
  std::vector<std::string> argv;  // what runs: staged paths in the scratch directory
  // Paths outside the system directories that the program needs as they are (an
  // interpreter's installation's bin/, lib/ ...: installation.hpp): a sandbox shows them,
  // read-only.
  std::vector<std::string> read_only;
};

// Stages `command` into `scratch`. `own_user`: the program runs as a user of its own (a root
// judge's sandbox), not the judge's: in the sandbox, into which `read_only` paths are mounted at
// their own paths, so an interpreter installed under a directory its user cannot search (pyenv,
// conda or Homebrew under a private home) still runs when its installation is open to all.
// Throws StageError.
StagedCommand stage_command(const std::vector<std::string>& command,
                            const std::filesystem::path& scratch, bool own_user);

// Whether `path` is in the directories every contestant sees as they are (/usr, /etc and the
// /bin, /lib ... that lead into /usr).
bool in_system_directories(const std::filesystem::path& path);

}  // namespace entrapment
