// A run's main process is killed by its pid (and its process group's id) until its run is
// swept: by the run's own clean-up, and by an interrupt's, which kills every registered run's
// group. Once the judge reaps that process its pid is free, and a program that starts next
// may get it. So the process stays a zombie, holding its pid, until the registry no longer
// names it (execution/contestant_process.hpp, execution/interrupts.hpp).
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>

#include "containment/contestant_process.hpp"
#include "containment/interrupts.hpp"
#include "execution_fixture.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

// The state letter in /proc/PID/stat ('Z' for a zombie), or '-' once there is no such process.
char state_of(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::stringstream text;
  text << in.rdbuf();
  const std::string stat = text.str();
  const std::size_t end = stat.rfind(')');
  return end == std::string::npos || end + 2 >= stat.size() ? '-' : stat[end + 2];
}

// A clean-up holds the registry while the run ends by itself: for as long as it holds it,
// the main process stays a zombie (reaped, its pid could be another program's by then).
TEST(MainPid, TheMainProcessIsNotReapedWhileTheRegistryMayStillKillItsPid) {
  ContestantProcess process(
      std::vector<std::string>{fs::absolute(bin_dir() / "test_player").string(), "fds-only"},
      small_limits(), false);
  const pid_t pid = process.pid();
  ASSERT_GT(pid, 0);
  bool ended = false;
  std::thread waiting;
  {
    std::unique_lock<std::mutex> registry = hold_registry();
    waiting =
        std::thread([&] { ended = process.wait_until(Clock::now() + std::chrono::seconds(10)); });
    char state = 'R';
    for (int look = 0; look < 500 && state != 'Z' && state != '-'; ++look) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
      state = state_of(pid);
    }
    EXPECT_EQ(state, 'Z') << "the main process did not exit, or was reaped at once";
    for (int look = 0; look < 30 && state == 'Z'; ++look) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
      if (state_of(pid) != 'Z') {
        ADD_FAILURE() << "reaped after " << look * 10 << " ms, while the registry was held";
        break;
      }
    }
  }
  waiting.join();
  EXPECT_TRUE(ended);
  EXPECT_FALSE(process.usage().signaled);
  EXPECT_EQ(process.usage().exit_code, 0);
  EXPECT_EQ(state_of(pid), '-') << "not reaped once the registry was free";
}

}  // namespace
}  // namespace entrapment::testing
