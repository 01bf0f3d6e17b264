// Two programs wired as contest systems wire them (tests/support/pair), started from several
// threads at once while other threads allocate, as the export tests play every format: no
// child may wait forever on a lock another thread held at the fork. Under AddressSanitizer
// (whose allocator has no fork handlers) a child that allocated before exec hung there, and
// the export tests with it, until CTest's timeout; this test has its own deadline instead.
#include "tests/support/pair.hpp"

#include <gtest/gtest.h>
#include <signal.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/files.hpp"
#include "tests/support/temp_dir.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

TEST(Pair, StartsFromManyThreadsWhileOthersAllocate) {
  const TempDir temp("entrapment pair test");
  const fs::path& dir = temp.path;
  std::atomic<bool> done{false};
  // Allocation of every size the allocator has, all the time.
  std::vector<std::thread> churn;
  for (int t = 0; t < 2; ++t)
    churn.emplace_back([&done, t] {
      std::mt19937 random(static_cast<unsigned>(t));
      while (!done) {
        std::vector<std::string> junk;
        for (int k = 0; k < 64; ++k) junk.emplace_back(random() % 100000, 'x');
      }
    });
  std::vector<std::future<int>> players;
  for (int t = 0; t < 4; ++t)
    players.push_back(std::async(std::launch::async, [&dir, t] {
      const fs::path scratch = dir / std::to_string(t);
      fs::create_directories(scratch);
      int wrong = 0;
      for (int game = 0; game < 60; ++game) {
        // A judge that answers with its exit code, a contestant that says nothing.
        wrong +=
            run_pair({"/bin/sh", "-c", "exit 42"}, {"/bin/true"}, scratch / "judge.err").code != 42;
        const fs::path input = scratch / "input";
        write_text(input, "");
        wrong += run_cms("/bin/true", input, {"/bin/true"}, scratch).code != 0;
      }
      return wrong;
    }));
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(3);
  int wrong = 0;
  for (auto& player : players) {
    if (player.wait_until(deadline) != std::future_status::ready) {
      // A child is stuck before exec and its thread with it: nothing here can be joined.
      std::fprintf(stderr,
                   "Pair.StartsFromManyThreadsWhileOthersAllocate: a child started by "
                   "run_pair or run_cms did not end within 3 minutes\n");
      std::_Exit(1);
    }
    wrong += player.get();
  }
  done = true;
  for (std::thread& t : churn) t.join();
  EXPECT_EQ(wrong, 0) << "games whose judge did not exit as it should";
}

// The verdict is the judge's: a contestant still running when the judge has ended is ended
// too, instead of holding the test until CTest's timeout.
TEST(Pair, TheContestantEndsWithItsJudge) {
  EXPECT_EQ(run_pair({"/bin/sh", "-c", "exit 42"}, {"/bin/sleep", "600"}).code, 42);
}

TEST(Pair, TheJudgesStderrAndAddressSpaceCap) {
  const TempDir temp("entrapment pair test");
  const fs::path& dir = temp.path;
  const JudgeExit e =
      run_pair({"/bin/sh", "-c", "ulimit -v >&2; kill -TERM $$"}, {"/bin/true"}, dir / "err", 64);
  EXPECT_EQ(e.code, -1);
  EXPECT_EQ(e.signal, SIGTERM);
  EXPECT_GT(e.peak_kib, 0);
  EXPECT_EQ(read_text(dir / "err"), "65536\n");
}

}  // namespace
}  // namespace entrapment::testing
