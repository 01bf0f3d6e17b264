#include "files.hpp"

#include <stdlib.h>

#include <stdexcept>

#include "support/files.hpp"

namespace entrapment::testing {

namespace fs = std::filesystem;

std::string read_text(const fs::path& path) { return read_file(path).value_or(""); }

void write_text(const fs::path& path, const std::string& text) { write_file(path, text); }

fs::path fresh_directory(const std::string& name) {
  std::string dir = (fs::temp_directory_path() / (name + "-XXXXXX")).string();
  if (!::mkdtemp(dir.data())) throw std::runtime_error("mkdtemp failed for " + dir);
  return dir;
}

}  // namespace entrapment::testing
