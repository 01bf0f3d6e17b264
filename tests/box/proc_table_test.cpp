// What the looks under rlimits take from a process's smaps_rollup (box/proc_table.hpp,
// own_memory_in()), read from files written here as the kernel writes them, and from the
// descriptors it holds (objects_open_in()), this test's own.
#include "box/proc_table.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace entrapment::testing {
namespace {

class SmapsRollup : public ::testing::Test {
 protected:
  void SetUp() override { std::filesystem::create_directories(dir_); }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  OwnMemory own_of(const std::string& rollup) {
    std::ofstream(dir_ / "smaps_rollup") << rollup;
    return own_memory_in(dir_.string());
  }
  long long figure_of(const std::string& rollup) { return own_of(rollup).kib; }
  const std::filesystem::path dir_ =
      std::filesystem::temp_directory_path() / ("smaps-rollup-" + std::to_string(::getpid()));
};

// Its shared memory is counted as the objects it is (a tmpfs's files, shared objects): not in
// the process's figure too (red team: 34 MiB of /tmp files read through mmap counted twice, MLE
// under 64 MiB). Its private memory in swap is (red team: 200 MiB pushed there with
// MADV_PAGEOUT, AC under 64 MiB).
TEST_F(SmapsRollup, SharedMemoryLeavesAndSwapJoinTheProportionalSet) {
  EXPECT_EQ(figure_of("55fb-7ffd ---p 00000000 00:00 0 [rollup]\nRss: 4000 kB\nPss: 3000 kB\n"
                      "Pss_Anon: 1000 kB\nPss_File: 800 kB\nPss_Shmem: 1200 kB\nSwap: 600 kB\n"
                      "SwapPss: 500 kB\n"),
            3000 - 1200 + 500);
}

// An older kernel's, without the lines: its proportional set, and no share of anonymous pages.
TEST_F(SmapsRollup, WithoutTheirLinesItIsTheProportionalSet) {
  EXPECT_EQ(figure_of("55fb-7ffd ---p 00000000 00:00 0 [rollup]\nRss: 4000 kB\nPss: 3000 kB\n"),
            3000);
  EXPECT_EQ(own_of("55fb-7ffd ---p 00000000 00:00 0 [rollup]\nPss: 3000 kB\n").anonymous_share_kib,
            -1);
  EXPECT_EQ(figure_of("no rollup here\n"), -1);
}

// The share of anonymous pages, which the looks' least sums (least_held.hpp).
TEST_F(SmapsRollup, SaysTheShareOfAnonymousPages) {
  EXPECT_EQ(own_of("55fb-7ffd ---p 00000000 00:00 0 [rollup]\nRss: 4000 kB\nPss: 3000 kB\n"
                   "Pss_Anon: 1000 kB\nPss_File: 800 kB\nPss_Shmem: 1200 kB\n")
                .anonymous_share_kib,
            1000);
}

// This process's own figures, read as the looks read them: after it writes 8 MiB of anonymous
// memory, its anonymous resident set and its share of anonymous pages hold them; its page tables
// are some.
TEST(OwnMemory, ThisProcessWritingAnonymousMemory) {
  const std::string self = "/proc/" + std::to_string(::getpid());
  const StatusMemory before = status_memory_in(self);
  ASSERT_GE(before.anonymous_kib, 0);
  std::vector<char> written(8 << 20, 'w');
  const StatusMemory after = status_memory_in(self);
  EXPECT_GE(after.anonymous_kib - before.anonymous_kib, 7 * 1024)
      << before.anonymous_kib << " KiB before, " << after.anonymous_kib << " after";
  EXPECT_GT(after.page_tables_kib, 0);
  EXPECT_GE(own_memory_in(self).anonymous_share_kib, 7 * 1024);
  EXPECT_EQ(status_memory_in(self + "/no-such-dir").anonymous_kib, -1);
  EXPECT_GT(written[written.size() / 2], 0);
}

// The caller's mounts, each with its id and type (the sandbox's builder and the run's Landlock
// domain read them; the looks find a descriptor's file system by the id in its fdinfo): the
// root, and /proc as a proc file system.
TEST(MountTable, ListsEachMountPointWithItsIdAndType) {
  const std::vector<MountEntry> mounts = entrapment::mount_table();
  const auto has_mount = [&](const std::string& point, const std::string& type) {
    return std::any_of(mounts.begin(), mounts.end(), [&](const MountEntry& m) {
      return m.point == point && (type.empty() || m.type == type) && m.id > 0;
    });
  };
  EXPECT_TRUE(has_mount("/", "")) << mounts.size() << " mounts";
  EXPECT_TRUE(has_mount("/proc", "proc")) << mounts.size() << " mounts";
  EXPECT_TRUE(entrapment::mount_table("/proc/self/no-such-file").empty());
}

// What descriptors keep in the kernel's buffers: an epoll's registrations and the length of its
// fdinfo's text; an fdinfo file of /proc held open, by the bytes read from it; another file of
// /proc or /sys, a page each; a plain file, nothing.
TEST(DescriptorBuffers, EpollsFdinfoFilesAndOtherFilesOfProc) {
  const std::string self = "/proc/" + std::to_string(::getpid());
  const DescriptorBuffers before = descriptor_buffers_in(self, 1000000);
  const int epoll = ::epoll_create1(EPOLL_CLOEXEC);
  ASSERT_GE(epoll, 0);
  int pipe_ends[2];
  ASSERT_EQ(::pipe2(pipe_ends, O_CLOEXEC), 0);
  for (const int fd : pipe_ends) {
    epoll_event wanted{};
    wanted.events = EPOLLIN;
    ASSERT_EQ(::epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &wanted), 0);
  }
  const int fdinfo =
      ::open((self + "/fdinfo/" + std::to_string(epoll)).c_str(), O_RDONLY | O_CLOEXEC);
  const int status = ::open("/proc/self/status", O_RDONLY | O_CLOEXEC);
  const int file = ::open("/etc/hostname", O_RDONLY | O_CLOEXEC);
  ASSERT_GE(fdinfo, 0);
  ASSERT_GE(status, 0);
  char text[4096];
  const ssize_t read = ::read(fdinfo, text, sizeof text);
  ASSERT_GT(read, 0);
  const DescriptorBuffers found = descriptor_buffers_in(self, 1000000);
  EXPECT_EQ(found.epoll_registrations, before.epoll_registrations + 2);
  EXPECT_GE(found.longest_epoll_text, read);
  ASSERT_EQ(found.fdinfo_positions.size(), before.fdinfo_positions.size() + 1);
  EXPECT_EQ(found.fdinfo_positions.back(), read);
  EXPECT_EQ(found.pseudo_files, before.pseudo_files + 1);  // /proc/self/status
  for (const int fd : {epoll, pipe_ends[0], pipe_ends[1], fdinfo, status, file})
    if (fd >= 0) ::close(fd);
}

