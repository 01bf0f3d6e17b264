// The input validator run on many test files at once (`judge verify`'s first stage): which
// files got the other answer than expected, each with why, in the validator's own words.
#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace entrapment {

// A validator (like any output validator) gets this long per file.
constexpr std::chrono::seconds kValidatorTimeLimit{60};

// Runs `validator` on every file, `jobs` at a time; `expected` is 42 (valid) or 43 (invalid).
// Returns every file that got the other answer (named from `root`, sorted), each with why.
// `on_file_done(done)` is called after each file with how many are done, one call at a time.
// `work` holds the validators' output files.
std::vector<std::pair<std::string, std::string>> run_validator(
    const std::filesystem::path& validator, const std::vector<std::filesystem::path>& files,
    int expected, const std::filesystem::path& root, int jobs, const std::filesystem::path& work,
    const std::function<void(std::size_t done)>& on_file_done);

}  // namespace entrapment
