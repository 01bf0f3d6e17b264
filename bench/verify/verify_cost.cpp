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
// 3. /bin/true started N times in a row, three ways, in the same run: bare (posix_spawn and
//    wait), in bwrap alone (the namespaces and root a run gets, nothing else), and contained as
//    the judge runs a test (BoxedProcess: its directory, judge-box, the control group or
//    rlimits, a run id, bwrap, setpriv, the seccomp filter, the record). What bwrap adds to a
//    plain exec, and what containment adds, per run: issue 36's target is that containment
//    adds at most twice what bwrap alone adds. Processes each way starts: bare 1; bwrap 3
//    (bwrap, its namespace's init, the program); contained 4 (the box too; setpriv is an exec
//    of the program's process, as root).
// CPU time is user + system of the process and everything it started (timed_run.hpp: a control
// group where one can be made); wall clock is shown but depends on the machine's load.
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "box/bwrap.hpp"
#include "containment/box_process.hpp"
#include "containment/spawn.hpp"
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
  double cpu_ms() const { return judge_ms + started_ms; }
};

enum class Way { Bare, BwrapAlone, Contained };

// One start of /bin/true `way`; "" or why it failed.
std::string start_once(Way way, const std::string& program, const std::vector<std::string>& bwrap) {
  if (way == Way::Contained) {
    entrapment::BoxLimits limits;
    limits.cpu_s = 5;
    limits.wall_s = 10;
    entrapment::BoxedProcess run({program}, limits, true);
    run.close_stdin();
    const entrapment::BoxRecord& record = run.wait();
    return record.ending == entrapment::BoxRecord::Ending::Exited && record.exit_code == 0
               ? ""
               : record.message;
  }
  entrapment::SpawnRequest request;
  request.argv = way == Way::Bare ? std::vector<std::string>{program} : bwrap;
  const pid_t pid = entrapment::spawn(request);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? "" : "it did not exit 0";
}

// `true` started `n` times in a row, `way`.
RunCost cost_of_runs(Way way, int n) {
  const std::string program = entrapment::find_program("true").string();
  std::vector<std::string> bwrap = {entrapment::bwrap_path().string(),
                                    "--die-with-parent",
                                    "--unshare-ipc",
                                    "--unshare-pid",
                                    "--unshare-net",
                                    "--unshare-uts",
                                    "--unshare-cgroup-try",
                                    "--new-session"};
  if (::geteuid() != 0)
    bwrap = {entrapment::bwrap_path().string(), "--die-with-parent", "--unshare-all",
             "--new-session"};
  for (const std::string& option : entrapment::system_read_only()) bwrap.push_back(option);
  for (const char* option : {"--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--"})
    bwrap.push_back(option);
  bwrap.push_back(program);
  const double self = cpu_of(RUSAGE_SELF), children = cpu_of(RUSAGE_CHILDREN);
  const auto start = std::chrono::steady_clock::now();
  RunCost cost;
  for (int i = 0; i < n; ++i) {
    try {
      cost.failure = start_once(way, program, bwrap);
    } catch (const std::exception& e) {
      cost.failure = e.what();
    }
    if (!cost.failure.empty()) return cost;
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
  bool runs_only = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--root") == 0 && i + 1 < argc) {
      root = argv[++i];
    } else if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
      n = std::max(1, std::atoi(argv[++i]));
    } else if (std::strcmp(argv[i], "--runs-only") == 0) {
      runs_only = true;
    } else {
      std::fprintf(stderr, "usage: verify_cost [--root DIR] [--runs N] [--runs-only]\n");
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
  if (runs_only) goto runs;  // NOLINT: the verify part skipped, for a profiler's sake
  {
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
  }
runs:
  std::printf(
      "/bin/true started %d times each way, in turn (CPU: the bench's own and what it "
      "started)\n",
      n);
  RunCost costs[3];
  const char* names[3] = {"bare", "bwrap alone", "contained"};
  // Interleaved in rounds, so that a change in the machine's load meets all three alike.
  const int rounds = 5;
  for (int round = 0; round < rounds; ++round)
    for (const Way way : {Way::Bare, Way::BwrapAlone, Way::Contained}) {
      const RunCost c = cost_of_runs(way, std::max(1, n / rounds));
      RunCost& total = costs[static_cast<int>(way)];
      if (!c.failure.empty()) total.failure = c.failure;
      total.judge_ms += c.judge_ms / rounds;
      total.started_ms += c.started_ms / rounds;
      total.wall_ms += c.wall_ms / rounds;
    }
  for (int i = 0; i < 3; ++i) {
    if (!costs[i].failure.empty()) {
      std::printf("  %-12s could not run: %s\n", names[i], costs[i].failure.c_str());
      ++failures;
      continue;
    }
    std::printf("  %-12s %6.2f ms CPU (this process %.2f, started %.2f), %6.2f ms wall\n", names[i],
                costs[i].cpu_ms(), costs[i].judge_ms, costs[i].started_ms, costs[i].wall_ms);
  }
  const double bwrap_adds = costs[1].cpu_ms() - costs[0].cpu_ms();
  const double containment_adds = costs[2].cpu_ms() - costs[0].cpu_ms();
  std::printf("  bwrap alone adds %.2f ms of CPU to an exec; containment adds %.2f ms (%.2f x)\n",
              bwrap_adds, containment_adds, bwrap_adds > 0 ? containment_adds / bwrap_adds : 0.0);
  fs::remove_all(cache, ec);
  return failures ? 1 : 0;
}
