// The scratch packages the command-line tests run build/bin/judge in (tests/support/judge.hpp
// runs it), and the contestants they use.
#pragma once

#include <filesystem>
#include <string>

#include "tests/support/files.hpp"
#include "tests/support/judge.hpp"
#include "tests/support/repository.hpp"
#include "tests/support/temp_dir.hpp"

namespace entrapment::testing {

// A copy of the package in a fresh directory whose path has spaces, inside a parent of mode
// 0700 (a private home directory): problem.yaml, testdata/sample, the first `secret_tests`
// tests of testdata/exhaustive/boards (directly in testdata/secret/), two files of
// testdata/invalid_input, and an empty solutions/. Removed at the end.
class ScratchPackage {
 public:
  explicit ScratchPackage(int secret_tests = 2);

  const std::filesystem::path& root() const { return root_; }
  // A directory next to the package (inside the private parent), for files that are not in
  // it.
  const std::filesystem::path& outside() const { return outside_; }
  // Writes `text` to root()/relative and returns the absolute path.
  std::filesystem::path write(const std::string& relative, const std::string& text) const;

 private:
  const TempDir home_{"entrapment cli test"};  // 0700: a private home directory
  std::filesystem::path root_, outside_;
};

// Contestants for the tests, in Python (copied into the judge's work directory, so they run
// wherever the package is kept).
extern const char* const kClaimsRunnerAndStops;  // WA on every board at once
std::string sleepy_claim(double seconds);        // WA after sleeping
// solutions/accepted/reference.py of the checkout: AC.
std::string reference_python();

}  // namespace entrapment::testing
