// Timing as contest systems do it (judging/cpu_pool.hpp): tests judged in parallel never time
// more runs at once than the judge has CPUs, and each run is pinned to a CPU that no other run
// holds meanwhile. The test contestant ("cpu-window") says which CPUs its affinity allows and
// when it ran; -j is twice the CPUs and more, so that without the pool runs would share.
#include <gtest/gtest.h>
#include <sched.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <optional>
#include <regex>
#include <thread>

#include "judging/cpu_pool.hpp"
#include "tests/support/runs.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

struct Window {
  std::string test, cpus;
  long long start = 0, end = 0;
};

std::vector<int> own_cpus() {
  cpu_set_t mask;
  CPU_ZERO(&mask);
  std::vector<int> cpus;
  if (::sched_getaffinity(0, sizeof mask, &mask) == 0)
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
      if (CPU_ISSET(cpu, &mask)) cpus.push_back(cpu);
  return cpus;
}

class CpuPinning : public ModeTest {};

TEST_P(CpuPinning, ParallelTestsNeverShareACpuNorOutnumberTheCpus) {
  const std::vector<int> cpus = own_cpus();
  ASSERT_FALSE(cpus.empty());
  const int count = static_cast<int>(cpus.size());
  TempDir dir("entrapment-test", 0755);
  std::vector<fs::path> files;
  for (int i = 0; i < 3 * count + 1; ++i) {
    files.push_back(dir.path / ("t" + std::to_string(10 + i) + ".in"));
    std::ofstream(files.back()) << i << " bye\n";  // the tests' own game (echo_problem.hpp)
  }
  RunOptions options;
  options.jobs = 2 * count + 2;
  options.sandbox = sandbox();
  const RunResult run = judge_tests(player("cpu-window"), echo_module(), files, dir.path,
                                    small_limits(mechanism()), options);
  ASSERT_EQ(run.tests.size(), files.size());
  std::vector<Window> windows;
  const std::regex said("window ([0-9,]*) ([0-9]+) ([0-9]+)");
  for (const TestResult& test : run.tests) {
    std::smatch m;
    ASSERT_TRUE(std::regex_search(test.message, m, said)) << test.name << ": " << test.message;
    windows.push_back({test.name, m[1], std::stoll(m[2]), std::stoll(m[3])});
    // One CPU, and one of the judge's.
    const Window& w = windows.back();
    EXPECT_EQ(w.cpus.find(','), std::string::npos) << w.test << " may run on CPUs " << w.cpus;
    if (w.cpus.find(',') == std::string::npos && !w.cpus.empty()) {
      EXPECT_NE(std::find(cpus.begin(), cpus.end(), std::stoi(w.cpus)), cpus.end())
          << w.test << " on CPU " << w.cpus;
    }
  }
  for (std::size_t a = 0; a < windows.size(); ++a) {
    int at_once = 1;  // runs going on when `a` began
    for (std::size_t b = 0; b < windows.size(); ++b) {
      if (a == b) continue;
      if (windows[b].start <= windows[a].start && windows[a].start < windows[b].end) ++at_once;
      const bool overlap = windows[a].start < windows[b].end && windows[b].start < windows[a].end;
      if (a < b && overlap) {
        EXPECT_NE(windows[a].cpus, windows[b].cpus) << windows[a].test << " and " << windows[b].test
                                                    << " ran at once on CPUs " << windows[a].cpus;
      }
    }
    EXPECT_LE(at_once, count) << windows[a].test << " began while " << at_once - 1
                              << " other runs went on, with " << count << " CPUs";
  }
}

INSTANTIATE_TEST_SUITE_P(Judged, CpuPinning, every_mode(), ModeName());

// The pool itself: each lease a CPU no other holds; one more waits until one is given back.
TEST(CpuPool, ALeaseHoldsItsCpuUntilItIsGivenBack) {
  CpuPool pool({3, 5});
  EXPECT_EQ(pool.size(), 2);
  std::optional<CpuPool::Lease> first(pool.acquire());
  const CpuPool::Lease second = pool.acquire();
  EXPECT_NE(first->cpu(), second.cpu());
  EXPECT_EQ(std::min(first->cpu(), second.cpu()), 3);
  EXPECT_EQ(std::max(first->cpu(), second.cpu()), 5);
  const int freed = first->cpu();
  int third = -1;
  std::thread waiting([&] { third = pool.acquire().cpu(); });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_EQ(third, -1) << "a third lease while two CPUs are held";
  first.reset();
  waiting.join();
  EXPECT_EQ(third, freed);
}

}  // namespace
}  // namespace entrapment::testing
