// `judge verify`: the package's main check, like problemtools' verifyproblem. Every test file
// passes the input validator and the validator rejects every invalid case; `judge generate
// --check` holds; every sample transcript replays through the interactor; every submission in
// solutions/ gets the verdict of its directory, on the samples and the contest set
// (--exhaustive: and on the exhaustive tier). --only limits it to stages, SUBMISSION paths
// to some submissions. Each line goes to stdout the moment it is decided (a log fills as it
// runs); a progress line goes to stderr, only on a terminal.
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <memory>
#include <set>

#include "box/limits.hpp"
#include "command.hpp"
#include "command_list.hpp"
#include "enforcement.hpp"
#include "generate/generate.hpp"
#include "help_format.hpp"
#include "options.hpp"
#include "package/problem_modules.hpp"
#include "package/problem_yaml.hpp"
#include "submissions/submission.hpp"
#include "submissions/work_dir.hpp"
#include "support/files.hpp"
#include "verify_stages.hpp"
#include "workflow/judged_tests.hpp"
#include "workflow/validator_runs.hpp"

namespace entrapment::cli {

namespace fs = std::filesystem;

namespace {

// The stages, in the order they run.
const std::vector<std::string> kStages = {"validate", "generate", "samples", "submissions"};

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

int verify(const VerifyArguments& args) {
  std::set<std::string> stages(args.only.begin(), args.only.end());
  if (stages.empty()) {
    if (args.submissions.empty())
      stages.insert(kStages.begin(), kStages.end());
    else
      stages.insert("submissions");
  }
  const fs::path root = package_root();
  const int jobs = args.judging.jobs;
  Tally tally(!args.no_color && report::stdout_is_terminal() && !std::getenv("NO_COLOR"));
  BoxLimits limits;
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
    if (args.verbose)
      print_enforcement(limits, args.judging.sandbox);
    else
      print_best_effort_note(limits, args.judging.sandbox);
  } catch (const std::exception& e) {
    tally.step("problem.yaml", false, e.what());
  }
  // The module that reads the package's tests and plays its games (judge.yaml).
  const ProblemModule* module = nullptr;
  try {
    module = &package_problem_module(root);
  } catch (const std::exception& e) {
    tally.step("judge.yaml", false, e.what());
  }
  const auto samples = sample_tests(root);
  const auto secret = secret_tests(root, args.exhaustive);
  if (args.exhaustive && tests_under(root / "testdata" / "exhaustive").empty())
    tally.step("testdata/exhaustive", false, "no test files (*.in)");
  const WorkDir work("verify-validator");

  if (stages.count("validate")) {
    tally.section("input validator");
    const fs::path validator =
        own_bin_dir() / (module ? module->input_validator_program() : "input_validator");
    std::vector<fs::path> all = samples;
    all.insert(all.end(), secret.begin(), secret.end());
    if (!module) {
      tally.step("input validator", false, "not run: judge.yaml names no module");
    } else if (!fs::exists(validator)) {
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

  if (stages.count("generate") && !fs::exists(root / "testdata" / "generators.yaml")) {
    tally.section("generated test data");
    tally.step("judge generate --check", true, "no testdata/generators.yaml: nothing to compare");
  } else if (stages.count("generate")) {
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
        if (!module) throw std::runtime_error("not replayed: judge.yaml names no module");
        const auto test = module->parse_test(text_of(sample), "");  // the sample named first
        auto problem = replay_interaction(*module, *test, text_of(transcript));
        tally.step(fs::relative(transcript, root).string(), !problem, problem ? *problem : "");
      } catch (const std::exception& e) {
        tally.step(fs::relative(transcript, root).string(), false, e.what());
      }
    }
    if (replayed == 0) tally.step("sample transcripts", false, "no testdata/sample/*.interaction");
  }

  if (stages.count("submissions")) {
    if (!limits_read)
      tally.step("submissions", false, "not judged: problem.yaml gives no limits");
    else if (!module)
      tally.step("submissions", false, "not judged: judge.yaml names no module");
    else
      verify_submissions(tally, args, root, *module, limits, ac_to_time_limit);
  }
  std::cout << (tally.failures() == 0 ? "verify: OK"
                                      : "verify: " + std::to_string(tally.failures()) + " FAILED")
            << std::endl;
  if (tally.judge_errors() > 0) return kExitJudgeError;
  if (!limits_read || !module) return kExitUsage;  // a configuration error, like every command's
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
  add_jobs_option(*sub, args->judging.jobs, "tests and validator runs", kTimedJobsNote);
  sub->add_option("--max-tests", args->max_tests,
                  "judge each submission on the samples and N evenly spaced secret tests, 1 to "
                  "100000 (default: every test)")
      ->option_text("N")
      ->check(integer_in(1, 100000));
  sub->add_flag("--exhaustive", args->exhaustive,
                "also validate and judge on testdata/exhaustive, the exhaustive tier (slow)");
  add_stop_options(*sub, args->judging.all_tests, args->judging.first_failure);
  // The sandbox whenever it is usable, as root or not: without it nothing would isolate solutions/
  // (a wrong submission wrote into the package and verify said ok).
  args->judging.sandbox = true;
  add_sandbox_option(*sub, args->judging.sandbox);
  add_trust_option(*sub);
  add_time_limit_option(*sub, args->time_limit);
  sub->add_flag("--no-color", args->no_color, "no colours (also: NO_COLOR in the environment)");
  sub->add_flag("-v,--verbose", args->verbose,
                "also print the limits in force and how they are enforced here");
  on_run(*sub, [args] { return verify(*args); });
}

}  // namespace entrapment::cli
