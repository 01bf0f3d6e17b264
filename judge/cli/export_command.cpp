// judge export --format FORMAT OUTDIR [--zip] [--exhaustive] [--force]
//              [--statement latex|markdown] [--build-dir DIR]
// writes OUTDIR/entrapment in the layout a contest system imports (see export/export.hpp). The
// single-file programs come from the build directory: --build-dir, else the one this judge
// binary lives in (build/bin/..); they must match the current sources (a stale one is refused).
#include <iostream>
#include <memory>

#include "command.hpp"
#include "command_list.hpp"
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
  std::string statement = "latex";
};

std::filesystem::path default_build_dir() {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return {};
  return self.parent_path().parent_path();
}

int run(const ExportArguments& args) {
  ExportOptions options;
  options.root = package_root();
  options.out_dir = args.out_dir;
  options.zip = args.zip;
  options.exhaustive = args.exhaustive;
  options.force = args.force;
  options.statement = *parse_statement_format(args.statement);  // CLI11 checked the name
  options.build_dir =
      args.build_dir.empty() ? default_build_dir() : std::filesystem::path(args.build_dir);
  options.format = *parse_export_format(args.format);  // CLI11 checked the name
  try {
    const ExportReport report = export_package(options);
    for (const std::string& warning : report.warnings)
      std::cerr << "judge export: note: " << warning << "\n";
    std::cout << "judge export: " << to_string(options.format) << " package in "
              << report.package_dir.string() << " (" << report.files.size() << " files, "
              << report.test_cases << " test cases, " << report.submissions << " submissions)\n";
    if (!report.zip_path.empty()) std::cout << "judge export: " << report.zip_path.string() << "\n";
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
  sub->add_option("--format", args->format, "legacy | 2025-09 | polygon")
      ->required()
      ->check(CLI::IsMember(export_format_names()));
  sub->add_option("outdir", args->out_dir, "the package goes to OUTDIR/entrapment")->required();
  sub->add_flag("--zip", args->zip, "also write OUTDIR/entrapment.zip");
  sub->add_flag("--exhaustive", args->exhaustive,
                "also ship testdata/exhaustive (as data/secret/exhaustive, or after the secret "
                "tests in Polygon)");
  sub->add_flag("--force", args->force,
                "replace OUTDIR/entrapment (and entrapment.zip) even when judge export did not "
                "write it");
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
