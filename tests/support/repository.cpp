#include "repository.hpp"

#include <cstdlib>

namespace entrapment::testing {

namespace fs = std::filesystem;

namespace {

fs::path from_environment(const char* variable, const char* configured) {
  const char* value = std::getenv(variable);
  return fs::path(value && *value ? value : configured);
}

}  // namespace

fs::path repository() { return from_environment("ENTRAPMENT_ROOT", ENTRAPMENT_SOURCE_DIR); }

fs::path build_bin() { return from_environment("ENTRAPMENT_BIN", ENTRAPMENT_BUILD_BIN); }

fs::path build_program(const std::string& name) { return build_bin() / name; }

bool sanitizer_tree() {
#ifdef ENTRAPMENT_SANITIZER_TREE
  return true;
#else
  return false;
#endif
}

}  // namespace entrapment::testing
