#include "files.hpp"

#include "support/files.hpp"

namespace entrapment::testing {

namespace fs = std::filesystem;

std::string read_text(const fs::path& path) { return read_file(path).value_or(""); }

void write_text(const fs::path& path, const std::string& text) { write_file(path, text); }

}  // namespace entrapment::testing
