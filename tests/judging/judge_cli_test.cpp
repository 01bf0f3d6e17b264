// Containment as `build/bin/judge` shows it: `judge run -v` says which mechanism enforces the
// limits and why (ENTRAPMENT_LIMITS chooses; a wrong value is refused), and `judge run` and
// `judge play` show the same figures for the same program (both go through judge_test()).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <vector>

#include "tests/support/files.hpp"
#include "tests/support/runs.hpp"
#include "tests/support/temp_dir.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

std::string player_path() { return fs::absolute(bin_dir() / "test_player").string(); }

std::string sample() { return (package_root() / "testdata" / "sample" / "1.in").string(); }

// The number right after `key` in `text` (a JSON key with its colon, or a label); -1 if none.
double number_after(const std::string& text, const std::string& key) {
  const std::size_t at = text.find(key);
  if (at == std::string::npos) return -1;
  const char* start = text.c_str() + at + key.size();
  char* end = nullptr;
  const double value = std::strtod(start, &end);
  return end == start ? -1 : value;
}

std::string first_line_with(const std::string& text, const std::string& start) {
  const std::size_t at = text.find(start);
  return at == std::string::npos ? "" : text.substr(at, text.find('\n', at) - at);
}

TEST(JudgeRunVerbose, SaysWhichMechanismEnforcesTheLimits) {
  const JudgeRun automatic = run_judge(
      {"run", "--trust", "-v", "--no-sandbox", sample(), "--", player_path(), "correct", "v"},
      in_package());
  EXPECT_EQ(automatic.status, 0) << automatic.out << automatic.err;
  const std::string line = first_line_with(automatic.out, "limits: ");
  if (cgroups_usable())
    EXPECT_TRUE(line.rfind("limits: cgroup v", 0) == 0) << automatic.out;
  else
    EXPECT_TRUE(line.rfind("limits: rlimit (", 0) == 0) << automatic.out;
  EXPECT_NE(first_line_with(automatic.out, "sandbox: "), "") << automatic.out;

  const TempDir reports("entrapment-judge-cli-reports");
  const std::string html = (reports.path / "rlimit.html").string();
  const JudgeRun rlimit = run_judge({"run", "--trust", "-v", "--no-sandbox", "--html", html,
                                     sample(), "--", player_path(), "correct", "v"},
                                    in_package({{"ENTRAPMENT_LIMITS", "rlimit"}}));
  EXPECT_EQ(rlimit.status, 0) << rlimit.out << rlimit.err;
  EXPECT_EQ(first_line_with(rlimit.out, "limits: "), "limits: rlimit (ENTRAPMENT_LIMITS=rlimit)");
  // Issue 36: the report says, in those words, that memory was counted on a best-effort basis
  // under rlimits; with a control group it does not.
  EXPECT_NE(rlimit.out.find("Memory counted on a best-effort basis"), std::string::npos)
      << rlimit.out;
  EXPECT_NE(rlimit.out.find("memory 2048 MiB: counted on a best-effort basis"), std::string::npos)
      << rlimit.out;
  EXPECT_NE(read_text(html).find("Memory counted on a best-effort basis"), std::string::npos)
      << "the HTML report does not say so";
  if (cgroups_usable()) {
    EXPECT_EQ(automatic.out.find("best-effort"), std::string::npos) << automatic.out;
  }

  const JudgeRun bogus =
      run_judge({"run", "--trust", "-v", sample(), "--", player_path(), "correct", "v"},
                in_package({{"ENTRAPMENT_LIMITS", "cgroups"}}));
  EXPECT_EQ(bogus.status, 2) << bogus.out << bogus.err;
  EXPECT_NE(bogus.err.find("ENTRAPMENT_LIMITS=cgroups: expected rlimit, cgroup or auto"),
            std::string::npos)
      << bogus.err;
}

TEST(JudgeRunVerbose, ForcedControlGroupsAreUsedOrRefused) {
  const JudgeRun forced = run_judge(
      {"run", "--trust", "-v", "--no-sandbox", sample(), "--", player_path(), "correct", "v"},
      in_package({{"ENTRAPMENT_LIMITS", "cgroup"}}));
  if (cgroups_usable()) {
    EXPECT_EQ(forced.status, 0) << forced.out << forced.err;
    EXPECT_TRUE(first_line_with(forced.out, "limits: ").rfind("limits: cgroup v", 0) == 0)
        << forced.out;
  } else {
    EXPECT_EQ(forced.status, 2) << forced.out << forced.err;
    EXPECT_NE(forced.err.find("ENTRAPMENT_LIMITS=cgroup asks for control groups"),
              std::string::npos)
        << forced.err;
  }
}

