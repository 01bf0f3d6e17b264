// `judge run [SUBMISSION | DIR] [TEST...]` or `judge run [TEST...] -- COMMAND ARGS...`: judges
// one submission, or every submission in a directory (default: solutions/), on test files or
// directories (default: testdata/sample and testdata/secret, the contest set; --exhaustive adds
// testdata/exhaustive, the exhaustive tier), in parallel. Each test's line
// and each summary goes to stdout as soon as it is decided; the live bar to stderr, only on a
// terminal; --json and --html reports at the end. A submission in solutions/<verdict>/ is
// expected to get that verdict (--expect overrides); the exit status says whether each did.
#include <fnmatch.h>

#include <fstream>
#include <iostream>
#include <memory>

#include "command.hpp"
#include "command_list.hpp"
#include "containment/contestant_process.hpp"
#include "containment/limit_mechanism.hpp"
#include "containment/limits.hpp"
#include "generate/generate.hpp"
#include "help_format.hpp"
#include "isolation_check.hpp"
#include "options.hpp"
#include "report/html_report.hpp"
#include "report/json_report.hpp"
#include "report/terminal.hpp"
#include "report_files.hpp"
#include "submissions/work_dir.hpp"
#include "workflow/judge_submission.hpp"
#include "workflow/judged_tests.hpp"
#include "workflow/submission_list.hpp"

