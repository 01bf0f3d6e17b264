#include "judged_tests.hpp"

#include "judging/judge_tests.hpp"

namespace entrapment {

namespace fs = std::filesystem;

std::vector<fs::path> tests_under(const fs::path& dir) {
  return fs::is_directory(dir) ? collect_tests({dir}) : std::vector<fs::path>{};
}

std::vector<fs::path> sample_tests(const fs::path& root) {
  return tests_under(root / "testdata" / "sample");
}

std::vector<fs::path> secret_tests(const fs::path& root, bool exhaustive) {
  std::vector<fs::path> tests = tests_under(root / "testdata" / "secret");
  if (exhaustive) {
    const std::vector<fs::path> more = tests_under(root / "testdata" / "exhaustive");
    tests.insert(tests.end(), more.begin(), more.end());
  }
  return tests;
}

std::vector<std::string> judged_tiers(bool exhaustive) {
  std::vector<std::string> tiers = {"sample", "secret"};
  if (exhaustive) tiers.push_back("exhaustive");
  return tiers;
}

std::vector<fs::path> judged_tests(const fs::path& root, bool exhaustive) {
  std::vector<fs::path> tests;
  for (const std::string& tier : judged_tiers(exhaustive)) {
    const std::vector<fs::path> more = tests_under(root / "testdata" / tier);
    tests.insert(tests.end(), more.begin(), more.end());
  }
  return tests;
}

std::vector<fs::path> select_tests(const std::vector<fs::path>& samples,
                                   const std::vector<fs::path>& secret, int max_tests) {
  std::vector<fs::path> tests = samples;
  if (max_tests == 0 || static_cast<int>(secret.size()) <= max_tests) {
    tests.insert(tests.end(), secret.begin(), secret.end());
  } else {
    for (int k = 0; k < max_tests; ++k) tests.push_back(secret[secret.size() * k / max_tests]);
  }
  return tests;
}

}  // namespace entrapment
