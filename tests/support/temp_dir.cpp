#include "temp_dir.hpp"

#include <stdlib.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <system_error>

namespace entrapment::testing {

namespace fs = std::filesystem;

namespace {

// TMPDIR, else /tmp; an error names TMPDIR's value (the standard library's does not).
fs::path temporary_directory() {
  std::error_code error;
  const fs::path dir = fs::temp_directory_path(error);
  if (error) {
    const char* tmpdir = std::getenv("TMPDIR");
    throw std::runtime_error(std::string("no temporary directory: TMPDIR=") +
                             (tmpdir ? tmpdir : "") + ": " + error.message());
  }
  return dir;
}

fs::path made(const std::string& purpose, mode_t mode) {
  std::string name = (temporary_directory() / (purpose + "-XXXXXX")).string();
  if (!::mkdtemp(name.data()))
    throw std::runtime_error("cannot make the temporary directory " + name + ": " +
                             std::strerror(errno));
  // mkdtemp makes it 0700; chmod, not the umask, gives it any other mode.
  if (::chmod(name.c_str(), mode) != 0) {
    const int error = errno;
    std::error_code ignored;
    fs::remove(name, ignored);
    throw std::runtime_error("cannot chmod the temporary directory " + name + ": " +
                             std::strerror(error));
  }
  return name;
}

}  // namespace

TempDir::TempDir(const std::string& purpose, mode_t mode) : path(made(purpose, mode)) {}

TempDir::~TempDir() {
  if (kept_) return;
  std::error_code ignored;
  fs::remove_all(path, ignored);
}

}  // namespace entrapment::testing