// 64 MiB and 0.5 s of CPU, then a correct game: the same figures from run and from play.
TEST(JudgeFigures, RunAndPlayShowTheSameFigures) {
  TempDir dir("entrapment-test-figures", 0755);
  const fs::path json = dir.path / "run.json";
  const JudgeRun run = run_judge({"run", "--trust", "--json", json.string(), sample(), "--",
                                  player_path(), "burn-then-play", "figures"},
                                 in_package());
  ASSERT_EQ(run.status, 0) << run.out << run.err;
  const std::string report = read_text(json);
  const double run_cpu = number_after(report, "\"cpu_s\": ");
  const double run_mib = number_after(report, "\"memory_kib\": ") / 1024;
  ASSERT_GT(run_cpu, 0) << report;

  const JudgeRun play = run_judge(
      {"play", "--trust", "--test", sample(), "--", player_path(), "burn-then-play", "figures"},
      in_package());
  ASSERT_EQ(play.status, 0) << play.out << play.err;
  // "contestant: 0.512 s CPU, 1.040 s wall, 67 MiB peak memory"
  const std::string line = first_line_with(play.out, "contestant: ");
  const double play_cpu = number_after(line, "contestant: ");
  const double play_mib = number_after(line, " s wall, ");
  ASSERT_GT(play_cpu, 0) << play.out;
  ASSERT_GT(play_mib, 0) << play.out;

  EXPECT_GE(run_cpu, 0.49);
  EXPECT_GE(run_mib, 64);
  EXPECT_NEAR(run_cpu, play_cpu, 0.1 * run_cpu + 0.02);
  EXPECT_NEAR(run_mib, play_mib, 0.1 * run_mib + 1);
}

// A program that never flushes waits for the judge, which waits for its line, until the
// wall-clock guard: `judge run` says so ("did you flush?") instead of "the output ended", and
// stops at that first test even for a program expected to pass (each test would cost the whole
// guard: 43 x 11 s). With --all, every test is judged.
struct NeverFlushing {
  TempDir dir{"entrapment-test-no-flush", 0755};
  fs::path tests = dir.path / "tests";
  NeverFlushing() {
    fs::create_directories(tests);
    for (int i = 1; i <= 4; ++i) fs::copy_file(sample(), tests / (std::to_string(i) + ".in"));
  }
  // `judge run` on the four tests, with a 1 s time limit (a 3 s guard), `jobs` at a time.
  JudgeRun run(const fs::path& source, const std::vector<std::string>& more = {},
               int jobs = 1) const {
    std::vector<std::string> args = {"run",    "--trust",           source.string(), tests.string(),
                                     "--json", json().string(),     "--time-limit",  "1",
                                     "-j",     std::to_string(jobs)};
    args.insert(args.end(), more.begin(), more.end());
    return run_judge(args, in_package());
  }
  fs::path json() const { return dir.path / "run.json"; }
  // How many tests the JSON report holds (each is an object that starts with its name).
  std::size_t tests_reported() const {
    const std::string report = read_text(json());
    std::size_t count = 0;
    for (std::size_t at = report.find("{\"name\": "); at != std::string::npos;
         at = report.find("{\"name\": ", at + 1))
      ++count;
    return count;
  }
};

void expect_named_unflushed(const NeverFlushing& case_, const JudgeRun& run) {
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("did you flush?"), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("but the output ended"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("stopped at the first that waited for a flushed line, of 4"),
            std::string::npos)
      << run.out;
  EXPECT_EQ(case_.tests_reported(), 1u) << read_text(case_.json());
}

TEST(NeverFlushing, ACppProgramIsNamedAndStopsTheRunAtItsFirstTest) {
  const NeverFlushing case_;
  // The package's own, copied out of time_limit_exceeded/: outside it, it is expected to pass.
  const fs::path source = case_.dir.path / "mine.cpp";
  fs::copy_file(package_root() / "solutions" / "time_limit_exceeded" / "never_flushes.cpp", source);
  expect_named_unflushed(case_, case_.run(source));
}

TEST(NeverFlushing, APythonProgramIsNamedAndStopsTheRunAtItsFirstTest) {
  const NeverFlushing case_;
  // print() to a pipe keeps the line in Python's buffer; sys.stdin.readline() does not flush
  // it (input() would). The judge gives the program no PYTHONUNBUFFERED.
  const fs::path source = case_.dir.path / "mine.py";
  std::ofstream(source) << "import sys\n"
                           "sys.stdin.readline()\n"
                           "sys.stdin.readline()\n"
                           "print('Trapper')\n"
                           "sys.stdin.readline()\n";
  expect_named_unflushed(case_, case_.run(source));
}

TEST(NeverFlushing, AllJudgesEveryTest) {
  const NeverFlushing case_;
  const fs::path source = case_.dir.path / "mine.py";
  std::ofstream(source) << "import sys\nprint('Trapper')\nsys.stdin.read()\n";
  const JudgeRun run = case_.run(source, {"--all"}, 2);
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("did you flush?"), std::string::npos) << run.out;
  EXPECT_EQ(case_.tests_reported(), 4u) << read_text(case_.json());
}

// A program that sleeps after its game, the judge waiting for it to end rather than for a
// line, is not called unflushed; --first-failure stops a program expected to pass at its
// first failing test.
TEST(NeverFlushing, ASleeperAfterItsGameIsNotCalledUnflushed) {
  const NeverFlushing case_;
  const std::vector<std::string> args = {"run",
                                         "--trust",
                                         case_.tests.string(),
                                         "--json",
                                         case_.json().string(),
                                         "--time-limit",
                                         "1",
                                         "-j",
                                         "1",
                                         "--first-failure",
                                         "--",
                                         player_path(),
                                         "burn-then-sleep",
                                         "late"};
  const JudgeRun run = run_judge(args, in_package());
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("of wall-clock time"), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("did you flush?"), std::string::npos) << run.out;
  EXPECT_EQ(case_.tests_reported(), 1u) << read_text(case_.json());
}

}  // namespace
}  // namespace entrapment::testing
