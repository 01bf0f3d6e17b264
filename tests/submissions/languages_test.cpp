// Correct programs in the languages contestants use, written the way they write them, must
// run under every sandbox mode and limit mechanism: a Python program that plays in a thread
// (plainly, and with a larger stack and recursion limit), a Java program (the JVM reserves
// far more address space than it uses, and plays in a thread with a 64 MiB stack). The C++
// program with 8 std::threads is among the hostile tests ("threads"). Each is accepted, shows
// its own figures (not bwrap's: each fills 64 MiB and burns a known CPU time by its own clock
// in its thread), and leaves no process and nothing else behind.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <set>

#include "containment/box_process.hpp"
#include "containment/spawn.hpp"
#include "submissions/submission.hpp"
#include "submissions/work_dir.hpp"
#include "tests/support/runs.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

using Param = ModeParam;

class Languages : public ModeTest {
 protected:
  // Accepted, with the program's own figures, and nothing left (but `kept`). The program
  // burns `cpu_used` seconds of CPU (by its process's clock) and fills kFilledMib: the figures
  // must be at least that (bwrap's own would be 2 MiB and a few ms), and at most that plus what
  // the interpreter or the JVM needs of its own (`cpu_own`, `memory_own_mib`, measured here
  // with /usr/bin/time and doubled), well below twice the truth.
  void expect_accepted(Submission submission, const BoxLimits& limits, double cpu_used,
                       double cpu_own, long long memory_own_mib,
                       const std::vector<std::string>& kept = {}) {
    const std::string token =
        "language-test-" + std::to_string(::getpid()) + "-" + std::to_string(++runs_);
    for (const std::string& word : {std::to_string(kFilledMib), std::to_string(cpu_used), token})
      submission.command.push_back(word);
    const TestResult result =
        judge_test(submission, echo_module(), echo_test(), submission.name, limits, sandbox());
    EXPECT_EQ(to_string(result.verdict), std::string("AC")) << result.message;
    EXPECT_GE(result.cpu_s, cpu_used * 0.98) << "CPU time";
    EXPECT_LE(result.cpu_s, cpu_used * 1.1 + cpu_own) << "CPU time";
    EXPECT_GE(result.memory_kib, kFilledMib * 1024) << "memory, KiB";
    EXPECT_LE(result.memory_kib, (kFilledMib + memory_own_mib) * 1024) << "memory, KiB";
    EXPECT_EQ(processes_with(token), 0) << "processes of the contestant are left";
    EXPECT_EQ(leftovers(), kept);
  }

  static constexpr long long kFilledMib = 64;
  int runs_ = 0;

  static fs::path program(const std::string& name) {
    return package_root() / "tests" / "programs" / name;
  }
};

// The JVM's performance-data files (/tmp/hsperfdata_USER/PID) of processes that are gone: a
// JVM the box kills cannot remove its own, and outside a sandbox /tmp is the machine's.
std::set<std::string> dead_jvm_files() {
  std::set<std::string> dead;
  std::error_code error;
  for (const auto& dir : fs::directory_iterator("/tmp", error)) {
    if (dir.path().filename().string().rfind("hsperfdata_", 0) != 0) continue;
    for (const auto& entry : fs::directory_iterator(dir.path(), error)) {
      const std::string name = entry.path().filename().string();
      if (name.find_first_not_of("0123456789") == std::string::npos && !name.empty() &&
          ::kill(std::stoi(name), 0) != 0 && errno == ESRCH)
        dead.insert(entry.path().string());
    }
  }
  return dead;
}

// Python's own: 0.4-0.5 s of CPU (start, the deep recursion, the exit) and 16 MiB resident.
// 1 GiB, as for Java: under rlimits the limit is on address space, and the big-stack program
// reserves a 128 MiB thread stack and glibc's arena for the thread (128 MiB of address space
// while it is aligned) beside the 64 MiB it fills; 256 MiB of address space failed it now and
// then with MemoryError, depending on where the kernel placed the mappings. (The problem's own
// limit is 2048 MiB.)
BoxLimits python_limits(LimitChoice mechanism) {
  BoxLimits limits = small_limits(mechanism);
  limits.cpu_s = 4;
  limits.wall_s = wall_limit_for(limits.cpu_s);
  limits.memory_mib = 1024;
  return limits;
}

TEST_P(Languages, PythonStartingAThreadIsAccepted) {
  expect_accepted({"python plain", {"/usr/bin/python3", program("threaded_echo.py"), "plain"}},
                  python_limits(mechanism()), 1.5, 0.6, 32);
}

TEST_P(Languages, PythonWithALargeThreadStackAndRecursionLimitIsAccepted) {
  expect_accepted(
      {"python big-stack", {"/usr/bin/python3", program("threaded_echo.py"), "big-stack"}},
      python_limits(mechanism()), 1.5, 0.6, 32);
}

TEST_P(Languages, JavaPlayingInAThreadIsAccepted) {
  if (find_program("javac").empty() || find_program("java").empty())
    GTEST_SKIP() << "no Java here (javac, java)";
  WorkDir work("java-test");
  const Submission submission = prepare_submission(program("ThreadedEcho.java"), work.path());
  // The JVM's start takes a good part of a second of CPU on a loaded machine; its own: 0.2-0.3 s
  // of CPU and some 80 MiB resident.
  BoxLimits limits = small_limits(mechanism());
  limits.cpu_s = 5;
  limits.wall_s = wall_limit_for(limits.cpu_s);
  limits.memory_mib = 1024;
  expect_accepted(submission, limits, 1.0, 0.6, 160, {work.path().string()});
}

// Memory off the heap counts: MLE, not a JVM that takes what it likes (issue 17).
TEST_P(Languages, JavasNativeMemoryCountsAgainstTheLimit) {
  if (find_program("javac").empty() || find_program("java").empty())
    GTEST_SKIP() << "no Java here (javac, java)";
  WorkDir work("java-test");
  const Submission submission = prepare_submission(program("NativeHog.java"), work.path());
  BoxLimits limits = small_limits(mechanism());
  limits.cpu_s = 5;
  limits.wall_s = wall_limit_for(limits.cpu_s);
  limits.memory_mib = 256;
  const std::set<std::string> before = dead_jvm_files();
  const TestResult result =
      judge_test(submission, echo_module(), echo_test(), submission.name, limits, sandbox());
  EXPECT_EQ(to_string(result.verdict), std::string("MLE")) << result.message;
  EXPECT_EQ(leftovers(), std::vector<std::string>{work.path().string()});
  // Killed, it left no file in the machine's /tmp (red team: one per run without bwrap).
  for (const std::string& file : dead_jvm_files())
    EXPECT_TRUE(before.count(file)) << file << " was left";
}

INSTANTIATE_TEST_SUITE_P(Contained, Languages, every_mode(), ModeName());

}  // namespace
}  // namespace entrapment::testing
