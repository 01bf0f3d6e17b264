#include "generate.hpp"

#include <fstream>
#include <iterator>
#include <set>
#include <stdexcept>

#include "description.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

std::optional<std::string> read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void write_bytes(const fs::path& path, const std::string& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

// Every file now under the generated directories, relative to the root.
std::set<std::string> existing_files(const fs::path& root) {
  std::set<std::string> out;
  for (const char* dir : kGeneratedDirectories) {
    const fs::path base = root / "testdata" / dir;
    if (!fs::exists(base)) continue;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(base))
      if (!e.is_directory()) out.insert(e.path().lexically_relative(root).generic_string());
  }
  return out;
}

// Removes directories left empty under the generated ones, deepest first.
void remove_empty_directories(const fs::path& root) {
  for (const char* dir : kGeneratedDirectories) {
    const fs::path base = root / "testdata" / dir;
    if (!fs::exists(base)) continue;
    std::vector<fs::path> dirs;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(base))
      if (e.is_directory()) dirs.push_back(e.path());
    for (auto it = dirs.rbegin(); it != dirs.rend(); ++it)
      if (fs::is_empty(*it)) fs::remove(*it);
  }
}

}  // namespace

GenerateReport generate_testdata(const fs::path& root, bool check_only) {
  const FileSet files =
      describe_testdata(root / "testdata" / "generators.yaml", "testdata/generators.yaml");
  GenerateReport report;
  std::set<std::string> extra = existing_files(root);
  for (const auto& [path, bytes] : files) {
    extra.erase(path);
    const std::optional<std::string> now = read_bytes(root / path);
    if (now && *now == bytes) continue;
    (now ? report.differing : report.missing).push_back(path);
    if (!check_only) {
      write_bytes(root / path, bytes);
      report.written.push_back(path);
    }
  }
  report.extra.assign(extra.begin(), extra.end());
  if (!check_only) {
    for (const std::string& path : report.extra) fs::remove(root / path);
    remove_empty_directories(root);
  }
  return report;
}

}  // namespace entrapment
