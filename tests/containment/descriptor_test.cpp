// No descriptor of the judge reaches a program it starts, whatever thread started it, and no
// start fails because another thread had a file open for writing at that moment. `judge
// verify` failed at random with "Text file busy": a program copied out of the compile cache
// was executed while a process started a moment before by another thread still held the
// copy's descriptor open for writing. Here threads copy programs the way any code may (a
// std::ofstream, whose descriptor is not close-on-exec) and start them at once (posix_spawn,
// and a box, which runs its own copy), while other threads start long-lived programs and write
// files: every start must succeed.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <thread>

#include "containment/box_process.hpp"
#include "containment/tool_process.hpp"
#include "tests/support/files.hpp"
#include "tests/support/runs.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

// Descriptors the test holds open, none close-on-exec: a file written, a pipe.
struct OpenDescriptors {
  int file = -1, pipe[2] = {-1, -1};
  explicit OpenDescriptors(const fs::path& dir) {
    file = ::open((dir / "held").c_str(), O_WRONLY | O_CREAT, 0644);
    if (::pipe(pipe) != 0) pipe[0] = pipe[1] = -1;
  }
  ~OpenDescriptors() {
    for (int fd : {file, pipe[0], pipe[1]})
      if (fd >= 0) ::close(fd);
  }
};

using Param = ModeParam;
class ContestantDescriptors : public ModeTest {};

TEST_P(ContestantDescriptors, AContestantHasOnlyItsThree) {
  TempDir dir("entrapment-test-fds", 0755);
  OpenDescriptors held(dir.path);
  ASSERT_GE(held.file, 3);
  const TestResult result = judge_test(player("fds"), echo_module(), echo_test(), "fds",
                                       small_limits(mechanism()), sandbox());
  EXPECT_EQ(to_string(result.verdict), std::string("AC")) << result.message;
}

INSTANTIATE_TEST_SUITE_P(Descriptors, ContestantDescriptors, every_mode(), ModeName());

TEST(Descriptors, AHelperProgramHasOnlyItsThree) {
  TempDir dir("entrapment-test-fds", 0755);
  OpenDescriptors held(dir.path);
  const fs::path output = dir.path / "output";
  const ToolRun run = run_tool({fs::absolute(bin_dir() / "test_player").string(), "fds-only"}, {},
                               output, std::chrono::seconds(60));
  ASSERT_TRUE(run.started) << run.error;
  EXPECT_EQ(run.exit_code, 0) << read_text(output);
}

// Thousands of starts from several threads while others copy and write files: none fails.
TEST(Descriptors, StartsNeverFailWhileOtherThreadsCopyAndWriteFiles) {
  TempDir dir("entrapment-test-starts", 0755);
  const fs::path program = fs::canonical("/usr/bin/true");
  std::string bytes = read_text(program);
  ASSERT_FALSE(bytes.empty());
  // Copy-and-start threads, and starts each: in the sanitizer tree a quarter, where every start
  // of the instrumented judge's code costs several times more and takes the same paths (the plain
  // pass, where the race is likelier, makes them all).
  constexpr int kCopiers = 3;
  const int kCopies = sanitizer_tree() ? 100 : 400;
  std::atomic<int> failures{0}, starts{0};
  std::atomic<bool> done{false};
  std::mutex mutex;
  std::vector<std::string> first_failures;
  const auto failed = [&](const std::string& why) {
    ++failures;
    std::lock_guard<std::mutex> lock(mutex);
    if (first_failures.size() < 5) first_failures.push_back(why);
  };
  // Each copier writes a program through a std::ofstream (not close-on-exec) and starts it
  // at once: as a helper program, and every tenth time as a contestant too.
  const auto copier = [&](int id) {
    for (int i = 0; i < kCopies; ++i) {
      const fs::path copy = dir.path / ("true-" + std::to_string(id) + "-" + std::to_string(i));
      {
        std::ofstream out(copy, std::ios::binary);
        out << bytes;
      }
      ::chmod(copy.c_str(), 0755);
      const ToolRun run = run_tool({copy.string()}, {}, dir.path / ("out-" + std::to_string(id)),
                                   std::chrono::seconds(60));
      ++starts;
      if (!run.started || run.exit_code != 0)
        failed(copy.string() + ": " +
               (run.started ? "exit " + std::to_string(run.exit_code) : run.error));
      if (i % 10 == 0) {
        try {
          BoxLimits limits = small_limits();
          BoxedProcess process({copy.string()}, limits, false);
          process.close_stdin();
          ++starts;
          const BoxRecord& record = process.wait();
          if (record.ending != BoxRecord::Ending::Exited || record.exit_code != 0)
            failed(copy.string() + " as a contestant: " + record.message + " " +
                   process.stderr_text());
        } catch (const std::exception& e) {
          failed(copy.string() + " as a contestant: " + e.what());
        }
      }
      fs::remove(copy);
    }
  };
  // Starters keep programs running that live a while (they would hold what they inherited).
  const auto starter = [&](int id) {
    while (!done) {
      const ToolRun run =
          run_tool({"/usr/bin/sleep", "0.02"}, {}, dir.path / ("sleep-" + std::to_string(id)),
                   std::chrono::seconds(60));
      ++starts;
      if (!run.started || run.exit_code != 0) failed("sleep: " + run.error);
    }
  };
  // A writer writes files all the time.
  const auto writer = [&] {
    for (int i = 0; !done; ++i) {
      std::ofstream out(dir.path / ("written-" + std::to_string(i % 20)), std::ios::binary);
      out << bytes;
    }
  };
  std::vector<std::thread> threads;
  for (int id = 0; id < 2; ++id) threads.emplace_back(starter, id);
  threads.emplace_back(writer);
  std::vector<std::thread> copiers;
  for (int id = 0; id < kCopiers; ++id) copiers.emplace_back(copier, id);
  for (std::thread& t : copiers) t.join();
  done = true;
  for (std::thread& t : threads) t.join();
  EXPECT_GE(starts.load(), kCopiers * kCopies);
  std::string examples;
  for (const std::string& why : first_failures) examples += "\n  " + why;
  EXPECT_EQ(failures.load(), 0) << "of " << starts.load() << " starts:" << examples;
  EXPECT_EQ(leftovers(), std::vector<std::string>{});
}

}  // namespace
}  // namespace entrapment::testing
