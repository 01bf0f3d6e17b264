// execution_bench: what judging costs over merely running the contestant.
//
// For every test (default: all of testdata/secret, the contest set; --tests testdata/exhaustive
// for the exhaustive tier), in the same run and on the same spawning
// path (a box, BoxedProcess, same limits, same sandbox setting):
//   judged  judge_test(): the solution plays the game against the package's module (the one
//           its judge.yaml names: any problem's, Entrapment's by default);
//   floor   the same contestant fed its side of that game (the judge's lines recorded in the
//           judged game's record, written to its stdin at once, as a file would be) with
//           its output read and thrown away: no judging, no waiting for the judge.
// The two are timed per game and interleaved (judged, then floor, test by test), so a load
// that comes and goes on the machine hits both alike. The aim is judged/floor <= 1.3.
//
// It also prints the interactor's own CPU time per game, measured on this thread around the
// module's play() replaying each game in-process from the contestant's recorded lines (so it holds
// neither the spawn nor the waiting), the judge thread's whole CPU time per judged game, and
// the judge process's peak resident memory.
//
//   execution_bench [--root DIR] [--tests DIR] [--limit N] [-j N] [--sandbox | --trust]
//                   [--solution FILE]
//   execution_bench --containment-cost N
//     the cost of containment alone: N runs of /bin/true with no isolation, then N in bwrap
//     (as root: bwrap as root and setpriv to a user id of its own), interleaved, with the
//     machine's limit mechanism: the mean wall-clock time per run, and the CPU time of the
//     judge and of the run's processes together (user + sys) per run.
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>

#include "box/limits.hpp"
#include "containment/box_process.hpp"
#include "containment/containment.hpp"
#include "containment/isolation_policy.hpp"
#include "judging/judge_tests.hpp"
#include "judging/pipe_channel.hpp"
#include "package/problem_modules.hpp"
#include "package/problem_yaml.hpp"
#include "protocol/scripted_channel.hpp"
#include "submissions/submission.hpp"
#include "submissions/work_dir.hpp"

namespace fs = std::filesystem;
using namespace entrapment;

