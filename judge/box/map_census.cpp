#include "map_census.hpp"

#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <utility>

namespace entrapment {

namespace {

// PROCMAP_QUERY's argument (linux/fs.h of Linux 6.11; Debian 12's headers are older).
struct ProcmapQuery {
  std::uint64_t size = sizeof(ProcmapQuery);
  std::uint64_t query_flags = 0;
  std::uint64_t query_addr = 0;
  std::uint64_t vma_start = 0, vma_end = 0, vma_flags = 0, vma_page_size = 0, vma_offset = 0;
  std::uint64_t inode = 0;
  std::uint32_t dev_major = 0, dev_minor = 0;
  std::uint32_t vma_name_size = 0, build_id_size = 0;
  std::uint64_t vma_name_addr = 0, build_id_addr = 0;
};
constexpr std::uint64_t kVmaShared = 0x08, kCoveringOrNext = 0x10;
constexpr unsigned long kProcmapQuery = _IOWR('f', 17, ProcmapQuery);

// A shared mapping of an object: what it holds, if it is no file's any more. Root reads its
// blocks through map_files (nlink 0: nothing names it); elsewhere `deleted` (its maps say
// "(deleted)") counts the mapping's size.
void take_shared(const std::string& process_dir, unsigned long start, unsigned long stop,
                 dev_t device, ino_t inode, bool deleted, MapCensus& census) {
  char range[64];
  std::snprintf(range, sizeof range, "/map_files/%lx-%lx", start, stop);
  struct stat info {};
  if (::stat((process_dir + range).c_str(), &info) == 0) {
    if (info.st_nlink == 0)
      census.shared_objects.push_back(
          {info.st_dev, info.st_ino, static_cast<long long>(info.st_blocks) / 2});
  } else if (deleted) {
    census.shared_objects.push_back({device, inode, static_cast<long long>(stop - start) / 1024});
  }
}

double monotonic_now() {
  timespec t{};
  ::clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

bool past(double deadline) { return deadline > 0 && monotonic_now() > deadline; }

// By PROCMAP_QUERY, from the address `at` on; false where the kernel has none.
bool census_by_query(const std::string& process_dir, int maps, std::uint64_t at, double deadline,
                     MapCensus& census) {
  ProcmapQuery query;
  for (long long queried = 0;; ++queried) {
    if (queried > 0 && queried % 64 == 0 && past(deadline)) {  // 64 at least a call
      census.resume_at = at;
      return true;
    }
    query = ProcmapQuery{};
    query.query_flags = kCoveringOrNext;
    query.query_addr = at;
    if (::ioctl(maps, kProcmapQuery, &query) != 0) {
      census.resume_at = 0;
      return errno == ENOENT;  // ENOENT: the last
    }
    ++census.mappings;
    at = query.vma_end;
    if (!(query.vma_flags & kVmaShared) || query.inode == 0) continue;
    // Its name, only where root may not read map_files: short ones end " (deleted)".
    char name[256] = {};
    bool deleted = false;
    if (::geteuid() != 0) {
      ProcmapQuery named = query;
      named.query_flags = kCoveringOrNext;
      named.query_addr = query.vma_start;
      named.vma_name_size = sizeof name;
      named.vma_name_addr = reinterpret_cast<std::uintptr_t>(name);
      const std::string kNoFile = " (deleted)";
      const std::string text =
          ::ioctl(maps, kProcmapQuery, &named) == 0 ? std::string(name) : std::string();
      deleted = text.size() >= kNoFile.size() &&
                text.compare(text.size() - kNoFile.size(), kNoFile.size(), kNoFile) == 0;
    }
    take_shared(process_dir, query.vma_start, query.vma_end,
                static_cast<dev_t>(makedev(query.dev_major, query.dev_minor)),
                static_cast<ino_t>(query.inode), deleted, census);
  }
}

// One line of the maps' text, "START-END PERMS OFFSET MAJOR:MINOR INODE   PATH" (PERMS "rw-s"
// for a shared mapping): `head`, its start (the path cut), `deleted`: it ends " (deleted)".
// Returns the mapping's end, 0 for no mapping.
std::uint64_t take_line(const std::string& process_dir, const std::string& head, bool deleted,
                        MapCensus& census) {
  unsigned long start = 0, stop = 0, major = 0, minor = 0, inode = 0;
  const std::size_t space = head.find(' ');
  if (space == std::string::npos || std::sscanf(head.c_str(), "%lx-%lx", &start, &stop) != 2)
    return 0;
  ++census.mappings;
  if (head.size() >= space + 5 && head[space + 4] == 's' &&
      std::sscanf(head.c_str(), "%lx-%lx %*s %*s %lx:%lx %lu", &start, &stop, &major, &minor,
                  &inode) == 5 &&
      inode != 0)
    take_shared(process_dir, start, stop, static_cast<dev_t>(makedev(major, minor)),
                static_cast<ino_t>(inode), deleted, census);
  return stop;
}

// From the maps' text, in pieces, each line's start and end kept, up to kMapsTextCap bytes, or
// the deadline (where `deadline` is not 0). Returns the end of the last mapping counted.
std::uint64_t census_by_text(const std::string& process_dir, int maps, double deadline,
                             MapCensus& census) {
  static constexpr std::size_t kHead = 160;  // past the inode's column
  static const std::string kNoFile = " (deleted)";
  std::string head;
  char tail[16] = {};  // the line's last bytes
  std::size_t length = 0;
  long long read_so_far = 0;
  std::uint64_t last_end = 0;
  char buffer[1 << 16];
  ssize_t got;
  while ((got = ::read(maps, buffer, sizeof buffer)) > 0) {
    for (ssize_t i = 0; i < got; ++i) {
      const char c = buffer[i];
      if (c != '\n') {
        if (head.size() < kHead) head.push_back(c);
        tail[length++ % sizeof tail] = c;
        continue;
      }
      bool deleted = length >= kNoFile.size();
      for (std::size_t k = 0; deleted && k < kNoFile.size(); ++k)
        deleted = tail[(length - kNoFile.size() + k) % sizeof tail] == kNoFile[k];
      last_end = std::max(last_end, take_line(process_dir, head, deleted, census));
      head.clear();
      length = 0;
    }
    read_so_far += got;
    if (read_so_far >= kMapsTextCap) {
      census.cut = true;
      return last_end;
    }
    if (last_end > 0 && past(deadline)) {
      census.resume_at = last_end;
      return last_end;
    }
  }
  return last_end;
}

}  // namespace

MapCensus map_census_in(const std::string& process_dir, MapCensus so_far, double deadline) {
  const int maps = ::open((process_dir + "/maps").c_str(), O_RDONLY | O_CLOEXEC);
  if (maps < 0) return {};
  MapCensus census;
  if (so_far.resume_at > 0) {  // a census the deadline stopped: on, by PROCMAP_QUERY
    const std::uint64_t from = so_far.resume_at;
    census = std::move(so_far);
    census.resume_at = 0;
    if (census_by_query(process_dir, maps, from, deadline, census)) {
      ::close(maps);
      return census;
    }
    census = MapCensus{};  // no PROCMAP_QUERY after all: the text, whole
    deadline = 0;
  }
  const std::uint64_t last_end = census_by_text(process_dir, maps, deadline, census);
  if (census.cut || census.resume_at > 0) {
    // Past the cap or the deadline: on from the last mapping counted, by PROCMAP_QUERY, where
    // the kernel has it; what was read is all there is where it has not.
    MapCensus queried = census;
    queried.cut = false;
    queried.resume_at = 0;
    if (census_by_query(process_dir, maps, last_end, deadline, queried)) {
      census = queried;
    } else {
      census.resume_at = 0;
      census.cut = true;
    }
  }
  ::close(maps);
  return census;
}

}  // namespace entrapment
