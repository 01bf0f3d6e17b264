// `judge generate [--check]`: writes testdata/ from testdata/generators.yaml, or (--check)
// verifies that the committed test data is exactly what the description produces.
#include <iostream>

#include "command.hpp"
#include "generate/generate.hpp"

namespace entrapment::cli {

namespace {

void print(const char* what, const std::vector<std::string>& paths) {
  constexpr std::size_t kShown = 20;  // a full regeneration writes thousands of files
  for (std::size_t i = 0; i < paths.size() && i < kShown; ++i)
    std::cout << "  " << what << " " << paths[i] << "\n";
  if (paths.size() > kShown)
    std::cout << "  ... and " << paths.size() - kShown << " more " << what << "\n";
}

int run(bool check) {
  const std::filesystem::path root = package_root();
  GenerateReport report;
  try {
    report = generate_testdata(root, check);
  } catch (const std::exception& e) {
    std::cerr << "judge generate: " << e.what() << "\n";
    return 2;
  }
  if (check) {
    print("differs:", report.differing);
    print("missing:", report.missing);
    print("extra:  ", report.extra);
    if (!report.ok()) {
      std::cout << "testdata/ does not match testdata/generators.yaml (" << report.differing.size()
                << " differing, " << report.missing.size() << " missing, " << report.extra.size()
                << " extra); run `judge generate` to regenerate it\n";
      return 1;
    }
    std::cout << "testdata/ matches testdata/generators.yaml\n";
    return 0;
  }
  print("wrote", report.written);
  print("removed", report.extra);
  std::cout << "testdata/: " << report.written.size() << " files written, " << report.extra.size()
            << " removed; everything else was already up to date\n";
  return 0;
}

const RegisterCommand registered(40, [](CLI::App& app) {
  CLI::App* sub = app.add_subcommand(
      "generate", "write testdata/ from testdata/generators.yaml (deterministic)");
  auto check = std::make_shared<bool>(false);
  sub->add_flag("--check", *check,
                "write nothing; fail when the committed test data differs from the description");
  sub->callback([check] {
    const int status = run(*check);
    if (status != 0) throw CLI::RuntimeError(status);
  });
});

}  // namespace

}  // namespace entrapment::cli
