// parallel_for (judge/support): every index once, in increasing order per thread, on as many
// threads as asked and no more than there is work for, the caller among them, and a failure
// that stops the rest and reaches the caller.
#include "support/parallel_for.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

namespace entrapment {
namespace {

TEST(ParallelFor, CallsEveryIndexExactlyOnce) {
  for (int threads : {1, 2, 7}) {
    std::vector<std::atomic<int>> calls(1000);
    parallel_for(calls.size(), threads, [&](std::size_t i, int) { ++calls[i]; });
    for (std::size_t i = 0; i < calls.size(); ++i)
      ASSERT_EQ(calls[i].load(), 1) << "index " << i << " with " << threads << " threads";
  }
}

TEST(ParallelFor, WorkersAreNumberedFromZeroAndTheCallerIsWorkerZero) {
  std::mutex mutex;
  std::set<int> workers;
  bool caller_is_zero = true;
  const std::thread::id caller = std::this_thread::get_id();
  parallel_for(200, 3, [&](std::size_t, int worker) {
    std::this_thread::sleep_for(std::chrono::microseconds(200));  // let every thread take work
    std::lock_guard<std::mutex> lock(mutex);
    workers.insert(worker);
    if ((std::this_thread::get_id() == caller) != (worker == 0)) caller_is_zero = false;
  });
  EXPECT_TRUE(caller_is_zero);
  ASSERT_FALSE(workers.empty());
  EXPECT_GE(*workers.begin(), 0);
  EXPECT_LE(*workers.rbegin(), 2) << "more workers than the 3 threads asked for";
}

TEST(ParallelFor, NeverMoreThreadsThanIndices) {
  std::mutex mutex;
  std::set<int> workers;
  parallel_for(2, 16, [&](std::size_t, int worker) {
    std::lock_guard<std::mutex> lock(mutex);
    workers.insert(worker);
  });
  EXPECT_LE(*workers.rbegin(), 1);
}

TEST(ParallelFor, EachThreadTakesIndicesInIncreasingOrder) {
  std::mutex mutex;
  std::vector<std::vector<std::size_t>> taken(4);
  parallel_for(500, 4, [&](std::size_t i, int worker) {
    std::lock_guard<std::mutex> lock(mutex);
    taken[worker].push_back(i);
  });
  for (const auto& indices : taken)
    for (std::size_t k = 1; k < indices.size(); ++k) EXPECT_LT(indices[k - 1], indices[k]);
}

TEST(ParallelFor, NothingToDoCallsNothing) {
  bool called = false;
  parallel_for(0, 4, [&](std::size_t, int) { called = true; });
  EXPECT_FALSE(called);
}

TEST(ParallelFor, TheFirstExceptionStopsTheRestAndReachesTheCaller) {
  // The other thread waits for the throw and then takes its time over each index, so the test
  // does not depend on which thread a loaded machine runs first: without the stop it would
  // still take all 98,999 of them.
  std::atomic<bool> thrown{false};
  std::atomic<int> after{0};
  EXPECT_THROW(parallel_for(100000, 2,
                            [&](std::size_t i, int) {
                              if (i == 10) {
                                thrown = true;
                                throw std::runtime_error("index 10 failed");
                              }
                              if (i <= 1000) return;
                              while (!thrown) std::this_thread::yield();
                              std::this_thread::sleep_for(std::chrono::microseconds(100));
                              ++after;
                            }),
               std::runtime_error);
  EXPECT_LT(after.load(), 1000) << "the other indices were all still taken";
}

TEST(ParallelFor, ThreadCount) {
  EXPECT_EQ(thread_count(5), 5);
  EXPECT_GE(thread_count(0), 1);
  EXPECT_EQ(thread_count(-3), thread_count(0));
}

}  // namespace
}  // namespace entrapment
