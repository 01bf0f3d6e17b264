// Temporary package roots for the generator tests: never touch the real testdata/.
#pragma once

#include <filesystem>
#include <string>

#include "tests/support/files.hpp"
#include "tests/support/repository.hpp"

namespace entrapment::testing {

// A fresh directory with testdata/generators.yaml holding `yaml`; removed on destruction.
class TempRoot {
 public:
  explicit TempRoot(const std::string& yaml);
  // A copy of the repository's whole testdata/ (generators.yaml and the committed files).
  static TempRoot copy_of_testdata();
  ~TempRoot();
  TempRoot(TempRoot&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }
  TempRoot(const TempRoot&) = delete;
  TempRoot& operator=(const TempRoot&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  TempRoot();
  std::filesystem::path path_;
};

}  // namespace entrapment::testing
