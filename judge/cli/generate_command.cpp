// `judge generate [--check] [--clean] [--select]`: writes testdata/ from
// testdata/generators.yaml, or (--check) verifies that the committed test data is exactly what
// the description produces. Files under the generated directories that the description does
// not produce are reported and left in place; --clean deletes them (as BAPCtools does).
// --select first recomputes the contest selection (testdata/secret.yaml) and its kill table by
// playing the corpus of wrong strategies against every candidate test: it keeps every test the
// selection had and adds what is still needed; --reselect chooses the whole set anew. Either
// says which tests it kept, added and dropped.
#include <iostream>

#include "command.hpp"
#include "command_list.hpp"
#include "generate/generate.hpp"

namespace entrapment::cli {

namespace {

struct GenerateArguments {
  bool check = false;
  bool clean = false;
  bool select = false;
  bool reselect = false;
};

void print(std::ostream& out, const char* what, const std::vector<std::string>& paths) {
  constexpr std::size_t kShown = 20;  // a full regeneration writes thousands of files
  for (std::size_t i = 0; i < paths.size() && i < kShown; ++i)
    out << "  " << what << " " << paths[i] << "\n";
  if (paths.size() > kShown)
    out << "  ... and " << paths.size() - kShown << " more " << what << "\n";
}

std::string names(const std::vector<std::string>& tests) {
  std::string out;
  for (const std::string& t : tests) out += (out.empty() ? "" : ", ") + t;
  return out;
}

// "the contest set: kept 41 tests, added 1 (hand-empty-queries), dropped 0": what the selection
// did, by name (with --check, what it would do).
void print_change(std::ostream& out, const SelectionChange& change, bool check) {
  out << (check ? "the selection would keep " : "the contest set: kept ") << change.kept.size()
      << (change.kept.size() == 1 ? " test, " : " tests, ") << (check ? "add " : "added ")
      << change.added.size();
  if (!change.added.empty()) out << " (" << names(change.added) << ")";
  out << (check ? ", drop " : ", dropped ") << change.dropped.size();
  if (!change.dropped.empty()) out << " (" << names(change.dropped) << ")";
  out << "\n";
}

int run(const GenerateArguments& args) {
  const std::filesystem::path root = package_root();
  GenerateOptions options;
  options.check_only = args.check;
  options.clean = args.clean;
  options.select = args.select || args.reselect;
  options.reselect = args.reselect;
  if (options.select)
    std::cout << "judge generate: "
              << (args.reselect ? "choosing the contest set anew"
                                : "recomputing the contest selection, keeping its tests")
              << " (the corpus against every candidate test; a few seconds)\n"
              << std::flush;
  GenerateReport report;
  try {
    report = generate_testdata(root, options);
  } catch (const std::exception& e) {
    std::cerr << "judge generate: " << e.what() << "\n";
    return 2;
  }
  if (args.check) {
    print(std::cout, "differs:", report.differing);
    print(std::cout, "missing:", report.missing);
    print(std::cout, "extra:  ", report.extra);
    if (!report.ok()) {
      if (report.selection) print_change(std::cout, *report.selection, true);
      std::cout << "testdata/ does not match testdata/generators.yaml (" << report.differing.size()
                << " differing, " << report.missing.size() << " missing, " << report.extra.size()
                << " extra); run `judge generate"
                << (args.reselect ? " --reselect"
                    : args.select ? " --select"
                                  : "")
                << "` to regenerate it"
                << (report.extra.empty() ? "" : " (and --clean to delete the extra files)") << "\n";
      return 1;
    }
    std::cout << "testdata/ matches testdata/generators.yaml\n";
    return 0;
  }
  print(std::cout, "wrote", report.written);
  print(std::cout, "removed", report.removed);
  if (report.selection) print_change(std::cout, *report.selection, false);
  if (!args.clean && !report.extra.empty()) {
    constexpr std::size_t kShown = 20;
    for (std::size_t i = 0; i < report.extra.size() && i < kShown; ++i)
      std::cerr << "judge generate: warning: " << report.extra[i]
                << " is not described by testdata/generators.yaml; left in place\n";
    if (report.extra.size() > kShown)
      std::cerr << "judge generate: warning: ... and " << report.extra.size() - kShown
                << " more files not described by testdata/generators.yaml, left in place\n";
    std::cerr << "judge generate: delete them with `judge generate --clean`\n";
  }
  std::cout << "testdata/: " << report.written.size() << " files written, " << report.removed.size()
            << " removed";
  if (!args.clean && !report.extra.empty())
    std::cout << ", " << report.extra.size() << " not described and left in place";
  std::cout << "; everything else was already up to date\n";
  return 0;
}

}  // namespace

void add_generate_command(CLI::App& app) {
  auto args = std::make_shared<GenerateArguments>();
  CLI::App* sub = app.add_subcommand(
      "generate", "write testdata/ from testdata/generators.yaml (deterministic)");
  CLI::Option* check =
      sub->add_flag("--check", args->check,
                    "write nothing; fail when the committed test data differs from the description "
                    "(files it does not describe count as differences)");
  sub->add_flag("--clean", args->clean,
                "delete the files under the generated directories that the description does not "
                "produce (without it they are reported and left)")
      ->excludes(check);
  sub->add_flag("--select", args->select,
                "first recompute the contest selection (testdata/secret.yaml) and its kill "
                "table from the corpus, keeping every test it has and adding what is still "
                "needed; with --check, fail when they are stale");
  sub->add_flag("--reselect", args->reselect,
                "as --select, but choose the whole contest set anew: tests it no longer needs "
                "are dropped (--clean deletes their files)");
  on_run(*sub, [args] { return run(*args); });
}

}  // namespace entrapment::cli
