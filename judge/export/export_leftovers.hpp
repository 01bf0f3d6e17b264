// What a killed `judge export` leaves behind (OUTDIR/.NAME.export-XXXXXX, .NAME.replaced-XXXXXX),
// removed by the next export of the same target, and only that: each such directory carries a
// mark while its export runs (an extended attribute, so that the package holds no file of
// ours), set when it was made, and the export holds a lock (flock) on it for as long as it
// lives. A directory of that name without the mark (someone else's, or a file system without
// extended attributes: then nothing is removed), not a directory, not the user's, or still
// locked (an export running now) is left alone. An interrupt (Ctrl-C) removes them itself; a
// SIGKILL or a crash leaves them to this.
#pragma once

#include <filesystem>

namespace entrapment {

// Marks `dir` (just made by this export) and locks it; returns the lock's descriptor (-1 when
// it cannot be opened).
int mark_in_progress(const std::filesystem::path& dir);
// Removes the mark from `dir` (before the directory becomes the package); the lock stays with
// the descriptor until release_mark().
void unmark(const std::filesystem::path& dir);
void release_mark(int& fd);

// Removes the temporary directories a killed export of `target` left beside it.
void remove_leftovers_of(const std::filesystem::path& target);

}  // namespace entrapment
