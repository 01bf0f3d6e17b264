// problem.yaml, the package's description in the Kattis problem package format (2025-09):
// the keys the toolkit needs, checked, with errors that name the file, the key and what was
// expected.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

namespace entrapment {

struct ProblemConfig {
  std::string problem_format_version;  // "2025-09"
  std::string type;                    // "interactive"
  std::string name;                    // "Entrapment"
  std::string uuid;
  std::string source;        // source.name, or source when it is a plain string
  double time_limit_s = 0;   // limits.time_limit, seconds
  long long memory_mib = 0;  // limits.memory, MiB
};

class ProblemYamlError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Reads and checks problem.yaml; throws ProblemYamlError ("problem.yaml: limits.memory:
// expected a positive integer (MiB), got 'lots'").
ProblemConfig load_problem_yaml(const std::filesystem::path& path);

// The same, from text; `name` is used in messages.
ProblemConfig parse_problem_yaml(const std::string& text, const std::string& name);

}  // namespace entrapment
