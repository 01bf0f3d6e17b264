// judge export --format FORMAT OUTDIR [--zip] [--exhaustive] [--force] [--official-limits]
//              [--statement latex|markdown] [--build-dir DIR]
// writes OUTDIR/entrapment in the layout a contest system imports (see export/export.hpp). The
// single-file programs come from the build directory: --build-dir, else the one this judge
// binary lives in (build/bin/..); they must match the current sources (a stale one is refused).
// An interrupted export (Ctrl-C, SIGTERM) leaves nothing behind: its temporary directory and
// file are registered with the interrupt handling (containment/interrupts.hpp), which removes them.
#include <iostream>
#include <memory>

#include "command.hpp"
#include "command_list.hpp"
#include "containment/interrupts.hpp"
#include "export/export.hpp"

namespace entrapment::cli {

namespace {

struct ExportArguments {
  std::string format;
  std::string out_dir;
  std::string build_dir;
  bool zip = false;
  bool exhaustive = false;
  bool force = false;
  bool official_limits = false;
  std::string statement = "latex";
};

std::filesystem::path default_build_dir() {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return {};
  return self.parent_path().parent_path();
}

std::string format_help() {
  std::string names;
  for (const std::string& name : export_format_names())
    names += (names.empty() ? "" : " | ") + name;
  return names + " (doc/exports.md: which system takes which)";
}

int run(const ExportArguments& args) {
  const std::optional<std::string> format = parse_export_format(args.format);
  if (!format) {
    std::cerr << "judge export: " << export_format_error(args.format) << "\n";
    return kExitUsage;
  }
  ExportOptions options;
  options.root = package_root();
  options.out_dir = args.out_dir;
  options.zip = args.zip;
  options.exhaustive = args.exhaustive;
  options.force = args.force;
  options.official_limits = args.official_limits;
  options.statement = *parse_statement_format(args.statement);  // CLI11 checked the name
  options.build_dir =
      args.build_dir.empty() ? default_build_dir() : std::filesystem::path(args.build_dir);
  options.format = *format;
  options.temporaries.track = [](const std::filesystem::path& path) {
    return register_directory(path);
  };
  options.temporaries.untrack = [](int key) { forget(key); };
  // An interrupt's clean-up waits for every write under way, then holds off all others until
  // the judge exits, so no file is written while it removes the directories (nor after).
  options.temporaries.hold_for_write = hold_off_interrupt_cleanup;
  try {
    const ExportReport report = export_package(options);
    // What differs from problem.yaml comes first, so that an admin cannot miss it.
    for (const std::string& difference : report.differences)
      std::cerr << "judge export: warning: " << options.format << ": " << difference << "\n";
    for (const std::string& warning : report.warnings)
      std::cerr << "judge export: note: " << warning << "\n";
    std::cout << "judge export: " << options.format << " package in " << report.package_dir.string()
              << " (" << report.files.size() << " files, " << report.test_cases << " test cases, "
              << report.submissions << " submissions)\n";
    if (!report.zip_path.empty())
      std::cout << "judge export: " << report.zip_path.string() << " (" << report.zip_layout
                << ")\n";
  } catch (const ExportError& e) {  // what the package or the command line got wrong
    std::cout.flush();
    std::cerr << "judge export: " << e.what() << "\n";
    return kExitUsage;
  } catch (const std::exception& e) {  // a file system error the export did not foresee
    std::cout.flush();
    std::cerr << "judge export: " << e.what() << "\n";
    return kExitJudgeError;
  }
  return kExitOk;
}

}  // namespace

void add_export_command(CLI::App& app) {
  auto args = std::make_shared<ExportArguments>();
  CLI::App* sub = app.add_subcommand("export", "write the package for a contest system");
  sub->add_option("--format", args->format, format_help())->required();
  sub->add_option("outdir", args->out_dir, "the package goes to OUTDIR/entrapment")->required();
  static const struct {
    const char* name;
    bool ExportArguments::*field;
    const char* help;
  } kFlags[] = {
      {"--zip", &ExportArguments::zip,
       "also write OUTDIR/entrapment.zip, in the layout the system's importer reads"},
      {"--exhaustive", &ExportArguments::exhaustive,
       "also ship testdata/exhaustive (as data/secret/exhaustive, or after the secret tests)"},
      {"--force", &ExportArguments::force,
       "replace OUTDIR/entrapment (and entrapment.zip) even when judge export did not write it"},
      {"--official-limits", &ExportArguments::official_limits,
       "hydro only: keep the official time and memory limits instead of ones a default Hydro "
       "judge accepts"},
  };
  for (const auto& flag : kFlags) sub->add_flag(flag.name, (*args).*flag.field, flag.help);
  sub->add_option("--statement", args->statement,
                  "2025-09 only: the statement as latex (default; BAPCtools reads only LaTeX) or "
                  "markdown (statement/problem.en.md)")
      ->check(CLI::IsMember({"latex", "markdown"}));
  sub->add_option("--build-dir", args->build_dir,
                  "where the single-file programs were generated (default: this binary's build)")
      ->check(CLI::ExistingDirectory);
  on_run(*sub, [args] { return run(*args); });
}

}  // namespace entrapment::cli
