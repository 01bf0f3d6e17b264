// A temporary directory for compiled submissions that removes itself. It is readable by
// everyone: the contestant runs as its own unprivileged user and must reach its program.
#pragma once

#include <stdlib.h>
#include <sys/stat.h>

#include <filesystem>
#include <stdexcept>
#include <string>

namespace entrapment {

class WorkDir {
 public:
  // /tmp/entrapment-<purpose>-XXXXXX
  explicit WorkDir(const std::string& purpose) {
    std::string name = "/tmp/entrapment-" + purpose + "-XXXXXX";
    if (!::mkdtemp(name.data()))
      throw std::runtime_error("cannot create a temporary directory " + name);
    ::chmod(name.c_str(), 0755);
    path_ = name;
  }
  ~WorkDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  WorkDir(const WorkDir&) = delete;
  WorkDir& operator=(const WorkDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace entrapment
