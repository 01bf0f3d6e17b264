// Shared by the tests of runs (box, containment, submissions, judging): the test contestant and
// the game it plays (echo_problem.hpp), small limits, every isolation and limit mechanism as a
// parameter, and checks that nothing of a run is left (no process, no run directory, no control
// group).
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <tuple>
#include <vector>

#include "containment/containment.hpp"
#include "judging/judge_tests.hpp"
#include "problems/entrapment/testcase/testcase.hpp"
#include "tests/support/echo_problem.hpp"
#include "tests/support/judge.hpp"
#include "tests/support/repository.hpp"
#include "tests/support/temp_dir.hpp"

namespace entrapment {
// A failing parameterised test names the mechanism in words ("cgroup"), not as its bytes.
void PrintTo(LimitChoice mechanism, std::ostream* out);
}  // namespace entrapment

namespace entrapment::testing {

std::filesystem::path bin_dir();       // build_bin() (tests/support)
std::filesystem::path package_root();  // repository() (tests/support)

// Options for run_judge and start_judge (tests/support/judge.hpp): the judge finds the
// repository's package through ENTRAPMENT_ROOT, and gets `env` too.
JudgeOptions in_package(std::vector<std::pair<std::string, std::optional<std::string>>> env = {});

// The test contestant in `mode` (see programs/player.cpp). Its command line carries a token
// unique to this call, so its processes can be found afterwards.
Submission player(const std::string& mode, std::string* token = nullptr);

// BoxLimits small enough for tests: 1 s CPU, the production rule's wall clock (3 s), 256 MiB,
// 64 processes; enforced by `mechanism`.
BoxLimits small_limits(LimitChoice mechanism = LimitChoice::Auto);

// What the init of a sandbox's PID namespace adds to a run's figures beyond its program's: under
// bwrap the box's own step (judge-box --step, box/drop.hpp), an exec of judge-box, whose start
// on a busy machine cost up to 0.05 s of CPU (threads in bwrap: 0.51 s where its threads burn
// 0.40), and in the sanitizer tree, where the step is built with AddressSanitizer, up to 0.12 s
// and 4.4 MiB more (CI's sanitizer pass); in the box's own namespaces the box's child, which
// builds the root and execs nothing (its resident set is the box's own it was forked with). In
// the sanitizer tree 32 MiB: once, in a dry run of CI at load 14, cache-then-hold's 150 MiB
// showed as 199.7 MiB, 15 MiB above the 16 given before (not traced to the init or elsewhere;
// three runs after it stayed within). Nothing without a sandbox, where there is no init.
struct StepCost {
  double cpu_s = 0;
  long long memory_mib = 0;
};
inline StepCost step_cost(bool sandbox) {
  if (sandbox && sanitizer_tree()) return {0.25, 32};
  if (sandbox) return {0.05, 1};
  return {};
}

// How many processes have `token` in their command line.
int processes_with(const std::string& token);

// What this process's runs left behind: anything in its temporary directory
// (containment/judge_temp.hpp) but what `kept` names, and the control group of any box of its
// that is gone (entrapment-box-<this pid>-<box> where no such box lives: a box removes its own
// before it exits).
std::vector<std::string> leftovers(const std::vector<std::filesystem::path>& kept = {});

// What a judge that is another process (`judge`, its pid) left: its temporary directory
// (/tmp/entrapment-judge-<pid>-*), and the control group of any box of its that is gone.
std::vector<std::string> judge_leftovers(pid_t judge);

// Processes whose command line holds `token` and that run from a run's directory (a staged
// program: not a judge or a box, whose command lines hold it too).
int staged_programs_with(const std::string& token);

// The tests of the box play the tests' own game (echo_problem.hpp) through judging's own
// judge_test(submission, echo_module(), echo_test(), ...): they hold for any problem. What
// follows is for the tests of judging Entrapment itself (verdict precedence, -j determinism,
// every board), whose point is Entrapment's game.
//
// A board the contestant wins as the Trapper in 3 rounds (the first sample).
TestCase trapper_board();

// judge_test and judge_tests with Entrapment's module playing (problems/entrapment).
TestResult judge_test(const Submission& submission, const TestCase& test, const std::string& name,
                      const BoxLimits& limits, bool sandbox, const ChannelWrapper& wrap = {});
RunResult judge_tests(const Submission& submission, const std::vector<std::filesystem::path>& tests,
                      const std::filesystem::path& base, const BoxLimits& limits,
                      const RunOptions& options);

// Whether a fork bomb is contained in that isolation under that mechanism: a sandbox (its PID
// namespace, RLIMIT_NPROC on its user id), a control group (pids), or RLIMIT_NPROC on a
// user's id (not root, whom it does not bind).
bool can_contain_fork_bombs(bool sandbox, LimitChoice mechanism);

// Whether the contestant gets a root of its own (a sandbox).
bool has_own_root(bool sandbox);

// The sandbox a run gets here, as the record's `isolation` names it: "namespaces" (the box's
// own, as root), "bwrap", or "none" where neither can be had (box/sandbox_choice.hpp).
std::string sandbox_name();

// Files in /tmp and /dev/shm whose names hold `token`.
std::vector<std::string> files_with(const std::string& token);

// Whether a control group per run can be made here (else cgroup tests are skipped).
bool cgroups_usable();
std::string cgroups_reason();

// Why this machine cannot run a test in that sandbox mode under that limit mechanism (no
// sandbox usable, no control groups), or "" when it can: the reason a parameterised test skips.
std::string why_unsupported(bool sandbox, LimitChoice mechanism);

// The part of a parameterised test's name for who judges, the isolation and the limit
// mechanism: "root_ns_cgroup" (the box's own namespaces), "user_bwrap_cgroup",
// "user_none_rlimit", ...; mechanism_name alone: "cgroup".
std::string mechanism_name(LimitChoice mechanism);
std::string mode_name(bool sandbox, LimitChoice mechanism);

// The parameter of a test run in every mode: with and without a sandbox, under each limit
// mechanism.
// INSTANTIATE_TEST_SUITE_P(Prefix, Suite, every_mode(), ModeName()) names each after mode_name.
using ModeParam = std::tuple<bool /*sandbox*/, LimitChoice>;
// The modes a test of the box runs in. The plain pass: with and without the sandbox (as root
// the box's own namespaces, else bwrap) under each mechanism, four. The sanitizer pass watches
// the judge's own code, and every path of it runs when each isolation and each mechanism runs
// once: the sandbox with a control group, none with rlimits (half the runs, where that pass spent
// most of its time: doc/development.md).
inline std::vector<ModeParam> modes_to_test() {
  if (sanitizer_tree()) return {{true, LimitChoice::Cgroup}, {false, LimitChoice::Rlimit}};
  return {{true, LimitChoice::Cgroup},
          {true, LimitChoice::Rlimit},
          {false, LimitChoice::Cgroup},
          {false, LimitChoice::Rlimit}};
}
inline auto every_mode() { return ::testing::ValuesIn(modes_to_test()); }
// Of them, those with a sandbox.
inline std::vector<ModeParam> sandbox_modes() {
  std::vector<ModeParam> modes;
  for (const ModeParam& mode : modes_to_test())
    if (std::get<0>(mode)) modes.push_back(mode);
  return modes;
}
// A test run in one mode: SetUp() skips it, saying why, where this machine cannot have the
// mode (a class with its own SetUp() calls this one first and returns when IsSkipped()).
class ModeTest : public ::testing::TestWithParam<ModeParam> {
 protected:
  void SetUp() override {
    if (const std::string why = why_unsupported(sandbox(), mechanism()); !why.empty())
      GTEST_SKIP() << why;
  }
  bool sandbox() const { return std::get<0>(GetParam()); }
  LimitChoice mechanism() const { return std::get<1>(GetParam()); }
};
struct ModeName {
  std::string operator()(const ::testing::TestParamInfo<ModeParam>& info) const {
    return mode_name(std::get<0>(info.param), std::get<1>(info.param));
  }
};

}  // namespace entrapment::testing
