// What a process's memory map says beyond its resident set, for the looks under rlimits
// (rlimit_limiter.cpp): how many mappings it has (the kernel keeps a record of each, in no
// resident set) and the shared objects it maps that no file names any more (shared anonymous
// memory, /dev/zero's, System V segments, memfds, unlinked files), each of which keeps every
// page written to it while a mapping of it lasts, dropped from the page tables or unmapped but
// for a page.
//
// Read from the text of /proc/PID/maps, in pieces, up to a cap (8 MiB: 65,530 mappings, the
// kernel's most, of paths of about 120 bytes); past it, or a deadline, by PROCMAP_QUERY (Linux
// 6.11) from where the text stopped, one mapping at a time without its path (six times slower
// for paths of usual lengths). A mapping's
// line carries its file's whole path, which a program may make as long as it likes (nested
// directories: 918 MB of text and 3 s of the kernel's time for 14,000 mappings, which held the
// box's looks while 1000 MiB were held under 64 MiB). A kernel without PROCMAP_QUERY: the text
// up to the cap.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "proc_table.hpp"

namespace entrapment {

struct MapCensus {
  long long mappings = 0;
  // Each object's blocks, through /proc/PID/map_files (root only: elsewhere, for an object its
  // maps name "(deleted)", the mapping's size).
  std::vector<HeldObject> shared_objects;
  // The maps' text passed the cap before its end, and the kernel has no PROCMAP_QUERY: what
  // was read is all there is.
  bool cut = false;
  // Not 0: the deadline came before the end; handed back as the next call's `so_far`, the
  // census goes on from this address, with what it counted so far.
  std::uint64_t resume_at = 0;
};

// `process_dir`: proc_dir() of the process. `so_far`: a census the deadline stopped, to go on
// with (its resume_at), or none. `deadline`: a time of CLOCK_MONOTONIC, in seconds, or 0 for
// none. Each piece of the maps is read under the process's lock on its memory map, for which
// the process's own changes to it wait (and the reader for them: a process that forks one of
// 65,000 mappings every 30 ms kept a look in its census for 2 s of wall-clock time, while the
// run went unlooked at): a census may take several looks.
MapCensus map_census_in(const std::string& process_dir, MapCensus so_far = {}, double deadline = 0);

// The bytes of a process's maps read at most, where they are read as text.
constexpr long long kMapsTextCap = 8ll << 20;

}  // namespace entrapment