namespace {

struct Options {
  fs::path root;
  fs::path tests;
  fs::path solution;
  std::size_t limit = 0;  // 0: all
  int jobs = 1;
  bool sandbox = false;
  int containment_runs = 0;  // --containment-cost N
};

// What one test cost.
struct GameCost {
  std::string name;
  double judged_wall_s = 0;
  double floor_wall_s = 0;
  double judged_contestant_cpu_s = 0;
  double floor_contestant_cpu_s = 0;
  double judge_thread_cpu_s = 0;  // this thread during judge_test: spawn, interact, reap
  double interactor_cpu_s = 0;    // this thread during the module's play() alone (replayed)
  std::string failure;            // empty when both runs went as they should
};

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

double thread_cpu_s() {
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path.string() + ": cannot read");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> lines_of(const GameRecord& game, bool from_contestant, bool& cut) {
  std::vector<std::string> lines;
  for (const GameLine& line : game.lines) {
    if (line.from_contestant != from_contestant) continue;
    cut = cut || line.cut;
    lines.push_back(line.text);
  }
  return lines;
}

// The floor: the contestant spawned as judge_test spawns it, its whole input (the judge's
// lines) written at once, its output read to the end and dropped. Returns the failure, if any.
std::string run_floor(const Submission& submission, const std::vector<std::string>& input,
                      const BoxLimits& limits, bool sandbox, GameCost& cost) {
  const Clock::time_point start = Clock::now();
  std::string failure;
  {
    BoxedProcess process(submission.command, limits, sandbox);
    PipeChannel channel(process);
    for (const std::string& line : input)
      if (!channel.write_line(line)) break;
    process.close_stdin();
    while (channel.read_line().status != LineRead::Status::End) {
    }
    const BoxRecord& record = process.wait();
    if (record.stopped_by != BoxRecord::Stop::None)
      failure = "the floor run was stopped: " + record.message;
    else if (record.failed())
      failure = "the floor run failed: " + record.message;
    cost.floor_contestant_cpu_s = record.cpu_s;
  }  // the run's directory goes here, as at the end of judge_test
  cost.floor_wall_s = seconds_since(start);
  return failure;
}

GameCost measure(const Submission& submission, const ProblemModule& module,
                 const PreparedTest& test, const std::string& name, const BoxLimits& limits,
                 bool sandbox) {
  GameCost cost;
  cost.name = name;
  const double cpu_before = thread_cpu_s();
  const Clock::time_point start = Clock::now();
  const TestResult judged = judge_test(submission, module, test, name, limits, sandbox);
  cost.judged_wall_s = seconds_since(start);
  cost.judge_thread_cpu_s = thread_cpu_s() - cpu_before;
  cost.judged_contestant_cpu_s = judged.cpu_s;
  if (judged.verdict != Verdict::AC) {
    cost.failure = std::string("judged ") + to_string(judged.verdict) + ": " + judged.message;
    return cost;
  }
  bool cut = false;
  const std::vector<std::string> judge_lines = lines_of(judged.game, false, cut);
  const std::vector<std::string> contestant_lines = lines_of(judged.game, true, cut);
  if (cut || judged.game.lines_dropped > 0) {
    cost.failure = "the game's record kept too little of it to replay";
    return cost;
  }
  try {
    cost.failure = run_floor(submission, judge_lines, limits, sandbox, cost);
  } catch (const std::exception& e) {
    cost.failure = std::string("cannot start the floor run: ") + e.what();
  }

  // The interactor alone: the same game replayed in-process, no process on the other side.
  ScriptedChannel replay(contestant_lines);
  GameRecord record;
  const double interact_before = thread_cpu_s();
  const Outcome outcome = module.play(test, replay, record);
  cost.interactor_cpu_s = thread_cpu_s() - interact_before;
  if (cost.failure.empty() && !outcome.accepted())
    cost.failure = "the replay was not accepted: " + outcome.message;
  if (cost.failure.empty() && replay.judge_lines() != judge_lines)
    cost.failure = "the replay sent other lines than the judged game";
  return cost;
}

std::string ms(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f ms", s * 1e3);
  return text;
}

std::string sec(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f s", s);
  return text;
}

int run(const Options& options) {
  const BoxLimits limits = limits_from(load_problem_yaml(options.root / "problem.yaml"));
  const ProblemModule& module = package_problem_module(options.root);
  std::vector<fs::path> files = collect_tests({options.tests});
  if (options.limit > 0 && files.size() > options.limit) files.resize(options.limit);
  if (files.empty()) throw std::runtime_error(options.tests.string() + ": no test files (*.in)");
  std::vector<std::shared_ptr<const PreparedTest>> tests;
  std::vector<std::string> names;
  for (const fs::path& file : files) {
    try {
      tests.push_back(module.parse_test(read_file(file), ""));  // as judge_tests reads one
    } catch (const std::exception& e) {
      throw std::runtime_error(file.string() + ": " + e.what());
    }
    names.push_back(fs::relative(file, options.tests).string());
  }
  WorkDir work("bench");
  const Submission submission = prepare_submission(options.solution, work.path());
  if (options.sandbox && !sandbox_support().usable)
    std::cerr << "execution_bench: running without the sandbox: " << sandbox_support().reason
              << "\n";

  std::vector<GameCost> costs(tests.size());
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < tests.size();)
      costs[i] = measure(submission, module, *tests[i], names[i], limits, options.sandbox);
  };
  const Clock::time_point start = Clock::now();
  std::vector<std::thread> threads;
  for (int j = 1; j < options.jobs; ++j) threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads) t.join();
  const double elapsed = seconds_since(start);

  double judged = 0, floor = 0, judged_cpu = 0, floor_cpu = 0, thread_cpu = 0;
  double interactor_sum = 0, interactor_max = 0, thread_max = 0;
  std::string interactor_max_name;
  int failures = 0;
  for (const GameCost& c : costs) {
    if (!c.failure.empty()) {
      if (++failures <= 10) std::cerr << "execution_bench: " << c.name << ": " << c.failure << "\n";
      continue;
    }
    judged += c.judged_wall_s;
    floor += c.floor_wall_s;
    judged_cpu += c.judged_contestant_cpu_s;
    floor_cpu += c.floor_contestant_cpu_s;
    thread_cpu += c.judge_thread_cpu_s;
    thread_max = std::max(thread_max, c.judge_thread_cpu_s);
    interactor_sum += c.interactor_cpu_s;
    if (c.interactor_cpu_s > interactor_max) {
      interactor_max = c.interactor_cpu_s;
      interactor_max_name = c.name;
    }
  }
  const std::size_t games = costs.size() - static_cast<std::size_t>(failures);
  const double n = games > 0 ? static_cast<double>(games) : 1;
  rusage self{};
  ::getrusage(RUSAGE_SELF, &self);

  std::printf("execution_bench: %s on %s\n", submission.name.c_str(), options.tests.c_str());
  std::printf("  %zu tests (%d failed), -j %d, sandbox %s, %s elapsed\n\n", costs.size(), failures,
              options.jobs, options.sandbox ? "on" : "off", sec(elapsed).c_str());
  std::printf("  %-38s %12s %12s %16s\n", "", "total wall", "per game", "contestant CPU");
  std::printf("  %-38s %12s %12s %16s\n", "judged (judge_test)", sec(judged).c_str(),
              ms(judged / n).c_str(), sec(judged_cpu).c_str());
  std::printf("  %-38s %12s %12s %16s\n", "floor (its side from the record)", sec(floor).c_str(),
              ms(floor / n).c_str(), sec(floor_cpu).c_str());
  std::printf("  %-38s %11.3fx %12s\n\n", "ratio judged / floor (aim <= 1.3)",
              floor > 0 ? judged / floor : 0.0, "");
  std::printf("  interactor CPU per game (play() alone): mean %s, max %s (%s)\n",
              ms(interactor_sum / n).c_str(), ms(interactor_max).c_str(),
              interactor_max_name.c_str());
  std::printf("  judge thread CPU per judged game (spawn, interact, reap): mean %s, max %s\n",
              ms(thread_cpu / n).c_str(), ms(thread_max).c_str());
  std::printf("  judge peak memory (max RSS of this process): %.1f MiB\n",
              static_cast<double>(self.ru_maxrss) / 1024.0);
  return failures == 0 ? 0 : 1;
}

