// Where `judge verify`'s CPU time goes, and what containment costs (issue 27: a cold verify at
// most 27 s of CPU on this package; one contained run a few milliseconds above a bare one).
//
//   verify_cost [--root DIR] [--runs N]
//
// 1. `judge verify -j 2` as a user types it, cold (every submission compiled: a compile cache
//    of its own, empty) and warm (the same cache, filled): the difference is compiling.
// 2. Each stage alone, warm (--only validate, generate, samples, submissions); the submissions
//    stage with the isolation verify uses here and with none (--no-sandbox): the difference,
//    over the number of runs the stage made (the "N tests" of its lines), is containment's
//    cost per run inside verify.
// 3. One run of /bin/true N times, contained and bare, through the judge's own
//    ContestantProcess: the judge's side (ids, control groups, staging, clean-up: this
//    process's CPU) and the started side (bwrap and the program: its children's CPU).
// CPU time is user + system of the process and everything it started (timed_run.hpp: a control
// group where one can be made); wall clock is shown but depends on the machine's load.
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "containment/contestant_process.hpp"
#include "containment/launch.hpp"
#include "timed_run.hpp"

namespace {

namespace fs = std::filesystem;
using entrapment::bench::timed;
using entrapment::bench::Timing;

double cpu_of(int who) {
  rusage u{};
  ::getrusage(who, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// The runs a verify's submissions stage made: the sum of "N tests" (or "1 test") of its lines.
int runs_in(const std::string& output) {
  static const std::regex tests(R"(, (\d+) tests?,)");
  int runs = 0;
  for (std::sregex_iterator it(output.begin(), output.end(), tests), end; it != end; ++it)
    runs += std::stoi((*it)[1]);
  return runs;
}

struct RunCost {
  double judge_ms = 0, started_ms = 0, wall_ms = 0;
  std::string failure;
};

// `true` run `n` times in a row, contained (`sandbox`) or not.
RunCost cost_of_runs(bool sandbox, int n) {
  entrapment::Limits limits;
  limits.cpu_s = 5;
  limits.wall_s = 10;
  const std::string program = entrapment::find_program("true").string();
  const double self = cpu_of(RUSAGE_SELF), children = cpu_of(RUSAGE_CHILDREN);
  const auto start = std::chrono::steady_clock::now();
  RunCost cost;
  for (int i = 0; i < n; ++i) {
    try {
      entrapment::ContestantProcess run({program}, limits, sandbox);
      run.close_stdin();
      if (!run.wait_until(run.started() + std::chrono::seconds(10)) ||
          !run.usage().not_started.empty() || run.usage().exit_code != 0) {
        cost.failure =
            run.usage().not_started.empty() ? "true did not exit 0" : run.usage().not_started;
        return cost;
      }
    } catch (const std::exception& e) {
      cost.failure = e.what();
      return cost;
    }
  }
  cost.judge_ms = (cpu_of(RUSAGE_SELF) - self) * 1000 / n;
  cost.started_ms = (cpu_of(RUSAGE_CHILDREN) - children) * 1000 / n;
  cost.wall_ms =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() * 1000 / n;
  return cost;
}

void line(const char* what, double cpu_s, const char* note = "") {
  std::printf("  %-58s %7.2f s CPU %s\n", what, cpu_s, note);
}

}  // namespace

int main(int argc, char** argv) {
  fs::path root = ENTRAPMENT_SOURCE_DIR;
  int n = 200;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--root") == 0 && i + 1 < argc) {
      root = argv[++i];
    } else if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
      n = std::max(1, std::atoi(argv[++i]));
    } else {
      std::fprintf(stderr, "usage: verify_cost [--root DIR] [--runs N]\n");
      return 2;
    }
  }
  std::error_code ec;
  const fs::path judge = fs::read_symlink("/proc/self/exe", ec).parent_path() / "judge";
  if (!fs::exists(judge)) {
    std::fprintf(stderr, "verify_cost: %s is not built\n", judge.c_str());
    return 2;
  }
  char cache_name[] = "/tmp/verify-cost-cache-XXXXXX";
  if (!::mkdtemp(cache_name)) {
    std::perror("verify_cost: a compile cache of its own");
    return 2;
  }
  const std::string cache = cache_name;
  auto verify = [&](std::vector<std::string> extra) {
    std::vector<std::string> argv = {judge.string(), "--root", root.string(), "verify",
                                     "-j",           "2",      "--no-color"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    return argv;
  };
  int failures = 0;
  auto checked = [&](const char* what, const Timing& t) {
    if (t.status != 0) {
      std::printf("  %s: exit status %d\n%s\n", what, t.status, t.output.c_str());
      ++failures;
    }
    return t;
  };
  std::printf("judge verify -j 2 on %s\n", root.c_str());
  const Timing cold = checked("cold", timed(verify({}), cache, true));
  const Timing warm = checked("warm", timed(verify({}), cache, true));
  line("cold (every submission compiled)", cold.cpu_s);
  line("warm (the compile cache filled)", warm.cpu_s);
  std::printf("  (CPU counted by %s)\n", cold.counted_by);
  line("  compiling (cold - warm)", cold.cpu_s - warm.cpu_s);
  for (const char* stage : {"validate", "generate", "samples"}) {
    const std::string what = std::string("  stage ") + stage + ", warm";
    line(what.c_str(), checked(stage, timed(verify({"--only", stage}), cache, true)).cpu_s);
  }
  const Timing contained =
      checked("submissions", timed(verify({"--only", "submissions"}), cache, true));
  const Timing bare =
      checked("submissions --no-sandbox",
              timed(verify({"--only", "submissions", "--no-sandbox"}), cache, true));
  const int runs = runs_in(contained.output);
  line("  stage submissions, warm, as verify runs it", contained.cpu_s);
  line("    the games without containment (--no-sandbox)", bare.cpu_s);
  char note[96];
  std::snprintf(note, sizeof note, "(%d runs: %.1f ms each)", runs,
                runs ? (contained.cpu_s - bare.cpu_s) * 1000 / runs : 0.0);
  line("    containment (the difference)", contained.cpu_s - bare.cpu_s, note);
  std::printf(
      "one run of /bin/true, %d times (judge: ids, groups, staging, clean-up; started: "
      "bwrap and the program)\n",
      n);
  for (bool sandbox : {false, true}) {
    const RunCost c = cost_of_runs(sandbox, n);
    if (!c.failure.empty()) {
      std::printf("  %-10s could not run: %s\n", sandbox ? "contained" : "bare", c.failure.c_str());
      continue;
    }
    std::printf("  %-10s %6.2f ms CPU (judge %.2f, started %.2f), %6.2f ms wall\n",
                sandbox ? "contained" : "bare", c.judge_ms + c.started_ms, c.judge_ms, c.started_ms,
                c.wall_ms);
  }
  fs::remove_all(cache, ec);
  return failures ? 1 : 0;
}
