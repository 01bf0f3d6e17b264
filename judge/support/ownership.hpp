// Whether what a path names is the judge's own: no other user may change it, nor move
// something else into its place (ssh's StrictModes reasons the same way). For a submission
// that is to run unisolated as the package's own (cli/isolation_check.cpp), and for the
// compile cache, whose programs the next submission of the same bytes runs as.
#pragma once

#include <filesystem>
#include <string>

namespace entrapment {

// "" when the judge's user (or root) owns `file` (not followed when it is a link) and no one
// else may write to it; else what is not so ("/tmp/x belongs to user id 65534"). A sticky
// directory (/tmp) passes: others may add their names there, but not move or replace ours.
// Its group may write when that group is the user's own and has no members (umask 002 with a
// group of one's own), never as root.
std::string not_own_entry(const std::filesystem::path& file);

// The same for every directory on the way to `path` and for `path` itself, as named and as
// resolved (a link in another user's directory could be switched between a check and a use).
std::string not_own_path(const std::filesystem::path& path);

}  // namespace entrapment
