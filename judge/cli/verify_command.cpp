// `judge verify`: the package's main check, like problemtools' verifyproblem. Every test file
// passes the input validator and the validator rejects every invalid case; `judge generate
// --check` holds; every sample transcript replays through the interactor; every submission in
// solutions/ gets the verdict of its directory, on the samples and the contest set
// (--exhaustive: and on the exhaustive tier). --only limits it to stages, SUBMISSION paths
// to some submissions. Each line goes to stdout the moment it is decided (a log fills as it
// runs); a progress line goes to stderr, only on a terminal.
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <future>
#include <iostream>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>

#include "command.hpp"
#include "command_list.hpp"
#include "containment/limits.hpp"
#include "generate/generate.hpp"
#include "help_format.hpp"
#include "isolation_check.hpp"
#include "judging/judge_tests.hpp"
#include "options.hpp"
#include "package/problem_yaml.hpp"
#include "report/html_report.hpp"
#include "report/status_line.hpp"
#include "report/terminal.hpp"
#include "report/text.hpp"
#include "report/transcript_text.hpp"
#include "submissions/submission.hpp"
#include "submissions/work_dir.hpp"
#include "support/files.hpp"
#include "workflow/compile_ahead.hpp"
#include "workflow/judge_submission.hpp"
#include "workflow/judged_tests.hpp"
#include "workflow/submission_list.hpp"
#include "workflow/validator_runs.hpp"

namespace entrapment::cli {

namespace fs = std::filesystem;

namespace {

// The stages, in the order they run.
const std::vector<std::string> kStages = {"validate", "generate", "samples", "submissions"};

struct VerifyArguments {
  int jobs = 1;
  int max_tests = 0;  // 0: every test
  bool sandbox = false;
  bool trust = false;                    // see isolation_check.hpp
  bool exhaustive = false;               // also testdata/exhaustive
  std::vector<std::string> only;         // stages; empty: all (or submissions, with paths)
  std::vector<std::string> submissions;  // paths; empty: solutions/
  bool no_color = false;
  bool verbose = false;   // -v: the limits in force and how they are enforced
  double time_limit = 0;  // --time-limit; 0: problem.yaml's
};

// The lines of the verification, each written and flushed as soon as it is decided, and the
// progress line on a terminal.
class Tally {
 public:
  explicit Tally(bool color)
      : color_(color), status_(report::stderr_is_terminal() ? &std::cerr : nullptr) {}

  void section(const std::string& title) { line(title); }
  // One check: "  ok    name: detail" or "  FAIL  name: detail", then `details` below it.
  void step(const std::string& name, bool ok, const std::string& detail,
            const std::vector<std::string>& details = {}, bool judge_error = false) {
    line("  " + (ok ? paint("ok  ", "32") : paint("FAIL", "31")) + "  " + name +
         (detail.empty() ? "" : ": " + detail));
    for (const std::string& d : details) line("        " + d);
    if (!ok) ++failures_;
    if (!ok && judge_error) ++judge_errors_;
  }
  // Worth knowing, not a failure: "  warn  name: detail".
  void warn(const std::string& name, const std::string& detail) {
    line("  " + paint("warn", "33") + "  " + name + ": " + detail);
  }
  void note(const std::string& text) { line("        " + text); }
  void progress(const std::string& text) {
    std::lock_guard<std::mutex> lock(mutex_);
    status_.show(text);
  }
  int failures() const { return failures_; }
  int judge_errors() const { return judge_errors_; }

 private:
  std::string paint(const std::string& word, const char* sgr) const {
    return color_ ? "\x1b[" + std::string(sgr) + "m" + word + "\x1b[0m" : word;
  }
  void line(const std::string& text) {
    std::lock_guard<std::mutex> lock(mutex_);
    status_.clear();
    std::cout << text << std::endl;  // flushed: `judge verify > log` fills as it runs
  }