namespace entrapment::cli {

namespace fs = std::filesystem;

namespace {

struct RunArguments {
  std::vector<std::string> words;    // [SUBMISSION | DIR] TEST... (or TEST... before --)
  std::vector<std::string> command;  // COMMAND ARGS... after --
  int jobs = 1;
  bool verbose = false;
  bool sandbox = true;
  bool no_color = false;
  double time_limit = 0;  // --time-limit; 0: problem.yaml's
  bool all_tests = false;
  bool first_failure = false;  // stop at the first failing test whatever is expected
  bool exhaustive = false;     // also testdata/exhaustive
  bool trust = false;          // run what is not the package's own even with nothing isolating it
  std::string json, html, expect;
};

CommandFailure usage_error(const std::string& message) {
  return CommandFailure(kExitUsage, message);
}

bool is_test_file(const fs::path& path) { return path.extension() == ".in"; }

// Whether `dir` holds the package (the package's root or a directory above it): searching it
// for tests would walk the whole package, or the whole disk (`judge run X ..`).
bool holds_package(const fs::path& dir, const fs::path& root) {
  std::error_code ec;
  const fs::path relative =
      fs::weakly_canonical(root, ec).lexically_relative(fs::weakly_canonical(dir, ec));
  return !relative.empty() && *relative.begin() != "..";
}

// The package's tests a name stands for: `secret/004` (the start of a test's path under
// testdata/, without .in), `004-r4` (the start of its file name), or a glob of either
// (`secret/00*`, `*adaptive*`). In the order of their paths.
std::vector<fs::path> tests_named(const std::string& name, const fs::path& root) {
  std::string pattern = name;
  if (pattern.size() > 3 && pattern.compare(pattern.size() - 3, 3, ".in") == 0)
    pattern.resize(pattern.size() - 3);
  pattern += "*";
  std::vector<fs::path> found;
  const fs::path testdata = root / "testdata";
  std::vector<fs::path> dirs;
  for (const char* dir : {"sample", "secret", "exhaustive"})
    if (fs::is_directory(testdata / dir)) dirs.push_back(testdata / dir);
  for (const fs::path& test : collect_tests(dirs)) {
    const std::string relative = test.lexically_relative(testdata).replace_extension().string();
    const std::string file = test.stem().string();
    if (::fnmatch(pattern.c_str(), relative.c_str(), 0) == 0 ||
        ::fnmatch(pattern.c_str(), file.c_str(), 0) == 0)
      found.push_back(test);
  }
  return found;
}

// The tests the words name: *.in files, or directories searched for them.
std::vector<fs::path> tests_from(const std::vector<std::string>& words, bool with_command,
                                 const fs::path& root) {
  std::vector<fs::path> paths;
  for (const std::string& word : words) {
    std::error_code error;
    const fs::path path = word;
    if (fs::is_directory(path, error) && holds_package(path, root))
      throw usage_error(word + " holds the whole package (" + root.string() +
                        "): name the tests, testdata/ or a directory of *.in files under it");
    if (fs::is_directory(path, error) || (fs::is_regular_file(path, error) && is_test_file(path))) {
      paths.push_back(path);
      continue;
    }
    if (!fs::exists(path, error)) {
      const std::vector<fs::path> named = tests_named(word, root);
      if (named.empty())
        throw usage_error(word +
                          ": no such test file or directory, and no test under testdata/ is "
                          "named so (a name is like secret/004 or sample/1, a glob like "
                          "'secret/00*' also works)");
      paths.insert(paths.end(), named.begin(), named.end());
      continue;
    }
    if (with_command && is_submission_file(path))
      throw usage_error(word +
                        " is a submission, and -- COMMAND gives the submission too: give one "
                        "of them (judge run SUBMISSION [TEST...], or judge run [TEST...] -- "
                        "COMMAND ARGS...)");
    throw usage_error(word +
                      " is not a test file (a test is a *.in file or a directory of them); "
                      "judge run takes one SUBMISSION or DIR, then tests");
  }
  return collect_tests(paths);
}

// What the first word names: one submission, or the submissions in a directory.
std::vector<SubmissionTarget> submissions_from(const std::string& word, const fs::path& root) {
  std::error_code error;
  const fs::path path = word.empty() ? root / "solutions" : fs::path(word);
  const std::string shown = word.empty() ? "solutions/" : word;
  if (!fs::exists(path, error)) throw usage_error(shown + ": no such submission file or directory");
  if (fs::is_directory(path, error) && !is_directory_submission(path)) {
    std::vector<std::string> ignored;
    std::vector<SubmissionTarget> found = find_submissions(path, ignored);
    if (found.empty()) {
      const bool has_tests = !collect_tests({path}).empty();
      throw usage_error(shown + ": no submissions in it" +
                        (has_tests ? " (it holds test files: the first word is the SUBMISSION "
                                     "or a DIR of submissions, the tests come after it)"
                                   : ""));
    }
    if (!ignored.empty()) {
      std::string list;
      for (const std::string& name : ignored) list += (list.empty() ? "" : ", ") + name;
      std::cout << "judge run: not judged (no submission, or outside a verdict directory): " << list
                << "\n";
    }
    return found;
  }
  if (is_test_file(path))
    throw usage_error(shown + " is a test file; give the SUBMISSION first: judge run SUBMISSION " +
                      shown);
  if (!is_submission_file(path))
    throw usage_error(shown + ": not a submission (a source or an executable)");
  const fs::path clean = fs::absolute(path).lexically_normal();
  const fs::path named = clean.has_filename() ? clean : clean.parent_path();
  return {{path, named.filename().string(), expectation_of(named)}};
}

// The package's own tests are judged only as generators.yaml describes them: after an edit of
// the description, judging the old files would report on tests that no longer exist. (Extra
// files, such as a test written by hand into a generated directory, are the setter's and are
// judged.) Tests named on the command line are judged as they are.
void refuse_stale_testdata(const fs::path& root) {
  if (!fs::exists(root / "testdata" / "generators.yaml")) return;
  GenerateReport report;
  try {
    report = generate_testdata(root, /*check_only=*/true);
  } catch (const std::exception& e) {
    throw usage_error(std::string("testdata/generators.yaml: ") + e.what());
  }
  if (report.differing.empty() && report.missing.empty()) return;
  std::vector<std::string> stale = report.differing;
  stale.insert(stale.end(), report.missing.begin(), report.missing.end());
  throw usage_error(
      "testdata/ does not match testdata/generators.yaml: " + std::to_string(stale.size()) +
      " file(s) differ or are missing (" + stale.front() + (stale.size() > 1 ? ", ..." : "") +
      "); run `judge generate` first, or name the tests to judge them as they are");
}

int run(const RunArguments& args) {
  Expectation forced;
  if (!args.expect.empty() && !parse_expectation(args.expect, forced))
    throw usage_error("--expect: '" + args.expect + "' is not a verdict (" + verdict_names() +
                      ", or a directory name such as wrong_answer)");
  const fs::path root = package_root(/*or_the_judges_own=*/true);  // a file kept elsewhere
  Limits limits = package_limits(root);
  apply_time_limit(limits, args.time_limit);

  // What to judge, and on what.
  std::vector<SubmissionTarget> targets;
  std::vector<std::string> test_words;
  const bool with_command = !args.command.empty();
  if (with_command) {
    test_words = args.words;
    targets.push_back({{}, "", Expectation{}});
  } else {
    targets = submissions_from(args.words.empty() ? "" : args.words[0], root);
    if (!args.words.empty()) test_words.assign(args.words.begin() + 1, args.words.end());
  }
  std::vector<fs::path> tests;
  try {
    if (test_words.empty()) {
      refuse_stale_testdata(root);
      tests = judged_tests(root, args.exhaustive);
    } else {
      tests = tests_from(test_words, with_command, root);
      if (args.exhaustive) {
        const std::vector<fs::path> more = collect_tests({root / "testdata" / "exhaustive"});
        tests.insert(tests.end(), more.begin(), more.end());
      }
    }
  } catch (const CommandFailure&) {
    throw;
  } catch (const std::exception& e) {
    throw usage_error(e.what());
  }
  if (tests.empty()) throw usage_error("no test files (*.in) found");
  if (const std::string& error = limit_mechanism(limits.mechanism).error; !error.empty())
    throw usage_error(error);
  // Before any judging: where the reports go (a forgotten FILE must not destroy a file), and
  // whether anything isolates what runs.
  {
    std::vector<fs::path> inputs;
    std::vector<std::string> untrusted;
    for (const SubmissionTarget& target : targets) {
      inputs.push_back(target.path);
      if (!with_command && !is_package_submission(target.path, root))
        untrusted.push_back(target.name);
    }
    if (with_command) untrusted.push_back(args.command.front());
    for (const std::string& word : test_words) inputs.push_back(word);
    inputs.insert(inputs.end(), tests.begin(), tests.end());
    if (!args.json.empty()) check_report_file("--json", args.json, root, inputs);
    if (!args.html.empty()) check_report_file("--html", args.html, root, inputs);
    if (!args.json.empty() && !args.html.empty() &&
        fs::absolute(args.json) == fs::absolute(args.html))
      throw usage_error("--json and --html name the same file: " + args.json);
    check_isolation(args.sandbox, untrusted, args.trust);
  }
  if (!args.expect.empty())
    for (SubmissionTarget& target : targets) target.expected = forced;
  if (args.sandbox && !sandbox_support().usable)
    std::cout << "judge run: running without the sandbox: " << sandbox_support().reason << "\n";
  if (args.verbose) print_enforcement(limits, args.sandbox);  // how, here, and why

  report::TerminalOptions terminal;
  terminal.color = !args.no_color && report::stdout_is_terminal() && !std::getenv("NO_COLOR");
  terminal.verbose = args.verbose;
  std::ostream* bar = report::stderr_is_terminal() ? &std::cerr : nullptr;
  // A directory (solutions/ by default) gets a header per submission and the table at the end,
  // even when it holds one.
  const bool several =
      !with_command && (args.words.empty() || (fs::is_directory(args.words[0]) &&
                                               !is_directory_submission(args.words[0])));
  std::vector<RunResult> results;
  WorkDir work("submission");
  for (std::size_t k = 0; k < targets.size(); ++k) {
    const SubmissionTarget& target = targets[k];
    RunOptions options;
    options.jobs = args.jobs;
    options.sandbox = args.sandbox;
    // A submission meant to fail has done so at its first failing test (BAPCtools does the
    // same), and any submission at its first test that waited, unflushed, for the wall-clock
    // guard (each test would cost as much); --all judges every test.
    options.stop_at_first_failure =
        args.first_failure || (!args.all_tests && !target.expected.matches(Verdict::AC));
    options.stop_at_unflushed = !args.all_tests;
    if (several)
      std::cout << "\n== " << target.name << " (expected " << target.expected.text() << ")"
                << std::endl;
    report::Progress progress(std::cout, tests.size(), terminal, bar, options.stop_at_first_failure,
                              options.stop_at_unflushed);
    options.on_test_done = [&progress](const TestResult& result) { progress.test_done(result); };
    const fs::path scratch = work.path() / std::to_string(k);
    const auto prepare = [&]() -> Submission {
      if (with_command) return command_submission(args.command);
      return prepare_submission(target.path, scratch);
    };
    std::string name = target.name;
    if (with_command)
      for (const std::string& word : args.command) name += (name.empty() ? "" : " ") + word;
    try {
      results.push_back(judge_submission(prepare, name, target.expected, tests, root / "testdata",
                                         limits, options));
    } catch (const SubmissionError& e) {
      if (!several) throw usage_error(e.what());
      // One of a directory's files went away or changed under us: the others' results stand.
      RunResult lost;
      lost.submission = name;
      lost.expected = target.expected;
      lost.verdict = Verdict::JE;
      lost.message = e.what();
      results.push_back(lost);
    }
    progress.finish();
    report::print_summary(std::cout, results.back(), terminal);
    std::cout.flush();
  }
  if (several) {
    std::cout << "\n";
    report::print_submission_table(std::cout, results, terminal);
  }

  // The reports, whatever the verdicts were.
  int status = exit_status_of(results);
  for (const auto& [file, html] : {std::pair<std::string, bool>{args.json, false},
                                   std::pair<std::string, bool>{args.html, true}}) {
    if (file.empty()) continue;
    const bool written = write_report_file(file, [&, html = html](std::ostream& out) {
      if (html && several)
        report::write_html(out, results);
      else if (html)
        report::write_html(out, results.front());
      else if (several)
        report::write_json(out, results);
      else
        report::write_json(out, results.front());
    });
    if (!written) {
      std::cerr << "judge run: cannot write " << file << "\n";
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
  add_jobs_option(*sub, args->jobs, "tests run");
  add_time_limit_option(*sub, args->time_limit);
  sub->add_flag("-v,--verbose", args->verbose,
                "a line for every test, not only for the failing ones");
  sub->add_flag("-a,--all", args->all_tests,
                "judge every test, also after the first failure of a submission that is "
                "expected to fail");
  sub->add_flag("--first-failure", args->first_failure,
                "stop at the first failing test, also for a submission expected to pass");
  sub->add_flag("--exhaustive", args->exhaustive,
                "also judge on testdata/exhaustive, the exhaustive tier (every board against its "
                "hardest adversary, and the random, committed and scripted games)");
  add_sandbox_option(*sub, args->sandbox);
  add_trust_option(*sub, args->trust);
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
