// `judge run SUBMISSION [TEST...]` or `judge run [TEST...] -- COMMAND ARGS...`: judges a
// submission on test files or directories (default: testdata/sample and testdata/secret), in
// parallel, with a live progress bar, a summary, and --json / --html reports. Exit status 0 when
// the overall verdict is AC (or the one given with --expect), 1 otherwise, 2 when it could not
// judge.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>

#include "command.hpp"
#include "package/problem_yaml.hpp"
#include "runner/contestant_process.hpp"
#include "runner/judge_tests.hpp"
#include "runner/limit_mechanism.hpp"
#include "runner/limits.hpp"
#include "runner/submission.hpp"
#include "runner/work_dir.hpp"

#if __has_include("report/terminal.hpp")
#include "report/html_report.hpp"
#include "report/json_report.hpp"
#include "report/terminal.hpp"
#define ENTRAPMENT_HAVE_REPORT 1
#endif

namespace entrapment::cli {

namespace fs = std::filesystem;

namespace {

struct RunArguments {
  std::vector<std::string> words;    // SUBMISSION TEST... (or TEST... before --)
  std::vector<std::string> command;  // COMMAND ARGS... after --
  int jobs = 0;
  bool verbose = false;
  bool no_sandbox = false;
  bool no_color = false;
  std::string json, html, expect = "AC";
};

#ifndef ENTRAPMENT_HAVE_REPORT
void print_plain_summary(std::ostream& out, const RunResult& run) {
  for (const TestResult& t : run.tests)
    out << to_string(t.verdict) << "  " << t.name << "  " << t.cpu_s << " s  " << t.message << "\n";
  out << "verdict: " << to_string(run.verdict) << "\n";
}
#endif

int run(const RunArguments& args) {
  Verdict expected;
  if (!parse_verdict(args.expect, expected)) {
    std::cerr << "judge run: --expect: '" << args.expect
              << "' is not a verdict (AC WA TLE MLE RTE JE)\n";
    return 2;
  }
  const fs::path root = package_root();
  Limits limits;
  try {
    limits = limits_from(load_problem_yaml(root / "problem.yaml"));
  } catch (const std::exception& e) {
    std::cerr << "judge run: " << e.what() << "\n";
    return 2;
  }
  const std::vector<std::string>& words = args.words;
  std::vector<std::string> test_words;
  WorkDir work("submission");
  Submission submission;
  try {
    if (!args.command.empty()) {
      test_words = words;
      submission = command_submission(args.command);
    } else {
      if (words.empty()) {
        std::cerr
            << "judge run: give a SUBMISSION (a source file or an executable) or -- COMMAND\n";
        return 2;
      }
      test_words.assign(words.begin() + 1, words.end());
      submission = prepare_submission(words[0], work.path());
    }
  } catch (const std::exception& e) {
    std::cerr << "judge run: " << e.what() << "\n";
    return 2;
  }
  std::vector<fs::path> tests;
  try {
    std::vector<fs::path> paths(test_words.begin(), test_words.end());
    if (paths.empty()) {  // the test data a submission is judged on; not invalid_input/
      paths.push_back(root / "testdata" / "sample");
      paths.push_back(root / "testdata" / "secret");
    }
    tests = collect_tests(paths);
  } catch (const std::exception& e) {
    std::cerr << "judge run: " << e.what() << "\n";
    return 2;
  }
  if (tests.empty()) {
    std::cerr << "judge run: no test files (*.in) found\n";
    return 2;
  }
  if (const std::string& error = limit_mechanism(limits.mechanism).error; !error.empty()) {
    std::cerr << "judge run: " << error << "\n";
    return 2;
  }
  if (!args.no_sandbox && !sandbox_support().usable)
    std::cerr << "judge run: running without the sandbox: " << sandbox_support().reason << "\n";
  if (args.verbose)  // how the limits are enforced here, and why
    std::cout << describe_limits(limits.mechanism) << "\n"
              << "sandbox: "
              << (args.no_sandbox            ? std::string("off (--no-sandbox)")
                  : sandbox_support().usable ? std::string("bwrap")
                                             : "off (" + sandbox_support().reason + ")")
              << "\n";

  RunOptions options;
  options.jobs = args.jobs;
  options.sandbox = !args.no_sandbox;
#ifdef ENTRAPMENT_HAVE_REPORT
  report::TerminalOptions terminal;
  terminal.color = !args.no_color && report::stdout_is_terminal() && !std::getenv("NO_COLOR");
  terminal.verbose = args.verbose;
  report::Progress progress(std::cout, tests.size(), terminal);
  options.on_test_done = [&](const TestResult& result) { progress.test_done(result); };
#endif
  const RunResult result = judge_tests(submission, tests, root / "testdata", limits, options);
#ifdef ENTRAPMENT_HAVE_REPORT
  progress.finish();
  report::print_summary(std::cout, result, terminal);
#else
  print_plain_summary(std::cout, result);
#endif
  for (const auto& [file, writer] :
       {std::pair<std::string, int>{args.json, 0}, std::pair<std::string, int>{args.html, 1}}) {
    if (file.empty()) continue;
    std::ofstream out(file);
    if (!out) {
      std::cerr << "judge run: cannot write " << file << "\n";
      return 2;
    }
#ifdef ENTRAPMENT_HAVE_REPORT
    if (writer == 0)
      report::write_json(out, result);
    else
      report::write_html(out, result);
#else
    (void)writer;
    std::cerr << "judge run: reports are not built into this judge\n";
    return 2;
#endif
  }
  return result.verdict == expected ? 0 : 1;
}

const RegisterCommand registered(10, [](CLI::App& app) {
  auto args = std::make_shared<RunArguments>();
  CLI::App* sub = app.add_subcommand("run",
                                     "judge a submission on test files or directories (default: "
                                     "testdata/sample and testdata/secret)");
  sub->add_option("submission-and-tests", args->words,
                  "SUBMISSION [TEST...], or [TEST...] -- COMMAND ARGS...");
  sub->add_option("-j,--jobs", args->jobs, "tests run in parallel (default: the number of cores)")
      ->check(CLI::NonNegativeNumber);
  sub->add_flag("-v,--verbose", args->verbose, "one line per test instead of a progress bar");
  sub->add_flag("--no-sandbox", args->no_sandbox, "do not run the contestant inside bwrap");
  sub->add_flag("--no-color", args->no_color, "no colours (also: NO_COLOR in the environment)");
  sub->add_option("--json", args->json, "write the results as JSON to FILE");
  sub->add_option("--html", args->html, "write a self-contained HTML report to FILE");
  sub->add_option("--expect", args->expect,
                  "the verdict that makes the exit status 0 (default AC)");
  sub->callback([args] {
    // `run [TEST...] -- COMMAND ARGS`: main() took the command off the line.
    args->command = trailing_command();
    const int status = run(*args);
    if (status != 0) throw CLI::RuntimeError(status);
  });
});

}  // namespace

}  // namespace entrapment::cli
