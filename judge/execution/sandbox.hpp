// bubblewrap (Debian's `bwrap`): the contestant sees a read-only /usr and /etc, an empty /tmp
// and its scratch directory (the only writable place, where its program was staged); no
// network, no other processes (a PID namespace, so everything it starts dies with it), never
// the test data.
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

// `command` wrapped in bwrap with `scratch` as its writable working directory; `read_only`
// are further paths shown as they are (an interpreter outside /usr). bwrap reports on
// `status_fd` (its --json-status-fd) whether the program itself started.
std::vector<std::string> sandboxed_command(const std::vector<std::string>& command,
                                           const std::filesystem::path& scratch,
                                           const std::vector<std::string>& read_only,
                                           int status_fd);

// Whether bwrap's JSON status (what it wrote to status_fd) shows that the program started:
// bwrap writes its exit code there only after a successful exec.
bool sandbox_started_program(const std::string& status);

}  // namespace entrapment
