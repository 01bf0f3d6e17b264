// Temporary package roots for the generator tests: never touch the real testdata/.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "tests/support/files.hpp"
#include "tests/support/repository.hpp"
#include "tests/support/temp_dir.hpp"

namespace entrapment::testing {

// A fresh directory (a TempDir) with the repository's judge.yaml and testdata/generators.yaml
// holding `yaml`; removed on destruction.
class TempRoot {
 public:
  explicit TempRoot(const std::string& yaml);
  // A copy of the repository's whole testdata/ (generators.yaml and the committed files).
  static TempRoot copy_of_testdata();

  const std::filesystem::path& path() const { return dir_->path; }

 private:
  TempRoot();
  std::unique_ptr<TempDir> dir_;  // a pointer: a TempRoot can be returned
};

}  // namespace entrapment::testing
