// What a process's maps say beyond its resident set (box/proc_table.hpp, map_census_in()), read
// from this test's own: the mappings the kernel keeps a record of, and the shared objects that
// keep what was unmapped from them.
#include "box/map_census.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <string>

namespace entrapment::testing {
namespace {

TEST(MapCensus, ItCountsMappingsAndWhatASharedObjectKeepsOnceUnmapped) {
  const MapCensus before = map_census_in("/proc/self");
  EXPECT_GT(before.mappings, 0);
  // 64 one-page mappings of alternating permissions (none merges), and a shared object of 4
  // MiB, written, then unmapped but for its first page.
  constexpr std::size_t kPage = 4096, kShared = 4 << 20;
  char* pages = static_cast<char*>(
      mmap(nullptr, 64 * kPage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  ASSERT_NE(pages, MAP_FAILED);
  for (int i = 1; i < 64; i += 2) ASSERT_EQ(mprotect(pages + i * kPage, kPage, PROT_READ), 0);
  char* shared = static_cast<char*>(
      mmap(nullptr, kShared, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0));
  ASSERT_NE(shared, MAP_FAILED);
  std::memset(shared, 1, kShared);
  ASSERT_EQ(munmap(shared + kPage, kShared - kPage), 0);
  const MapCensus after = map_census_in("/proc/self");
  EXPECT_GE(after.mappings, before.mappings + 64);
  ASSERT_EQ(after.shared_objects.size(), before.shared_objects.size() + 1);
  // Root reads the object's blocks (/proc/PID/map_files): all of it; others, its mapping.
  const long long kib = after.shared_objects.back().kib;
  EXPECT_EQ(kib, ::geteuid() == 0 ? 4096 : 4) << "KiB of the shared object";
  munmap(shared, kPage);
  munmap(pages, 64 * kPage);
}

// A mapping's path may be 4 KiB long: the census reads the maps in pieces and keeps each line's
// start and end, whatever its length.
TEST(MapCensus, AMappingOfALongPathIsOneMapping) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("map-census-" + std::to_string(::getpid()));
  std::filesystem::path file = dir;
  for (int i = 0; i < 12; ++i) file /= std::string(200, 'd');
  std::filesystem::create_directories(file);
  file /= "mapped";
  const int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_TRUNC, 0600);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::ftruncate(fd, 4096), 0);
  const MapCensus before = map_census_in("/proc/self");
  void* mapped = mmap(nullptr, 4096, PROT_READ, MAP_SHARED, fd, 0);
  ASSERT_NE(mapped, MAP_FAILED);
  ::unlink(file.c_str());  // its line now ends " (deleted)", past 2,400 bytes of path
  const MapCensus after = map_census_in("/proc/self");
  EXPECT_EQ(after.mappings, before.mappings + 1);
  ASSERT_EQ(after.shared_objects.size(), before.shared_objects.size() + 1);
  munmap(mapped, 4096);
  ::close(fd);
  std::filesystem::remove_all(dir);
}

// A census its deadline stopped goes on where it left off, at the next call: step by step, it
// counts what one whole census counts (3,000 mappings, past 64 KiB of text and 64 queries a
// step).
TEST(MapCensus, ACensusStoppedByItsDeadlineGoesOnWhereItLeftOff) {
  constexpr std::size_t kPage = 4096, kPages = 3000;
  char* pages = static_cast<char*>(
      mmap(nullptr, kPages * kPage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  ASSERT_NE(pages, MAP_FAILED);
  for (std::size_t i = 1; i < kPages; i += 2)
    ASSERT_EQ(mprotect(pages + i * kPage, kPage, PROT_READ), 0);
  const MapCensus whole = map_census_in("/proc/self");
  MapCensus census = map_census_in("/proc/self", {}, 1e-9);  // a deadline long past
  int steps = 1;
  for (; census.resume_at != 0 && steps < 1000; ++steps)
    census = map_census_in("/proc/self", census, 1e-9);
  EXPECT_GT(steps, 2) << "each step stopped at its deadline";
  // The steps after the first ask the kernel (PROCMAP_QUERY), which does not name [vsyscall], a
  // page of the kernel's own, no mapping of the process's: the text does, last.
  const bool vsyscall = read_proc_file("/proc/self/maps").find("[vsyscall]") != std::string::npos;
  EXPECT_EQ(census.mappings, whole.mappings - (vsyscall ? 1 : 0)) << steps << " steps";
  EXPECT_GE(whole.mappings, static_cast<long long>(kPages));
  EXPECT_EQ(census.shared_objects.size(), whole.shared_objects.size());
  munmap(pages, kPages * kPage);
}

}  // namespace
}  // namespace entrapment::testing
