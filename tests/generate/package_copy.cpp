#include "package_copy.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace entrapment::testing {

namespace fs = std::filesystem;

fs::path repository_root() {
  const char* root = std::getenv("ENTRAPMENT_ROOT");
  if (!root || !*root) throw std::runtime_error("ENTRAPMENT_ROOT is not set (run through CTest)");
  return root;
}

TempRoot::TempRoot() {
  static std::atomic<int> counter{0};
  path_ = fs::temp_directory_path() /
          ("entrapment-generate-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  fs::remove_all(path_);
  fs::create_directories(path_ / "testdata");
}

TempRoot::TempRoot(const std::string& yaml) : TempRoot() {
  write_file(path_ / "testdata" / "generators.yaml", yaml);
}

TempRoot TempRoot::copy_of_testdata() {
  TempRoot root;
  fs::copy(repository_root() / "testdata", root.path_ / "testdata", fs::copy_options::recursive);
  return root;
}

TempRoot::~TempRoot() {
  if (!path_.empty()) {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void write_file(const fs::path& path, const std::string& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

}  // namespace entrapment::testing