// Each directory held open counts at the most the kernel may keep of one read in part, a file
// nothing; descriptors_in() counts every descriptor, none read.
TEST(DescriptorBuffers, DirectoriesHeldOpenCountEachAndDescriptorsAreCounted) {
  const std::string self = "/proc/" + std::to_string(::getpid());
  const DescriptorBuffers before = descriptor_buffers_in(self, 0);
  const long long descriptors_before = descriptors_in(self);
  std::vector<int> fds;
  for (const char* path : {"/usr/bin", "/usr/bin", "/", "/etc/hostname"})
    fds.push_back(::open(path, O_RDONLY | O_CLOEXEC));
  char names[64];
  EXPECT_GT(::syscall(SYS_getdents64, fds[0], names, sizeof names), 0);  // read in part
  for (const int fd : fds) ASSERT_GE(fd, 0);
  const DescriptorBuffers found = descriptor_buffers_in(self, 0);
  EXPECT_GE(bytes_a_read_directory(), 16 << 10);  // 17 KiB measured in one of short names
  EXPECT_EQ(found.directory_bytes, before.directory_bytes + 3 * bytes_a_read_directory());
  EXPECT_EQ(found.pseudo_files, before.pseudo_files);
  EXPECT_EQ(descriptors_in(self), descriptors_before + 4);
  EXPECT_EQ(descriptors_in("/proc/no-such-process"), 0);
  for (const int fd : fds) ::close(fd);
}

// Each pipe and socket held open counts at its bound, whatever it holds now (red team: 48
// processes' pipes and socket pairs, 96 MiB under 64 MiB, AC under rlimits); a pipe's two ends
// are one object; a file is none.

TEST(ObjectsOpen, PipesAndSocketsCountAtTheirBoundsOnceEach) {
  int pipe_ends[2], socket_ends[2];
  ASSERT_EQ(::pipe(pipe_ends), 0);
  ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, socket_ends), 0);
  const int file = ::open("/proc/self/status", O_RDONLY | O_CLOEXEC);
  ASSERT_GE(file, 0);
  const BufferBounds bounds{.pipe_kib = 65, .socket_kib = 417};
  const std::vector<HeldObject> held =
      objects_open_in("/proc/" + std::to_string(::getpid()), bounds);
  const auto count = [&](int fd, long long kib) {
    struct stat info {};
    EXPECT_EQ(::fstat(fd, &info), 0);
    return std::count_if(held.begin(), held.end(), [&](const HeldObject& object) {
      return object.device == info.st_dev && object.inode == info.st_ino && object.kib == kib;
    });
  };
  EXPECT_EQ(count(pipe_ends[0], 65), 2);  // one object, seen through both ends
  EXPECT_EQ(count(socket_ends[0], 417), 1);
  EXPECT_EQ(count(socket_ends[1], 417), 1);
  struct stat info {};
  ASSERT_EQ(::fstat(file, &info), 0);
  EXPECT_FALSE(std::any_of(held.begin(), held.end(), [&](const HeldObject& object) {
    return object.inode == info.st_ino && object.device == info.st_dev;
  }));
  for (int fd : {pipe_ends[0], pipe_ends[1], socket_ends[0], socket_ends[1], file}) ::close(fd);
}

// A process's stat: its threads too (each holds kernel memory the looks count under rlimits: red
// team, 255 sleeping threads, 7.1 MiB) and its minor faults (each page it wrote, which bounds
// what it may hold since a look), the command name read past its last ')'.
TEST(ProcStat, ItsFieldsThreadsIncluded) {
  ProcEntry entry;
  ASSERT_TRUE(
      parse_proc_stat("1234 (a (b) c) S 1 1234 1234 0 -1 4194560 100 0 0 0 5 6 7 8 20 0 3 0 "
                      "12345 1048576 250 18446744073709551615",
                      entry));
  EXPECT_EQ(entry.pid, 1234);
  EXPECT_EQ(entry.state, 'S');
  EXPECT_EQ(entry.ppid, 1);
  EXPECT_EQ(entry.minor_faults, 100u);
  EXPECT_EQ(entry.ticks, 5u + 6u + 7u + 8u);
  EXPECT_EQ(entry.threads, 3);
  EXPECT_EQ(entry.start, 12345u);
  EXPECT_EQ(entry.virtual_kib, 1024);
  EXPECT_EQ(entry.resident_kib, 250 * (::sysconf(_SC_PAGESIZE) / 1024));
}

}  // namespace
}  // namespace entrapment::testing
