// The test data a submission is judged on, defined once for `judge run` and `judge verify`:
// testdata/sample, then testdata/secret (the contest set), then, when asked, testdata/exhaustive
// (the exhaustive tier); never testdata/invalid_input.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace entrapment {

// The test files under `dir` (collect_tests), or none when it is not a directory.
std::vector<std::filesystem::path> tests_under(const std::filesystem::path& dir);

// The samples: testdata/sample.
std::vector<std::filesystem::path> sample_tests(const std::filesystem::path& root);

// The secret tests a submission is judged on: the contest set, and with `exhaustive` the
// exhaustive tier after it.
std::vector<std::filesystem::path> secret_tests(const std::filesystem::path& root, bool exhaustive);

// The directories under testdata/ that hold what a submission is judged on, in that order:
// sample and secret, and with `exhaustive` the exhaustive tier.
std::vector<std::string> judged_tiers(bool exhaustive);

// Every test a submission is judged on, in the order it is judged: the samples, then the
// secret tests (the tests under judged_tiers()).
std::vector<std::filesystem::path> judged_tests(const std::filesystem::path& root, bool exhaustive);

// Every sample first, then every secret test, or with `max_tests` (> 0) an evenly spaced
// selection of them (deterministic).
std::vector<std::filesystem::path> select_tests(const std::vector<std::filesystem::path>& samples,
                                                const std::vector<std::filesystem::path>& secret,
                                                int max_tests);

}  // namespace entrapment
