// A temporary directory for compiled submissions that removes itself, also when the judge is
// interrupted (it is registered with interrupts.hpp). Mode 0700: nobody else reaches the
// submissions in it (a contestant gets its program staged into its own scratch directory by
// the judge). Its name carries the judge's process id, so that what a judge left can be told
// from another's.
#pragma once

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <stdexcept>
#include <string>

#include "containment/interrupts.hpp"

namespace entrapment {

class WorkDir {
 public:
  // /tmp/entrapment-<purpose>-<pid>-XXXXXX
  explicit WorkDir(const std::string& purpose) {
    std::string name = "/tmp/entrapment-" + purpose + "-" + std::to_string(::getpid()) + "-XXXXXX";
    {
      // Made and registered at once: an interrupt either finds it or comes before it.
      std::lock_guard<std::recursive_mutex> lock(spawn_lock());
      if (interrupted()) throw std::runtime_error("interrupted");
      if (!::mkdtemp(name.data()))
        throw std::runtime_error("cannot create a temporary directory " + name);
      key_ = register_directory(name);
    }
    path_ = name;  // mkdtemp made it 0700
  }
  ~WorkDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
    forget(key_);
  }
  WorkDir(const WorkDir&) = delete;
  WorkDir& operator=(const WorkDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  int key_ = 0;
};

}  // namespace entrapment