double process_cpu_s() {
  rusage self{}, children{};
  ::getrusage(RUSAGE_SELF, &self);
  ::getrusage(RUSAGE_CHILDREN, &children);
  const auto s = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6;
  };
  return s(self.ru_utime) + s(self.ru_stime) + s(children.ru_utime) + s(children.ru_stime);
}

// One run of /bin/true from start to its end, clean-up included.
void run_true(bool bwrap, double& wall_s, double& cpu_s) {
  BoxLimits limits;
  limits.cpu_s = 5;
  limits.wall_s = 30;
  const double cpu_before = process_cpu_s();
  const Clock::time_point start = Clock::now();
  {
    BoxedProcess process({"/bin/true"}, limits, bwrap);
    process.close_stdin();
    const BoxRecord& record = process.wait();
    if (record.ending != BoxRecord::Ending::Exited || record.exit_code != 0)
      throw std::runtime_error("/bin/true did not end well: " + record.message + " " +
                               process.stderr_text());
  }
  wall_s += seconds_since(start);
  cpu_s += process_cpu_s() - cpu_before;
}

int containment_cost(int runs) {
  if (!sandbox_support().usable) {
    std::cerr << "execution_bench: bwrap is not usable here: " << sandbox_support().reason << "\n";
    return 2;
  }
  double wall[2] = {0, 0}, cpu[2] = {0, 0};
  for (int i = 0; i < runs; ++i)
    for (const bool bwrap : {false, true}) run_true(bwrap, wall[bwrap], cpu[bwrap]);
  const auto ms = [runs](double s) { return s / runs * 1000; };
  std::printf("containment cost, /bin/true, %d runs each (%s):\n", runs,
              ::geteuid() == 0 ? "root: bwrap as root, setpriv to a user id of its own"
                               : "not root: bwrap in a user namespace");
  std::printf("  none   wall %.2f ms  CPU %.2f ms per run\n", ms(wall[0]), ms(cpu[0]));
  std::printf("  bwrap  wall %.2f ms  CPU %.2f ms per run\n", ms(wall[1]), ms(cpu[1]));
  std::printf("  bwrap costs %.2f ms of CPU more per run\n", ms(cpu[1] - cpu[0]));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"execution_bench: judging the reference solution on testdata/secret vs the floor"};
  Options options;
  const char* env = std::getenv("ENTRAPMENT_ROOT");
  options.root = env && *env ? fs::path(env) : fs::path(ENTRAPMENT_SOURCE_DIR);
  std::string tests, solution;
  app.add_option("--root", options.root,
                 "the package root (default: $ENTRAPMENT_ROOT, else "
                 "the source tree)")
      ->check(CLI::ExistingDirectory);
  app.add_option("--tests", tests,
                 "test file or directory (default: testdata/secret, the contest set; "
                 "testdata/exhaustive is the exhaustive tier)");
  app.add_option("--limit", options.limit, "only the first N tests in path order (default all)");
  app.add_option("-j,--jobs", options.jobs, "games measured in parallel (default 1)")
      ->check(CLI::PositiveNumber);
  app.add_flag("--sandbox", options.sandbox,
               "run the contestant in the box's sandbox (both judged and floor; default off)");
  bool trust = false;
  app.add_flag("--trust", trust,
               "let the solution run without a sandbox, as judge's --trust does (the package's "
               "own; without it and --sandbox every game is refused)");
  app.add_option("--solution", solution,
                 "the contestant (default: solutions/accepted/reference.cpp)");
  app.add_option("--containment-cost", options.containment_runs,
                 "only measure containment: N runs of /bin/true without and with bwrap")
      ->check(CLI::PositiveNumber);
  CLI11_PARSE(app, argc, argv);
  if (trust) trust_unisolated_programs();
  if (options.containment_runs > 0) return containment_cost(options.containment_runs);
  options.root = options.root.lexically_normal();
  options.tests = tests.empty() ? options.root / "testdata" / "secret" : fs::path(tests);
  options.solution = solution.empty() ? options.root / "solutions" / "accepted" / "reference.cpp"
                                      : fs::path(solution);
  try {
    return run(options);
  } catch (const std::exception& e) {
    std::cerr << "execution_bench: " << e.what() << "\n";
    return 2;
  }
}
