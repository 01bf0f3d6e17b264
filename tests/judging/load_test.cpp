// A busy machine never turns a correct program into a TLE, and never lets a sleeping one run
// on: the wall-clock guard (2 x CPU + 1 s) is moved later by the time the contestant waited
// for a CPU, not by the time it slept. Here the machine is made busy (eight spinning processes
// per core, each in a session of its own) while a program that needs 0.3 s of CPU (limit 0.4 s,
// guard 1.8 s, where its start is fast: the limit is calibrated) plays: it gets about an eighth of
// a core, so 0.3 s of CPU takes some 2.5 s of wall time, past the guard, and only the credited
// waits keep it from a TLE. (No timed assertion: verdicts only.) The spinners' CPU is the test's
// cost, so the machine is busy only as long as the guard needs to be passed.
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
        std::min(64, 8 * static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
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
  // The CPU limit is what the program needs on this machine, measured alone first (a
  // calibration run), a third more: 0.4 s where it needs 0.3 s. Its need is 0.3 s burnt by its
  // own clock plus its start (and bwrap's, which a control group counts), and a start is slower
  // on a slow VM; the guard must stay as near the need as that for the load to pass it.
  double calibrated_cpu_limit() {
    BoxLimits roomy = small_limits(mechanism());
    roomy.cpu_s = 10;
    roomy.wall_s = wall_limit_for(roomy.cpu_s);
    const TestResult alone = judge_test(player("burn-0.3-then-play"), echo_module(), echo_test(),
                                        "burn-0.3-then-play", roomy, sandbox());
    EXPECT_EQ(to_string(alone.verdict), std::string("AC")) << "alone: " << alone.message;
    return std::max(0.4, alone.cpu_s * 4 / 3);
  }
  TestResult judge(const std::string& mode, double cpu_limit_s) {
    BoxLimits limits = small_limits(mechanism());
    limits.cpu_s = cpu_limit_s;
    limits.wall_s = wall_limit_for(limits.cpu_s);
    return judge_test(player(mode), echo_module(), echo_test(), mode, limits, sandbox());
  }
};

TEST_P(Load, ACorrectProgramOnABusyMachineIsAccepted) {
  const double limit = calibrated_cpu_limit();
  BusyMachine busy;
  const TestResult result = judge("burn-0.3-then-play", limit);
  EXPECT_EQ(to_string(result.verdict), std::string("AC")) << result.message;
}

TEST_P(Load, ASleepingProgramOnABusyMachineIsStillStopped) {
  BusyMachine busy;
  const TestResult result = judge("sleep", 0.4);
  EXPECT_EQ(to_string(result.verdict), std::string("TLE")) << result.message;
  EXPECT_NE(result.message.find("wall-clock"), std::string::npos) << result.message;
}

INSTANTIATE_TEST_SUITE_P(Contained, Load, every_mode(), ModeName());

}  // namespace
}  // namespace entrapment::testing
