// `judge verify`: the package's main check, like problemtools' verifyproblem. Every test file
// passes the input validator and the validator rejects every invalid case; `judge generate
// --check` holds; every sample transcript replays through the interactor; every submission in
// solutions/ gets the verdict of its directory, on the samples and the contest set
// (--exhaustive: and on the exhaustive tier). Non-zero exit on any mismatch.
#include <sys/stat.h>

#include <boost/process.hpp>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>

#include "command.hpp"
#include "package/problem_yaml.hpp"
#include "runner/judge_tests.hpp"
#include "runner/limits.hpp"
#include "runner/submission.hpp"
#include "runner/work_dir.hpp"

#if __has_include("generate/generate.hpp")
#include "generate/generate.hpp"
#define ENTRAPMENT_HAVE_GENERATE 1
#endif

namespace entrapment::cli {

namespace fs = std::filesystem;
namespace bp = boost::process;

namespace {

struct VerifyArguments {
  int jobs = 0;
  int max_tests = 0;  // 0: every test
  bool sandbox = false;
  bool exhaustive = false;  // also testdata/exhaustive
};

struct Tally {
  int failures = 0;
  void step(const std::string& name, bool ok, const std::string& detail) {
    std::cout << (ok ? "  ok    " : "  FAIL  ") << name << (detail.empty() ? "" : ": " + detail)
              << "\n";
    if (!ok) ++failures;
  }
  void unavailable(const std::string& name, const std::string& why) {
    std::cout << "  n/a   " << name << ": not available (" << why << ")\n";
  }
};

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

fs::path own_bin_dir() {
  std::error_code ec;
  return fs::read_symlink("/proc/self/exe", ec).parent_path();
}

std::vector<fs::path> tests_under(const fs::path& dir) {
  return fs::is_directory(dir) ? collect_tests({dir}) : std::vector<fs::path>{};
}

// Runs the input validator on every file; `expected` is 42 (valid) or 43 (invalid).
void check_validator(Tally& tally, const fs::path& validator, const std::vector<fs::path>& files,
                     int expected, const std::string& what, const fs::path& root, int jobs) {
  std::vector<std::string> wrong;
  std::mutex mutex;
  std::size_t next = 0;
  auto worker = [&] {
    for (;;) {
      std::size_t i;
      {
        std::lock_guard<std::mutex> lock(mutex);
        if (next >= files.size()) return;
        i = next++;
      }
      std::error_code ec;
      int status =
          bp::system(validator.string(), bp::std_in<files[i].string(), bp::std_out> bp::null,
                     bp::std_err > bp::null, ec);
      if (ec || status != expected) {
        std::lock_guard<std::mutex> lock(mutex);
        wrong.push_back(fs::relative(files[i], root).string() + " (exit " + std::to_string(status) +
                        ")");
      }
    }
  };
  std::vector<std::thread> threads;
  for (int j = 0; j < jobs; ++j) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
  std::sort(wrong.begin(), wrong.end());
  std::string detail = std::to_string(files.size()) + " files";
  if (!wrong.empty())
    detail += "; wrong: " + wrong.front() +
              (wrong.size() > 1 ? " and " + std::to_string(wrong.size() - 1) + " more" : "");
  tally.step(what, wrong.empty() && !files.empty(), detail);
}

// Every sample first, then every secret test, or with --max-tests an evenly spaced selection of
// them (deterministic).
std::vector<fs::path> select_tests(const std::vector<fs::path>& samples,
                                   const std::vector<fs::path>& secret,
                                   const VerifyArguments& args) {
  std::vector<fs::path> tests = samples;
  if (args.max_tests == 0 || static_cast<int>(secret.size()) <= args.max_tests) {
    tests.insert(tests.end(), secret.begin(), secret.end());
  } else {
    for (int k = 0; k < args.max_tests; ++k)
      tests.push_back(secret[secret.size() * k / args.max_tests]);
  }
  return tests;
}

int verify(const VerifyArguments& args) {
  const fs::path root = package_root();
  const int jobs = args.jobs > 0 ? args.jobs : std::max(1u, std::thread::hardware_concurrency());
  Tally tally;
  std::cout << "judge verify: " << root.string() << "\n";
  Limits limits;
  try {
    limits = limits_from(load_problem_yaml(root / "problem.yaml"));
    tally.step("problem.yaml", true, "");
  } catch (const std::exception& e) {
    tally.step("problem.yaml", false, e.what());
  }
  const auto samples = tests_under(root / "testdata" / "sample");
  auto secret = tests_under(root / "testdata" / "secret");
  if (args.exhaustive) {
    const auto exhaustive = tests_under(root / "testdata" / "exhaustive");
    if (exhaustive.empty()) tally.step("testdata/exhaustive", false, "no test files (*.in)");
    secret.insert(secret.end(), exhaustive.begin(), exhaustive.end());
  }
  std::vector<fs::path> all = samples;
  all.insert(all.end(), secret.begin(), secret.end());

  std::cout << "input validator\n";
  const fs::path validator = own_bin_dir() / "input_validator";
  if (!fs::exists(validator)) {
    tally.unavailable("input validator", validator.string() + " is not built");
  } else {
    check_validator(tally, validator, all, 42,
                    args.exhaustive ? "accepts testdata/sample, secret and exhaustive"
                                    : "accepts testdata/sample and testdata/secret",
                    root, jobs);
    check_validator(tally, validator, tests_under(root / "testdata" / "invalid_input"), 43,
                    "rejects testdata/invalid_input", root, jobs);
  }

  std::cout << "generated test data\n";
#ifdef ENTRAPMENT_HAVE_GENERATE
  try {
    const GenerateReport report = generate_testdata(root, true);
    std::string detail;
    for (const auto* list : {&report.differing, &report.missing, &report.extra})
      for (const std::string& f : *list) detail += (detail.empty() ? "" : ", ") + f;
    tally.step("judge generate --check", report.ok(), report.ok() ? "" : "differs: " + detail);
  } catch (const std::exception& e) {
    tally.step("judge generate --check", false, e.what());
  }
  std::cout << "sample transcripts\n";
  int replayed = 0;
  for (const fs::path& sample : samples) {
    fs::path transcript = fs::path(sample).replace_extension(".interaction");
    if (!fs::exists(transcript)) continue;
    ++replayed;
    try {
      auto problem = replay_interaction(parse_testcase(read_file(sample)), read_file(transcript));
      tally.step(fs::relative(transcript, root).string(), !problem, problem ? *problem : "");
    } catch (const std::exception& e) {
      tally.step(fs::relative(transcript, root).string(), false, e.what());
    }
  }
  if (replayed == 0) tally.step("sample transcripts", false, "no testdata/sample/*.interaction");
#else
  tally.unavailable("judge generate --check", "judge/generate is not built into this judge");
  tally.unavailable("sample transcripts", "judge/generate is not built into this judge");
#endif

  const std::vector<fs::path> tests = select_tests(samples, secret, args);
  std::cout << "submissions (" << tests.size() << " tests each"
            << (tests.size() < all.size() ? ", a selection of the " + std::to_string(all.size())
                                          : "")
            << ")\n";
  const WorkDir work_dir("verify");
  const fs::path& work = work_dir.path();
  for (const char* dir : {"accepted", "wrong_answer", "time_limit_exceeded", "run_time_error"}) {
    Verdict expected;
    parse_verdict(dir, expected);
    const fs::path folder = root / "solutions" / dir;
    if (!fs::is_directory(folder)) continue;
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(folder))
      if (entry.is_regular_file()) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) {
      const std::string name = fs::relative(file, root).string();
      Submission submission;
      try {
        submission = prepare_submission(file, work / file.stem());
      } catch (const std::exception& e) {
        tally.step(name, false, e.what());
        continue;
      }
      RunOptions options;
      options.jobs = jobs;
      options.sandbox = args.sandbox;
      options.stop_at_first_failure = expected != Verdict::AC;
      const RunResult result = judge_tests(submission, tests, root / "testdata", limits, options);
      double slowest = 0;
      for (const TestResult& t : result.tests) slowest = std::max(slowest, t.cpu_s);
      std::ostringstream detail;
      detail << to_string(result.verdict) << " (expected " << to_string(expected) << "), "
             << result.tests.size() << " tests, max CPU " << slowest << " s";
      if (result.verdict != Verdict::AC)
        for (const TestResult& t : result.tests)
          if (t.verdict != Verdict::AC) {
            detail << ", first failure " << t.name << ": " << t.message.substr(0, 200);
            break;
          }
      tally.step(name, result.verdict == expected, detail.str());
    }
  }
  std::cout << (tally.failures == 0 ? "verify: OK\n"
                                    : "verify: " + std::to_string(tally.failures) + " FAILED\n");
  return tally.failures == 0 ? 0 : 1;
}

const RegisterCommand registered(5, [](CLI::App& app) {
  auto args = std::make_shared<VerifyArguments>();
  CLI::App* sub = app.add_subcommand("verify",
                                     "check the whole package (validator, generated data, "
                                     "samples, every submission's verdict)");
  sub->add_option("-j,--jobs", args->jobs, "parallel jobs (default: the number of cores)");
  sub->add_option("--max-tests", args->max_tests,
                  "judge each submission on the samples and this many evenly spaced secret "
                  "tests (default: every test)")
      ->check(CLI::PositiveNumber);
  sub->add_flag("--sandbox", args->sandbox, "run submissions inside bwrap (slower)");
  sub->add_flag("--exhaustive", args->exhaustive,
                "also validate and judge on testdata/exhaustive, the exhaustive tier (slow)");
  sub->callback([args] {
    const int status = verify(*args);
    if (status != 0) throw CLI::RuntimeError(status);
  });
});

}  // namespace

}  // namespace entrapment::cli
