// `judge run [SUBMISSION | DIR] [TEST...]` or `judge run [TEST...] -- COMMAND ARGS...`: judges
// one submission, or every submission in a directory (default: solutions/), on test files or
// directories (default: testdata/sample and testdata/secret, the contest set; --exhaustive adds
// testdata/exhaustive, the exhaustive tier), in parallel. Each test's line
// and each summary goes to stdout as soon as it is decided; the live bar to stderr, only on a
// terminal; --json and --html reports at the end. A submission in solutions/<verdict>/ is
// expected to get that verdict (--expect overrides); the exit status says whether each did.
#include <fstream>
#include <iostream>
#include <memory>

#include "box/limits.hpp"
#include "command.hpp"
#include "command_list.hpp"
#include "containment/box_description.hpp"
#include "containment/box_process.hpp"
#include "containment/containment.hpp"
#include "containment/interrupts.hpp"
#include "enforcement.hpp"
#include "help_format.hpp"
#include "options.hpp"
#include "report/html_report.hpp"
#include "report/json_report.hpp"
#include "report/terminal.hpp"
#include "report_files.hpp"
#include "workflow/chosen_submissions.hpp"
#include "workflow/chosen_tests.hpp"
#include "workflow/judging_loop.hpp"

namespace entrapment::cli {

namespace fs = std::filesystem;

namespace {

struct RunArguments {
  std::vector<std::string> words;    // [SUBMISSION | DIR] TEST... (or TEST... before --)
  std::vector<std::string> command;  // COMMAND ARGS... after --
  JudgingChoices judging;            // -j, --sandbox, --all, --first-failure
  bool verbose = false;
  bool no_color = false;
  double time_limit = 0;    // --time-limit; 0: problem.yaml's
  bool exhaustive = false;  // also testdata/exhaustive
  std::string json, html, expect;
};

CommandFailure usage_error(const std::string& message) {
  return CommandFailure(kExitUsage, message);
}

// What `judge run` prints as the loop judges: for a directory, a header per submission; a line
// per failing test (per test with -v) and the live bar; a summary per submission.
class RunPrinter : public JudgingReporter {
 public:
  RunPrinter(std::size_t tests, report::TerminalOptions terminal, bool several)
      : tests_(tests), terminal_(terminal), several_(several) {}

  void started(const SubmissionTarget& target, const RunOptions& options) override {
    if (several_)
      std::cout << "\n== " << target.name << " (expected " << target.expected.text() << ")"
                << std::endl;
    std::ostream* bar = report::stderr_is_terminal() ? &std::cerr : nullptr;
    progress_ = std::make_unique<report::Progress>(std::cout, tests_, terminal_, bar,
                                                   options.stop_at_first_failure,
                                                   options.stop_at_unflushed);
  }
  void test_done(const TestResult& result) override {
    // (On a worker's thread, under the results' lock: it returns, for the others to end.)
    if (!interrupted()) progress_->test_done(result);
  }
  void finished(const SubmissionTarget&, const RunResult& result) override {
    stop_here_if_interrupted();
    progress_->finish();
    report::print_summary(std::cout, result, terminal_);
    std::cout.flush();
  }
  void lost(const SubmissionTarget& target, const RunResult& lost) override {
    if (!several_) throw usage_error(lost.message);
    // One of a directory's files went away or changed under us: the others' results stand.
    finished(target, lost);
  }

