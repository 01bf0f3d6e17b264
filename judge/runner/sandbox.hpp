// bubblewrap (Debian's `bwrap`): the contestant sees a read-only /usr and /etc, its own program,
// an empty /tmp and its scratch directory (the only writable place); no network, no other
// processes (a PID namespace, so everything it starts dies with it), never the test data.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace entrapment {

// The bwrap executable, or empty when it is not installed.
std::filesystem::path bwrap_path();

// `command` wrapped in bwrap with `scratch` as its writable working directory.
std::vector<std::string> sandboxed_command(const std::vector<std::string>& command,
                                           const std::filesystem::path& scratch);

}  // namespace entrapment
