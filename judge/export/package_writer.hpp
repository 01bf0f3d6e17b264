// Writes the files of one export below its package directory and remembers them. Every path
// is checked against the file-name rule of the Kattis formats (which Polygon's also satisfy),
// so an export never holds a name a contest system would refuse.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace entrapment {

class PackageWriter {
 public:
  // Writes below `dir`, which must exist and be empty (OutputDirectory's staging directory);
  // `hold` (may be empty) is held around each write (TemporaryTracking::hold_for_write).
  explicit PackageWriter(std::filesystem::path dir,
                         std::function<std::shared_ptr<void>()> hold = {});

  void write(const std::string& relative, const std::string& text);
  void copy(const std::string& relative, const std::filesystem::path& from);
  // A submission may be a directory: copies its files (not hidden ones) below `relative`.
  void copy_tree(const std::string& relative, const std::filesystem::path& from);

  const std::filesystem::path& dir() const { return dir_; }
  std::vector<std::string> files() const;  // sorted

 private:
  std::filesystem::path target(const std::string& relative);

  std::filesystem::path dir_;
  std::function<std::shared_ptr<void>()> hold_;
  std::vector<std::string> files_;
};

// True when every component of `relative` matches ^[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,254}$.
bool valid_package_path(const std::string& relative);

}  // namespace entrapment
