// Options that several subcommands share, spelt, typed and checked the same everywhere, with
// range messages a person can read ("-j: expected an integer from 1 to 1024, got '-3'").
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace entrapment::cli {

// A validator for a whole number in [minimum, maximum], written canonically.
CLI::Validator integer_in(long long minimum, long long maximum);

// -j,--jobs N: how many tests run at once, 1 to 1024; `jobs` is left at default_jobs().
// `note`: more said after the default.
void add_jobs_option(CLI::App& sub, int& jobs, const std::string& what,
                     const std::string& note = "");
// What -j says where it judges tests: they are timed one per CPU (judging/cpu_pool.hpp).
inline constexpr const char* kTimedJobsNote =
    "; tests are timed each on a CPU of its own, so never more at once than the CPUs the judge "
    "may use (taskset: its affinity)";
int default_jobs();  // the number of cores

// --sandbox / --no-sandbox: whether the contestant runs in a sandbox (the box's own namespaces
// as root, else bwrap; the limits hold either way). `sandbox` holds the default, which the help
// states.
void add_sandbox_option(CLI::App& sub, bool& sandbox);

// -t, --time-limit SECONDS: judge with this CPU time limit instead of problem.yaml's (the
// wall-clock guard follows it); `seconds` stays 0 when it is not given.
void add_time_limit_option(CLI::App& sub, double& seconds);

// -a,--all and --first-failure: where each submission stops (workflow/judging_loop.hpp,
// JudgingPlan): by default one expected to fail at its first failing test.
void add_stop_options(CLI::App& sub, bool& all_tests, bool& first_failure);

// --root DIR, shown in the subcommand's help.
void add_root_option(CLI::App& sub, std::string& root);

// An option naming a file the command reads (checked to exist) or writes, typed FILE.
CLI::Option* add_input_file_option(CLI::App& sub, const std::string& name, std::string& file,
                                   const std::string& description);
CLI::Option* add_output_file_option(CLI::App& sub, const std::string& name, std::string& file,
                                    const std::string& description);

}  // namespace entrapment::cli
