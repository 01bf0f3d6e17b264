// A temporary directory for compiled submissions that removes itself: inside the judge's own
// temporary directory (containment/judge_temp.hpp), which goes when the judge is interrupted
// or killed. Mode 0700: nobody else reaches the submissions in it (a contestant gets its
// program staged into its own run's directory by the judge).
#pragma once

#include <filesystem>
#include <string>

#include "containment/judge_temp.hpp"

namespace entrapment {

class WorkDir {
 public:
  // <the judge's temporary directory>/<purpose>-XXXXXX
  explicit WorkDir(const std::string& purpose) : path_(make_temp_subdir(purpose)) {}
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
