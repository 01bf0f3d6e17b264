// bubblewrap (Debian's `bwrap`): the contestant sees a read-only /usr and /etc (and an
// interpreter's installation outside them), /proc of its own PID namespace (so everything it
// starts dies with it), a read-only /dev with the harmless devices, and its own /tmp and
// /dev/shm (tmpfs, each capped at the scratch limit); its working directory is in that /tmp,
// with its staged program bound in read-only. The rest of the root is read-only and empty: no
// network, never the test data, the judge's files or another contestant's. A compiler's
// working directory is the scratch directory itself, writable, so that its output can be
// taken out.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace entrapment {

// The bwrap executable, or empty when it is not installed (or ENTRAPMENT_BWRAP=off says not
// to use it).
std::filesystem::path bwrap_path();
// Why bwrap_path() is empty.
std::string bwrap_absence();

struct SandboxLayout {
  std::filesystem::path scratch;       // staged; under /tmp
  std::vector<std::string> read_only;  // further paths shown as they are
  bool writable_scratch = false;       // a compiler's layout
  long long tmp_bytes = 64ll << 20;    // the size of its /tmp and of its /dev/shm
  int status_fd = -1;                  // bwrap reports there whether the program started
};

// `command` wrapped in bwrap as above.
std::vector<std::string> sandboxed_command(const std::vector<std::string>& command,
                                           const SandboxLayout& layout);

// Whether bwrap's JSON status (what it wrote to status_fd) shows that the program started:
// bwrap writes its exit code there only after a successful exec.
bool sandbox_started_program(const std::string& status);

}  // namespace entrapment
