#include "package_copy.hpp"

namespace entrapment::testing {

namespace fs = std::filesystem;

TempRoot::TempRoot() : dir_(std::make_unique<TempDir>("entrapment-generate")) {
  fs::create_directories(path() / "testdata");
  // Its module (Entrapment's, with the generator families) says how generators.yaml reads.
  fs::copy_file(repository() / "judge.yaml", path() / "judge.yaml");
}

TempRoot::TempRoot(const std::string& yaml) : TempRoot() {
  write_text(path() / "testdata" / "generators.yaml", yaml);
}

TempRoot TempRoot::copy_of_testdata() {
  TempRoot root;
  fs::copy(repository() / "testdata", root.path() / "testdata", fs::copy_options::recursive);
  return root;
}

}  // namespace entrapment::testing
