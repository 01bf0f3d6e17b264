#include "command.hpp"

#include <cstdlib>
#include <iostream>
#include <optional>

#include "containment/installation.hpp"
#include "judging/judge_tests.hpp"
#include "options.hpp"
#include "package/package_root.hpp"
#include "package/problem_modules.hpp"
#include "package/problem_yaml.hpp"
#include "submissions/submission.hpp"

namespace entrapment::cli {

namespace {

// What the parsed command line leaves for the command to read: set while parsing, read after.
struct ParsedLine {
  std::string root_option;
  std::string command_name;
  std::vector<std::string> trailing_words;
};

ParsedLine& parsed() {
  static ParsedLine line;
  return line;
}

}  // namespace

void setup_commands(CLI::App& app) {
  add_root_option(app, parsed().root_option);
  for (CLI::App* sub : app.get_subcommands({})) {
    // --root anywhere on the line: before the subcommand (the main app's) or after it.
    add_root_option(*sub, parsed().root_option);
    // Paths are typed DIR and FILE, not TEXT:DIR (CLI11's name for a checked path).
    for (CLI::Option* option : sub->get_options()) {
      if (!option->get_option_text().empty() || option->get_positional()) continue;
      const std::string type = option->get_type_name();
      for (const char* kind : {"DIR", "FILE"})
        if (type.size() > std::string(kind).size() + 1 &&
            type.compare(type.size() - std::string(kind).size() - 1, std::string::npos,
                         std::string(":") + kind) == 0)
          option->option_text(kind);
    }
    const std::string name = sub->get_name();
    sub->preparse_callback([name](std::size_t) { set_current_command(name); });
  }
}

void on_run(CLI::App& sub, std::function<int()> command) {
  sub.callback([command = std::move(command)] {
    const int status = command();
    if (status != 0) throw CLI::RuntimeError(status);
  });
}

BoxLimits package_limits(const std::filesystem::path& root) {
  try {
    const ProblemConfig problem = load_problem_yaml(root / "problem.yaml");
    set_compile_options(compile_options_from(problem));
    return limits_from(problem);
  } catch (const std::exception& e) {
    throw CommandFailure(kExitUsage, e.what());
  }
}

const ProblemModule& package_module(const std::filesystem::path& root) {
  try {
    return package_problem_module(root);
  } catch (const std::exception& e) {
    throw CommandFailure(kExitUsage, e.what());
  }
}

void apply_time_limit(BoxLimits& limits, double seconds) {
  if (seconds <= 0) return;
  limits.cpu_s = seconds;
  limits.wall_s = wall_limit_for(seconds);
}

const std::string& current_command() { return parsed().command_name; }
void set_current_command(const std::string& name) { parsed().command_name = name; }

std::filesystem::path package_root(bool or_the_judges_own) {
  static std::optional<PackageRoot> found;
  if (!found) {
    try {
      std::error_code ignored;  // no /proc: the search from the working directory alone
      found = find_package_root(
          parsed().root_option, std::getenv("ENTRAPMENT_ROOT"), std::filesystem::current_path(),
          or_the_judges_own ? std::filesystem::read_symlink("/proc/self/exe", ignored)
                            : std::filesystem::path());
    } catch (const PackageRootError& e) {
      throw CommandFailure(kExitUsage, e.what());
    }
    set_package_for_containment(found->path);  // never shown whole to a contestant
    std::cout << "judge " << current_command() << ": package " << found->path.string() << " ("
              << found->origin << ")" << std::endl;
  }
  return found->path;
}

const std::vector<std::string>& trailing_command() { return parsed().trailing_words; }
void set_trailing_command(std::vector<std::string> words) {
  parsed().trailing_words = std::move(words);
}

int exit_status_of(const std::vector<RunResult>& results) {
  int status = kExitOk;
  for (const RunResult& r : results) {
    if (r.expected.matches(r.verdict)) continue;
    if (r.verdict == Verdict::JE) return kExitJudgeError;
    status = kExitNotExpected;
  }
  return status;
}

}  // namespace entrapment::cli