 private:
  std::size_t tests_;
  report::TerminalOptions terminal_;
  bool several_;
  std::unique_ptr<report::Progress> progress_;
};

int run(const RunArguments& args) {
  Expectation forced;
  if (!args.expect.empty() && !parse_expectation(args.expect, forced))
    throw usage_error("--expect: '" + args.expect + "' is not a verdict (" + verdict_names() +
                      ", or a directory name such as wrong_answer)");
  const fs::path root = package_root(/*or_the_judges_own=*/true);  // a file kept elsewhere
  BoxLimits limits = package_limits(root);
  apply_time_limit(limits, args.time_limit);
  const ProblemModule& module = package_module(root);

  // What to judge, and on what.
  const bool with_command = !args.command.empty();
  ChosenSubmissions chosen;
  std::vector<std::string> test_words = args.words;
  if (with_command) {
    chosen.targets = {command_target(args.command)};
  } else {
    chosen = submissions_named(args.words.empty() ? "" : args.words[0], root);
    if (!test_words.empty()) test_words.erase(test_words.begin());
  }
  if (!chosen.ignored.empty()) {
    std::string list;
    for (const std::string& name : chosen.ignored) list += (list.empty() ? "" : ", ") + name;
    std::cout << "judge run: not judged (no submission, a symbolic link, or outside a verdict "
                 "directory): "
              << list << "\n";
  }
  const std::vector<fs::path> tests =
      tests_to_judge(test_words, with_command, args.exhaustive, root);
  if (const std::string error = describe_boxes(limits, Isolation::None).error; !error.empty())
    throw usage_error(error);
  // Before any judging: where the reports go (a forgotten FILE must not destroy a file).
  {
    std::vector<fs::path> inputs;
    for (const SubmissionTarget& target : chosen.targets) inputs.push_back(target.path);
    for (const std::string& word : test_words) inputs.push_back(word);
    inputs.insert(inputs.end(), tests.begin(), tests.end());
    if (!args.json.empty()) check_report_file("--json", args.json, root, inputs);
    if (!args.html.empty()) check_report_file("--html", args.html, root, inputs);
    if (!args.json.empty() && !args.html.empty() &&
        fs::absolute(args.json) == fs::absolute(args.html))
      throw usage_error("--json and --html name the same file: " + args.json);
  }
  if (!args.expect.empty())
    for (SubmissionTarget& target : chosen.targets) target.expected = forced;
  if (args.judging.sandbox && !sandbox_support().usable)
    std::cout << "judge run: running without the sandbox: " << sandbox_support().reason << "\n";
  if (args.verbose) print_enforcement(limits, args.judging.sandbox);  // how, here, and why

  report::TerminalOptions terminal;
  terminal.color = !args.no_color && report::stdout_is_terminal() && !std::getenv("NO_COLOR");
  terminal.verbose = args.verbose;
  // A directory (solutions/ by default) gets a header per submission and the table at the end,
  // even when it holds one.
  const bool several = chosen.from_directory;
  JudgingPlan plan;
  plan.submissions = chosen.targets;
  plan.command = args.command;
  plan.module = &module;
  plan.tests = tests;
  plan.base = root / "testdata";
  plan.limits = limits;
  plan.choices = args.judging;
  RunPrinter printer(tests.size(), terminal, several);
  const std::vector<RunResult> results = judge_submissions(plan, printer);
  stop_here_if_interrupted();
  if (several) {
    std::cout << "\n";
    report::print_submission_table(std::cout, results, terminal);
  }

  // The reports, whatever the verdicts were.
  int status = exit_status_of(results);
  for (const auto& [file, html] : {std::pair<std::string, bool>{args.json, false},
                                   std::pair<std::string, bool>{args.html, true}}) {
    if (file.empty()) continue;
    const std::string why_not = write_report_file(file, [&, html = html](std::ostream& out) {
      if (html && several)
        report::write_html(out, results);
      else if (html)
        report::write_html(out, results.front());
      else if (several)
        report::write_json(out, results);
      else
        report::write_json(out, results.front());
    });
    if (!why_not.empty()) {
      std::cerr << "judge run: cannot write the report " << file << ": " << why_not << "\n";
      status = kExitUsage;
    }
  }
  std::cout.flush();
  return status;
}

}  // namespace

void add_run_command(CLI::App& app) {
  auto args = std::make_shared<RunArguments>();
  CLI::App* sub = app.add_subcommand(
      "run",
      "judge a submission, or every submission in a directory (default: solutions/), on test "
      "files or directories (default: testdata/sample and testdata/secret)");
  set_usage(*sub, {"judge run [OPTIONS] [SUBMISSION | DIR] [TEST...]",
                   "judge run [OPTIONS] [TEST...] -- COMMAND ARGS..."});
  sub->add_option("[SUBMISSION|DIR] [TEST...]", args->words,
                  "a submission (a source, an executable, or a directory submission) or a "
                  "directory of them, then tests (*.in files, directories, or names such as "
                  "secret/004 or 'secret/00*'); with -- COMMAND, "
                  "only tests");
  add_jobs_option(*sub, args->judging.jobs, "tests run", kTimedJobsNote);
  add_time_limit_option(*sub, args->time_limit);
  sub->add_flag("-v,--verbose", args->verbose,
                "a line for every test, not only for the failing ones");
  add_stop_options(*sub, args->judging.all_tests, args->judging.first_failure);
  sub->add_flag("--exhaustive", args->exhaustive,
                "also judge on testdata/exhaustive, the exhaustive tier (every board against its "
                "hardest adversary, and the random, committed and scripted games)");
  add_sandbox_option(*sub, args->judging.sandbox);
  add_trust_option(*sub);
  sub->add_flag("--no-color", args->no_color, "no colours (also: NO_COLOR in the environment)");
  add_output_file_option(*sub, "--json", args->json, "write the results as JSON to FILE");
  add_output_file_option(*sub, "--html", args->html, "write a self-contained HTML report to FILE");
  sub->add_option("--expect", args->expect,
                  "the verdict every submission must get: " + verdict_names() +
                      ", or a directory name (accepted, wrong_answer, rejected, ...) (default: "
                      "its directory's under solutions/<verdict>/, else AC)")
      ->option_text("VERDICT");
  on_run(*sub, [args] {
    // `run [TEST...] -- COMMAND ARGS`: main() took the command off the line.
    args->command = trailing_command();
    return run(*args);
  });
}

}  // namespace entrapment::cli
