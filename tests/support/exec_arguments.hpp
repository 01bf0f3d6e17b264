// argv and envp as exec wants them, built before a fork: a child of a process with threads may
// call nothing but async-signal-safe functions before exec. An allocation there can wait
// forever on a lock another thread held at the fork (AddressSanitizer's allocator has no fork
// handlers), and the test then hangs in waitpid.
#pragma once

#include <unistd.h>  // environ (g++ defines _GNU_SOURCE)

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace entrapment::testing {

// Variables to set (a value) or remove (no value) in a child's environment.
using Environment = std::vector<std::pair<std::string, std::optional<std::string>>>;

class ExecArguments {
 public:
  explicit ExecArguments(const std::vector<std::string>& argv, const Environment& env = {})
      : words_(argv) {
    if (words_.empty()) throw std::invalid_argument("no program to run");
    for (char** e = environ; *e; ++e) environment_.emplace_back(*e);
    for (const auto& [name, value] : env) {
      const std::string prefix = name + "=";
      for (auto it = environment_.begin(); it != environment_.end();)
        it = it->compare(0, prefix.size(), prefix) == 0 ? environment_.erase(it) : it + 1;
      if (value) environment_.push_back(prefix + *value);
    }
    for (std::string& w : words_) argv_.push_back(w.data());
    argv_.push_back(nullptr);
    for (std::string& e : environment_) envp_.push_back(e.data());
    envp_.push_back(nullptr);
  }
  ExecArguments(const ExecArguments&) = delete;
  ExecArguments& operator=(const ExecArguments&) = delete;

  char* const* argv() const { return argv_.data(); }
  char* const* envp() const { return envp_.data(); }

 private:
  std::vector<std::string> words_, environment_;
  std::vector<char*> argv_, envp_;
};

}  // namespace entrapment::testing
