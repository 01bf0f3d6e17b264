// A path the whole process shares (a setting one thread sets and others read), under its own
// mutex: the containment's test and package directories.
#pragma once

#include <filesystem>
#include <mutex>
#include <utility>

namespace entrapment {

class SharedPath {
 public:
  std::filesystem::path get() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return path_;
  }
  void set(std::filesystem::path path) {
    std::lock_guard<std::mutex> lock(mutex_);
    path_ = std::move(path);
  }

 private:
  mutable std::mutex mutex_;
  std::filesystem::path path_;
};

}  // namespace entrapment
