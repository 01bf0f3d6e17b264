#include "chosen_tests.hpp"

#include <fnmatch.h>

#include "generate/generate.hpp"
#include "judged_tests.hpp"
#include "judging/judge_tests.hpp"
#include "selection_error.hpp"
#include "submissions/submission.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

bool is_test_file(const fs::path& path) { return path.extension() == ".in"; }

// Whether `dir` holds the package (the package's root or a directory above it): searching it
// for tests would walk the whole package, or the whole disk (`judge run X ..`).
bool holds_package(const fs::path& dir, const fs::path& root) {
  std::error_code ec;
  const fs::path relative =
      fs::weakly_canonical(root, ec).lexically_relative(fs::weakly_canonical(dir, ec));
  return !relative.empty() && *relative.begin() != "..";
}

}  // namespace

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

std::vector<fs::path> tests_from(const std::vector<std::string>& words, bool with_command,
                                 const fs::path& root) {
  std::vector<fs::path> paths;
  for (const std::string& word : words) {
    std::error_code error;
    const fs::path path = word;
    if (fs::is_directory(path, error) && holds_package(path, root))
      throw SelectionError(word + " holds the whole package (" + root.string() +
                           "): name the tests, testdata/ or a directory of *.in files under it");
    if (fs::is_directory(path, error) || (fs::is_regular_file(path, error) && is_test_file(path))) {
      paths.push_back(path);
      continue;
    }
    if (!fs::exists(path, error)) {
      const std::vector<fs::path> named = tests_named(word, root);
      if (named.empty())
        throw SelectionError(word +
                             ": no such test file or directory, and no test under testdata/ is "
                             "named so (a name is like secret/004 or sample/1, a glob like "
                             "'secret/00*' also works)");
      paths.insert(paths.end(), named.begin(), named.end());
      continue;
    }
    if (with_command && is_submission_file(path))
      throw SelectionError(word +
                           " is a submission, and -- COMMAND gives the submission too: give one "
                           "of them (judge run SUBMISSION [TEST...], or judge run [TEST...] -- "
                           "COMMAND ARGS...)");
    throw SelectionError(word +
                         " is not a test file (a test is a *.in file or a directory of them); "
                         "judge run takes one SUBMISSION or DIR, then tests");
  }
  return collect_tests(paths);
}

void refuse_stale_testdata(const fs::path& root, bool exhaustive) {
  // (Extra files, such as a test written by hand into a generated directory, are the setter's
  // and are judged. Tests named on the command line are judged as they are.)
  if (!fs::exists(root / "testdata" / "generators.yaml")) return;
  GenerateReport report;
  try {
    report = generate_testdata(root, /*check_only=*/true);
  } catch (const std::exception& e) {
    throw SelectionError(std::string("testdata/generators.yaml: ") + e.what());
  }
  std::vector<std::string> stale;
  for (const std::vector<std::string>* files : {&report.differing, &report.missing})
    for (const std::string& file : *files)
      for (const std::string& tier : judged_tiers(exhaustive))
        if (file.rfind("testdata/" + tier + "/", 0) == 0) stale.push_back(file);
  if (stale.empty()) return;
  throw SelectionError(
      "testdata/ does not match testdata/generators.yaml: " + std::to_string(stale.size()) +
      " file(s) differ or are missing (" + stale.front() + (stale.size() > 1 ? ", ..." : "") +
      "); run `judge generate` first, or name the tests to judge them as they are");
}

std::vector<fs::path> tests_to_judge(const std::vector<std::string>& words, bool with_command,
                                     bool exhaustive, const fs::path& root) {
  std::vector<fs::path> tests;
  try {
    if (words.empty()) {
      refuse_stale_testdata(root, exhaustive);
      tests = judged_tests(root, exhaustive);
    } else {
      tests = tests_from(words, with_command, root);
      if (exhaustive) {
        const std::vector<fs::path> more = collect_tests({root / "testdata" / "exhaustive"});
        tests.insert(tests.end(), more.begin(), more.end());
      }
    }
  } catch (const SelectionError&) {
    throw;
  } catch (const std::exception& e) {  // a directory that cannot be read, a path gone
    throw SelectionError(e.what());
  }
  if (tests.empty()) throw SelectionError("no test files (*.in) found");
  return tests;
}

}  // namespace entrapment
