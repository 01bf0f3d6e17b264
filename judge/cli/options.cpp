#include "options.hpp"

#include <sys/stat.h>

#include <thread>

#include "support/finite_range.hpp"

namespace entrapment::cli {

namespace {

constexpr int kMaxJobs = 1024;

}  // namespace

CLI::Validator integer_in(long long minimum, long long maximum) {
  const std::string range =
      maximum == minimum ? std::to_string(minimum)
                         : "from " + std::to_string(minimum) + " to " + std::to_string(maximum);
  return CLI::Validator(
      [minimum, maximum, range](std::string& text) -> std::string {
        const std::string expected = "expected an integer " + range + ", got '" + text + "'";
        std::size_t at = text.size() > 0 && text[0] == '-' ? 1 : 0;
        if (at == text.size() || text.size() - at > 18) return expected;
        for (std::size_t i = at; i < text.size(); ++i)
          if (text[i] < '0' || text[i] > '9') return expected;
        if (text.size() - at > 1 && text[at] == '0') return expected;  // canonical: no 007
        const long long value = std::stoll(text);
        return value < minimum || value > maximum ? expected : std::string();
      },
      "");
}

int default_jobs() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

void add_jobs_option(CLI::App& sub, int& jobs, const std::string& what, const std::string& note) {
  jobs = default_jobs();
  sub.add_option("-j,--jobs", jobs,
                 what + " at once, 1 to " + std::to_string(kMaxJobs) +
                     " (default: the number of cores)" + note)
      ->option_text("N")
      ->check(integer_in(1, kMaxJobs));
}

void add_stop_options(CLI::App& sub, bool& all_tests, bool& first_failure) {
  sub.add_flag("-a,--all", all_tests,
               "judge every test, also after the first failure of a submission that is "
               "expected to fail");
  sub.add_flag("--first-failure", first_failure,
               "stop at the first failing test, also for a submission expected to pass");
}

void add_time_limit_option(CLI::App& sub, double& seconds) {
  sub.add_option("-t,--time-limit", seconds,
                 "judge with this time limit instead of problem.yaml's, to try another one "
                 "(0.1 to 3600)")
      ->option_text("SECONDS")
      ->check(finite_range(0.1, 3600.0));
}

void add_sandbox_option(CLI::App& sub, bool& sandbox) {
  sub.add_flag_function(
      "--sandbox", [&sandbox](std::int64_t) { sandbox = true; },
      "run the contestant in a sandbox when one is usable (as root namespaces the box makes "
      "itself, else bwrap)" +
          std::string(sandbox ? " (default)" : ""));
  sub.add_flag_function(
      "--no-sandbox", [&sandbox](std::int64_t) { sandbox = false; },
      "run it without a sandbox, so without any isolation: only trusted code (the package's own "
      "solutions/, or with --trust); the limits hold either way, but for the process cap "
      "of a root judge without control groups (-v says which hold)" +
          std::string(sandbox ? "" : " (default)"));
}

void add_root_option(CLI::App& sub, std::string& root) {
  sub.add_option("--root", root,
                 "the package (default: $ENTRAPMENT_ROOT, else the nearest directory at or "
                 "above the working directory with problem.yaml and testdata/)")
      ->option_text("DIR");
}

CLI::Option* add_input_file_option(CLI::App& sub, const std::string& name, std::string& file,
                                   const std::string& description) {
  return sub.add_option(name, file, description)->option_text("FILE")->check(CLI::ExistingFile);
}

CLI::Option* add_output_file_option(CLI::App& sub, const std::string& name, std::string& file,
                                    const std::string& description) {
  return sub.add_option(name, file, description)->option_text("FILE");
}

}  // namespace entrapment::cli
