#include "package_writer.hpp"

#include <algorithm>
#include <fstream>

#include "export.hpp"

namespace fs = std::filesystem;

namespace entrapment {

namespace {

bool valid_component(const std::string& name) {
  if (name.empty() || name.size() > 255) return false;
  auto plain = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  };
  if (!plain(name[0])) return false;
  return std::all_of(name.begin() + 1, name.end(),
                     [&](char c) { return plain(c) || c == '.' || c == '-'; });
}

}  // namespace

bool valid_package_path(const std::string& relative) {
  std::size_t start = 0;
  while (true) {
    const std::size_t slash = relative.find('/', start);
    if (!valid_component(relative.substr(start, slash - start))) return false;
    if (slash == std::string::npos) return true;
    start = slash + 1;
  }
}

PackageWriter::PackageWriter(fs::path dir, std::function<std::shared_ptr<void>()> hold)
    : dir_(std::move(dir)), hold_(std::move(hold)) {
  if (!fs::is_directory(dir_) || !fs::is_empty(dir_))
    throw ExportError(dir_.string() + ": the package is written into a new, empty directory");
}

fs::path PackageWriter::target(const std::string& relative) {
  // The dot-names the formats know: .timelimit (DOMjudge reads it, problemtools allows it) and
  // Polygon's statements/.pdf/ (where its packages keep the PDF statement).
  const std::string pdf_dir = "statements/.pdf/";
  const bool known_dot_name =
      relative == ".timelimit" || (relative.compare(0, pdf_dir.size(), pdf_dir) == 0 &&
                                   valid_package_path(relative.substr(pdf_dir.size())));
  if (!known_dot_name && !valid_package_path(relative))
    throw ExportError(relative + ": not a valid file name in a problem package " +
                      "(each part must match [a-zA-Z0-9_][a-zA-Z0-9_.-]*)");
  if (std::find(files_.begin(), files_.end(), relative) != files_.end())
    throw ExportError(relative + ": two sources export to the same file");
  // The directories below dir_, one at a time: never dir_ itself, so that a package directory
  // removed meanwhile (an interrupt cleaning up) is not made again.
  fs::path parent = dir_;
  for (const fs::path& part : fs::path(relative).parent_path()) {
    parent /= part;
    std::error_code error;
    fs::create_directory(parent, error);
    if (error) throw ExportError(parent.string() + ": cannot create: " + error.message());
  }
  files_.push_back(relative);
  return dir_ / relative;
}

void PackageWriter::write(const std::string& relative, const std::string& text) {
  const std::shared_ptr<void> held = hold_ ? hold_() : nullptr;
  const fs::path path = target(relative);
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.flush();
  if (!out) throw ExportError(path.string() + ": cannot write");
}

void PackageWriter::copy(const std::string& relative, const fs::path& from) {
  const std::shared_ptr<void> held = hold_ ? hold_() : nullptr;
  const fs::path path = target(relative);
  std::error_code error;
  fs::copy_file(from, path, fs::copy_options::overwrite_existing, error);
  if (error)
    throw ExportError(from.string() + ": cannot copy to " + path.string() + ": " + error.message());
}

void PackageWriter::copy_tree(const std::string& relative, const fs::path& from) {
  if (!fs::is_directory(from)) return copy(relative, from);
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(from); it != fs::recursive_directory_iterator();
       ++it) {
    const std::string name = it->path().filename().string();
    if (!name.empty() && (name[0] == '.' || name == "__pycache__")) {
      if (it->is_directory()) it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file()) files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files)
    copy(relative + "/" + fs::relative(file, from).generic_string(), file);
}

std::vector<std::string> PackageWriter::files() const {
  std::vector<std::string> sorted = files_;
  std::sort(sorted.begin(), sorted.end());
  return sorted;
}

}  // namespace entrapment
