// What the looks under rlimits take from a process's smaps_rollup (box/proc_table.hpp,
// own_memory_kib_in()), read from files written here as the kernel writes them.
#include "box/proc_table.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace entrapment::testing {
namespace {

class SmapsRollup : public ::testing::Test {
 protected:
  void SetUp() override { std::filesystem::create_directories(dir_); }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  long long figure_of(const std::string& rollup) {
    std::ofstream(dir_ / "smaps_rollup") << rollup;
    return own_memory_kib_in(dir_.string());
  }
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

// An older kernel's, without the lines: its proportional set.
TEST_F(SmapsRollup, WithoutTheirLinesItIsTheProportionalSet) {
  EXPECT_EQ(figure_of("55fb-7ffd ---p 00000000 00:00 0 [rollup]\nRss: 4000 kB\nPss: 3000 kB\n"),
            3000);
  EXPECT_EQ(figure_of("no rollup here\n"), -1);
}

}  // namespace
}  // namespace entrapment::testing