  bool color_;
  std::mutex mutex_;
  report::StatusLine status_;
  int failures_ = 0;
  int judge_errors_ = 0;
};

fs::path own_bin_dir() {
  std::error_code ec;
  return fs::read_symlink("/proc/self/exe", ec).parent_path();
}

// Runs the input validator on every file; `expected` is 42 (valid) or 43 (invalid). Names
// every file that got the other answer, with the validator's own message.
void check_validator(Tally& tally, const fs::path& validator, const std::vector<fs::path>& files,
                     int expected, const std::string& what, const fs::path& root, int jobs,
                     const fs::path& work) {
  const auto wrong =
      run_validator(validator, files, expected, root, jobs, work, [&](std::size_t done) {
        tally.progress(what + ": " + std::to_string(done) + "/" + std::to_string(files.size()) +
                       " files");
      });
  std::vector<std::string> details;
  for (const auto& [file, why] : wrong) details.push_back(file + ": " + why);
  std::string detail = std::to_string(files.size()) + " files";
  if (files.empty()) detail += " (none found)";
  if (!wrong.empty()) detail += ", " + std::to_string(wrong.size()) + " wrong";
  tally.step(what, wrong.empty() && !files.empty(), detail, details);
}

// The submissions to judge: the paths given (files, or directories of them), else solutions/.
std::vector<SubmissionTarget> submissions_to_judge(const VerifyArguments& args,
                                                   const fs::path& root, Tally& tally) {
  std::vector<SubmissionTarget> targets;
  std::vector<std::string> ignored;
  if (args.submissions.empty()) {
    if (fs::is_directory(root / "solutions"))
      targets = find_submissions(root / "solutions", ignored);
  }
  for (const std::string& word : args.submissions) {
    std::error_code error;
    const fs::path path = word;
    if (fs::is_directory(path, error) && !is_directory_submission(path)) {
      for (SubmissionTarget& t : find_submissions(path, ignored)) targets.push_back(std::move(t));
    } else if (is_submission_file(path)) {
      targets.push_back({path, word, expectation_of(path)});
    } else {
      throw CommandFailure(
          kExitUsage,
          word + (fs::exists(path, error) ? ": not a submission (a .cpp .cc .cxx .c .py .java "
                                            "source or an executable, or a directory of them)"
                                          : ": no such submission file or directory"));
    }
  }
  // Named from the package root when they are in it: solutions/accepted/reference.cpp.
  for (SubmissionTarget& t : targets) {
    const fs::path relative = fs::absolute(t.path).lexically_normal().lexically_relative(root);
    if (!relative.empty() && *relative.begin() != "..") t.name = relative.string();
  }
  if (targets.empty()) tally.step("submissions", false, "none found");
  // Nothing isolating them: only the package's own run (after a warning) unless --trust.
  std::vector<std::string> untrusted;
  for (const SubmissionTarget& t : targets)
    if (!is_package_submission(t.path, root)) untrusted.push_back(t.name);
  check_isolation(args.sandbox, untrusted, args.trust);
  return targets;
}

// Where a failing `judge verify` leads: the failing submissions' report, drawn game by game, in
// a directory of its own that nothing else writes (never over an existing file).
void write_failure_report(Tally& tally, const std::vector<RunResult>& failed) {
  char dir[] = "/tmp/entrapment-verify-report-XXXXXX";
  if (!::mkdtemp(dir)) {
    tally.note("(no HTML report: cannot make a directory in /tmp)");
    return;
  }
  const fs::path page = fs::path(dir) / "report.html";
  std::ostringstream html;
  report::write_html(html, failed);
  try {
    write_file(page, html.str());
  } catch (const std::exception& e) {
    tally.note(std::string("(no HTML report: ") + e.what() + ")");
    return;
  }
  tally.note("the failing games, drawn round by round: " + page.string());
  for (const RunResult& result : failed)
    tally.note("again, with every test: judge run " + result.submission + " -v --all");
}

// problemtools' rule for a time limit: the slowest test of any accepted submission, times
// limits.time_multipliers.ac_to_time_limit, must fit under it. A warning, not a failure.
void check_time_limit_margin(Tally& tally, const std::vector<RunResult>& accepted,
                             const Limits& limits, double ac_to_time_limit) {
  double slowest = 0;
  std::string where;
  for (const RunResult& result : accepted)
    for (const TestResult& t : result.tests)
      if (t.cpu_s > slowest) {
        slowest = t.cpu_s;
        where = result.submission + " on " + t.name;
      }
  if (where.empty()) return;
  const double needed = slowest * ac_to_time_limit;
  std::ostringstream detail;
  detail << "time limit " << report::format_seconds(limits.cpu_s) << ", slowest accepted test "
         << report::format_seconds(slowest) << " (" << where << ") x " << ac_to_time_limit
         << " (limits.time_multipliers.ac_to_time_limit) = " << report::format_seconds(needed);
  if (needed <= limits.cpu_s)
    tally.step("time limit margin", true, detail.str());
  else
    tally.warn("time limit margin",
               detail.str() + ", more than the limit: a slower judge machine may reject it");
}

void verify_submissions(Tally& tally, const VerifyArguments& args, const fs::path& root,
                        const Limits& limits, int jobs, double ac_to_time_limit) {
  std::vector<RunResult> failed, accepted;
  const auto samples = sample_tests(root);
  const auto secret = secret_tests(root, args.exhaustive);
  const std::vector<fs::path> tests = select_tests(samples, secret, args.max_tests);
  const std::size_t all = samples.size() + secret.size();
  tally.section("submissions (" + std::to_string(tests.size()) + " tests each" +
                (tests.size() < all ? ", a selection of the " + std::to_string(all) : "") + ")");
  const std::vector<SubmissionTarget> targets = submissions_to_judge(args, root, tally);
  const WorkDir work_dir("verify");
  std::vector<fs::path> sources;
  for (const SubmissionTarget& target : targets) sources.push_back(target.path);
  CompileAhead compiling(sources, work_dir.path(), static_cast<std::size_t>(std::max(jobs, 1)));
  for (std::size_t k = 0; k < targets.size(); ++k) {
    const SubmissionTarget& target = targets[k];
    std::future<Submission> prepared = compiling.next();
    RunOptions options;
    options.jobs = jobs;
    options.sandbox = args.sandbox;
    options.stop_at_first_failure = !target.expected.matches(Verdict::AC);
    std::size_t done = 0;
    options.on_test_done = [&](const TestResult&) {
      tally.progress(target.name + ": " + std::to_string(++done) + "/" +
                     std::to_string(tests.size()) + " tests");
    };
    RunResult result;
    try {
      result = judge_submission([&] { return prepared.get(); }, target.name, target.expected, tests,
                                root / "testdata", limits, options);
    } catch (const SubmissionError& e) {
      tally.step(target.name, false, e.what());
      continue;
    }
    double slowest = 0;
    for (const TestResult& t : result.tests) slowest = std::max(slowest, t.cpu_s);
    std::ostringstream detail;
    detail << "expected " << result.expected.text() << ", got " << to_string(result.verdict);
    std::vector<std::string> details;
    if (result.verdict == Verdict::CE || (result.tests.empty() && !result.message.empty())) {
      std::istringstream message(result.message);
      for (std::string line; std::getline(message, line) && details.size() < 20;)
        details.push_back(report::printable(line));
    } else {
      detail << ", " << result.tests.size() << (result.tests.size() == 1 ? " test" : " tests")
             << ", max CPU " << report::format_seconds(slowest);
      for (const TestResult& t : result.tests)
        if (t.verdict != Verdict::AC) {
          detail << ", first failure " << t.name << ": " << report::shorten(t.message, 200);
          break;
        }
    }
    const bool ok = result.expected.matches(result.verdict);
    if (!ok) {  // the end of the game that went wrong, as `judge run` shows it
      for (const TestResult& t : result.tests)
        if (t.verdict != Verdict::AC || result.verdict == Verdict::AC) {
          const std::vector<std::string> tail = report::marked_tail(t.transcript, 8);
          if (!tail.empty())
            details.push_back("the end of the game on " + t.name +
                              " (< judge to contestant, > contestant to judge):");
          for (const std::string& line : tail) details.push_back("  " + line);
          break;
        }
      failed.push_back(result);
    } else if (result.verdict == Verdict::AC) {
      accepted.push_back(result);
    }
    tally.step(target.name, ok, detail.str(), details, !ok && result.verdict == Verdict::JE);
  }
  if (!failed.empty()) write_failure_report(tally, failed);
  if (tests.size() == samples.size() + secret.size())  // the margin needs every test
    check_time_limit_margin(tally, accepted, limits, ac_to_time_limit);
}

int verify(const VerifyArguments& args) {
  std::set<std::string> stages(args.only.begin(), args.only.end());
  if (stages.empty()) {
    if (args.submissions.empty())
      stages.insert(kStages.begin(), kStages.end());
    else
      stages.insert("submissions");
  }
  const fs::path root = package_root();
  const int jobs = args.jobs;
  Tally tally(!args.no_color && report::stdout_is_terminal() && !std::getenv("NO_COLOR"));
  Limits limits;
  bool limits_read = false;
  double ac_to_time_limit = 2;
  try {
    const ProblemConfig problem = load_problem_yaml(root / "problem.yaml");
    limits = limits_from(problem);
    ac_to_time_limit = problem.ac_to_time_limit;
    apply_time_limit(limits, args.time_limit);
    set_compile_options(compile_options_from(problem));
    limits_read = true;
    tally.step("problem.yaml", true, "");
    if (args.verbose) print_enforcement(limits, args.sandbox);
  } catch (const std::exception& e) {
    tally.step("problem.yaml", false, e.what());
  }
  const auto samples = sample_tests(root);
  const auto secret = secret_tests(root, args.exhaustive);
  if (args.exhaustive && tests_under(root / "testdata" / "exhaustive").empty())
    tally.step("testdata/exhaustive", false, "no test files (*.in)");
  const WorkDir work("verify-validator");

  if (stages.count("validate")) {
    tally.section("input validator");
    const fs::path validator = own_bin_dir() / "input_validator";
    std::vector<fs::path> all = samples;
    all.insert(all.end(), secret.begin(), secret.end());
    if (!fs::exists(validator)) {
      tally.step("input validator", false, validator.string() + " is not built", {}, true);
    } else {
      check_validator(tally, validator, all, 42,
                      args.exhaustive ? "accepts testdata/sample, secret and exhaustive"
                                      : "accepts testdata/sample and testdata/secret",
                      root, jobs, work.path());
      check_validator(tally, validator, tests_under(root / "testdata" / "invalid_input"), 43,
                      "rejects testdata/invalid_input", root, jobs, work.path());
    }
  }

  if (stages.count("generate")) {
    tally.section("generated test data");
    try {
      const GenerateReport report = generate_testdata(root, true);
      std::vector<std::string> details;
      for (const auto& [list, what] :
           {std::pair{&report.differing, "differs: "}, std::pair{&report.missing, "missing: "},
            std::pair{&report.extra, "extra:   "}})
        for (const std::string& f : *list) details.push_back(what + f);
      tally.step("judge generate --check", report.ok(), "", details);
    } catch (const std::exception& e) {
      tally.step("judge generate --check", false, e.what());
    }
  }
  if (stages.count("samples")) {
    tally.section("sample transcripts");
    int replayed = 0;
    for (const fs::path& sample : samples) {
      fs::path transcript = fs::path(sample).replace_extension(".interaction");
      if (!fs::exists(transcript)) continue;
      ++replayed;
      try {
        // Bounded: a transcript is a few lines, and a huge one is a mistake to name.
        const auto text_of = [&root](const fs::path& file) {
          SmallFile read = read_small_file(file);
          if (!read.text)
            throw std::runtime_error(fs::relative(file, root).string() + ": " + read.why_not());
          return std::move(*read.text);
        };
        const TestCase test = parse_testcase(text_of(sample));  // the sample named first
        auto problem = replay_interaction(test, text_of(transcript));
        tally.step(fs::relative(transcript, root).string(), !problem, problem ? *problem : "");
      } catch (const std::exception& e) {
        tally.step(fs::relative(transcript, root).string(), false, e.what());
      }
    }
    if (replayed == 0) tally.step("sample transcripts", false, "no testdata/sample/*.interaction");
  }

  if (stages.count("submissions")) {
    if (limits_read)
      verify_submissions(tally, args, root, limits, jobs, ac_to_time_limit);
    else
      tally.step("submissions", false, "not judged: problem.yaml gives no limits");
  }
  std::cout << (tally.failures() == 0 ? "verify: OK"
                                      : "verify: " + std::to_string(tally.failures()) + " FAILED")
            << std::endl;
  if (tally.judge_errors() > 0) return kExitJudgeError;
  if (!limits_read) return kExitUsage;  // a configuration error, like every command's
  return tally.failures() == 0 ? kExitOk : kExitNotExpected;
}

}  // namespace

void add_verify_command(CLI::App& app) {
  auto args = std::make_shared<VerifyArguments>();
  CLI::App* sub = app.add_subcommand("verify",
                                     "check the whole package (validator, generated data, "
                                     "samples, every submission's verdict)");
  set_usage(*sub, {"judge verify [OPTIONS] [SUBMISSION...]"});
  sub->add_option("SUBMISSION...", args->submissions,
                  "judge only these submissions (files, or directories of them); implies "
                  "--only submissions unless --only is given");
  std::string stages;
  for (const std::string& stage : kStages) stages += (stages.empty() ? "" : ", ") + stage;
  sub->add_option(
         "--only", args->only,
         "run only these stages, repeated or comma-separated: " + stages + " (default: all)")
      ->option_text("STAGE")
      ->delimiter(',')
      ->check(CLI::IsMember(kStages).description(""));
  add_jobs_option(*sub, args->jobs, "tests and validator runs");
  sub->add_option("--max-tests", args->max_tests,
                  "judge each submission on the samples and N evenly spaced secret tests, 1 to "
                  "100000 (default: every test)")
      ->option_text("N")
      ->check(integer_in(1, 100000));
  sub->add_flag("--exhaustive", args->exhaustive,
                "also validate and judge on testdata/exhaustive, the exhaustive tier (slow)");
  // bwrap whenever it is usable, as root or not: without it nothing would isolate solutions/
  // (a wrong submission wrote into the package and verify said ok).
  args->sandbox = true;
  add_sandbox_option(*sub, args->sandbox);
  add_trust_option(*sub, args->trust);
  add_time_limit_option(*sub, args->time_limit);
  sub->add_flag("--no-color", args->no_color, "no colours (also: NO_COLOR in the environment)");
  sub->add_flag("-v,--verbose", args->verbose,
                "also print the limits in force and how they are enforced here");
  on_run(*sub, [args] { return verify(*args); });
}

}  // namespace entrapment::cli
