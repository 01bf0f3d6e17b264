// A busy machine never turns a correct program into a TLE, and never lets a sleeping one run
// on: the wall-clock guard (2 x CPU + 1 s) is moved later by the time the contestant waited
// for a CPU, not by the time it slept. Here the machine is made busy (four spinning processes
// per core) while a program that needs 0.8 s of CPU (limit 1 s, guard 3 s) plays: it gets a
// fraction of a core, far from 0.8 s in 3 s. (No timed assertion: verdicts only.)
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <thread>

#include "containment/box_process.hpp"
#include "tests/support/runs.hpp"

namespace entrapment::testing {
namespace {

// Processes that spin until the object goes away.
class BusyMachine {
 public:
  BusyMachine() {
    const int count =
        std::min(64, 4 * static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    for (int i = 0; i < count; ++i) {
      const pid_t pid = ::fork();
      if (pid == 0) {
        // A session each, as other users' work is: where the scheduler shares the CPU between
        // sessions (autogroups), the contestant's own session does not get half the machine.
        ::setsid();
        volatile unsigned long sink = 0;
        for (;;) sink = sink + 1;
      }
      if (pid > 0) spinners_.push_back(pid);
    }
  }
  ~BusyMachine() {
    for (pid_t pid : spinners_) ::kill(pid, SIGKILL);
    for (pid_t pid : spinners_) ::waitpid(pid, nullptr, 0);
  }

 private:
  std::vector<pid_t> spinners_;
};

using Param = ModeParam;
class Load : public ModeTest {
 protected:
  TestResult judge(const std::string& mode) {
    return judge_test(player(mode), trapper_board(), mode, small_limits(mechanism()), sandbox());
  }
};

TEST_P(Load, ACorrectProgramOnABusyMachineIsAccepted) {
  BusyMachine busy;
  const TestResult result = judge("burn-0.8-then-play");
  EXPECT_EQ(to_string(result.verdict), std::string("AC")) << result.message;
}

TEST_P(Load, ASleepingProgramOnABusyMachineIsStillStopped) {
  BusyMachine busy;
  const TestResult result = judge("sleep");
  EXPECT_EQ(to_string(result.verdict), std::string("TLE")) << result.message;
  EXPECT_NE(result.message.find("wall-clock"), std::string::npos) << result.message;
}

INSTANTIATE_TEST_SUITE_P(Contained, Load, every_mode(), ModeName());

}  // namespace
}  // namespace entrapment::testing
