#include "package_copy.hpp"

#include <unistd.h>

#include <atomic>

namespace entrapment::testing {

namespace fs = std::filesystem;

TempRoot::TempRoot() {
  static std::atomic<int> counter{0};
  path_ = fs::temp_directory_path() /
          ("entrapment-generate-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  fs::remove_all(path_);
  fs::create_directories(path_ / "testdata");
}

TempRoot::TempRoot(const std::string& yaml) : TempRoot() {
  write_text(path_ / "testdata" / "generators.yaml", yaml);
}

TempRoot TempRoot::copy_of_testdata() {
  TempRoot root;
  fs::copy(repository() / "testdata", root.path_ / "testdata", fs::copy_options::recursive);
  return root;
}

TempRoot::~TempRoot() {
  if (!path_.empty()) {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
}

}  // namespace entrapment::testing
