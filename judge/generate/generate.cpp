#include "generate.hpp"

#include <iterator>
#include <set>
#include <stdexcept>

#include "any_problem.hpp"
#include "package/problem_modules.hpp"
#include "support/files.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

// The directories under testdata/ whose every file is generated: those of the module's
// generator families, or any problem's.
std::vector<std::string> generated_directories(const GeneratorFamilies* families) {
  if (families) return families->generated_directories();
  return {std::begin(kAnyProblemDirectories), std::end(kAnyProblemDirectories)};
}

// Every file now under the generated directories, relative to the root.
std::set<std::string> existing_files(const fs::path& root, const std::vector<std::string>& dirs) {
  std::set<std::string> out;
  for (const std::string& dir : dirs) {
    const fs::path base = root / "testdata" / dir;
    if (!fs::exists(base)) continue;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(base))
      if (!e.is_directory()) out.insert(e.path().lexically_relative(root).generic_string());
  }
  return out;
}

// Removes directories left empty under the generated ones, deepest first.
void remove_empty_directories(const fs::path& root, const std::vector<std::string>& dirs) {
  for (const std::string& dir : dirs) {
    const fs::path base = root / "testdata" / dir;
    if (!fs::exists(base)) continue;
    std::vector<fs::path> dirs;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(base))
      if (e.is_directory()) dirs.push_back(e.path());
    for (auto it = dirs.rbegin(); it != dirs.rend(); ++it)
      if (fs::is_empty(*it)) fs::remove(*it);
  }
}

// Compares `files` with what is on disk and, unless checking, writes what differs.
void compare_and_write(const fs::path& root, const FileSet& files, bool check_only,
                       GenerateReport& report) {
  for (const auto& [path, bytes] : files) {
    const std::optional<std::string> now = read_file(root / path);
    if (now && *now == bytes) continue;
    (now ? report.differing : report.missing).push_back(path);
    if (!check_only) {
      write_file(root / path, bytes);
      report.written.push_back(path);
    }
  }
}

}  // namespace

GenerateReport generate_testdata(const fs::path& root, bool check_only) {
  GenerateOptions options;
  options.check_only = check_only;
  return generate_testdata(root, options);
}

GenerateReport generate_testdata(const fs::path& root, const GenerateOptions& options) {
  return generate_testdata(root, package_problem_module(root), options);
}

GenerateReport generate_testdata(const fs::path& root, const ProblemModule& module,
                                 const GenerateOptions& options) {
  GenerateReport report;
  const GeneratorFamilies* families = generator_families_for(module);
  if (options.select || options.reselect) {
    if (!families)
      throw std::runtime_error(
          "--select and --reselect choose a contest set from generator families, and the " +
          module.name() +
          " module has none: its tests are the ones testdata/generators.yaml lists");
    report.selection.emplace();
    compare_and_write(root, families->select(root, options.reselect, *report.selection),
                      options.check_only, report);
  }
  const FileSet files =
      families ? families->describe(root) : describe_any_problem_testdata(root, module);
  const std::vector<std::string> dirs = generated_directories(families);
  std::set<std::string> extra = existing_files(root, dirs);
  for (const auto& [path, bytes] : files) extra.erase(path);
  compare_and_write(root, files, options.check_only, report);
  report.extra.assign(extra.begin(), extra.end());
  if (!options.check_only && options.clean) {
    for (const std::string& path : report.extra) {
      fs::remove(root / path);
      report.removed.push_back(path);
    }
    remove_empty_directories(root, dirs);
  }
  return report;
}

}  // namespace entrapment
