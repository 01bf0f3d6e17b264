// problem.yaml, the package's description in the problem package format 2025-09
// (spec/2025-09.md, "Problem metadata"): every key the specification defines is known and
// checked, optional keys take the specification's defaults, unknown and duplicate keys are
// errors (the specification: "Any unknown keys should be treated as an error"; a misspelt
// `time_limt` would otherwise judge with the default). Every error names the file, the key,
// what was expected and the line.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "yaml_error.hpp"

namespace entrapment {

struct ProblemConfig {
  std::string problem_format_version;        // "2025-09"
  std::string type;                          // "interactive" (the judge plays a pass-fail game)
  std::string name;                          // the English name, else the first language's
  std::map<std::string, std::string> names;  // language code -> name ("en" for a plain string)
  std::string uuid;
  std::string version;     // empty when absent
  std::string source;      // the first source's name; empty when absent
  std::string source_url;  // the first source's url; empty when absent
  std::string license = "unknown";
  bool license_given = false;  // whether license was written
  std::string rights_owner;    // empty when absent
  // credits.authors (or credits itself, when it names one author): each person's name, or the
  // "Name <email>" string as written. Empty when absent.
  std::vector<std::string> authors;
  std::vector<std::string> keywords;

  // limits. Each key is optional; the values here are what the judge uses.
  double time_limit_s = 1;         // limits.time_limit; absent: time_resolution (see below)
  bool time_limit_given = false;   // whether limits.time_limit was written
  double time_resolution_s = 1;    // limits.time_resolution (default 1.0)
  double ac_to_time_limit = 2;     // limits.time_multipliers.ac_to_time_limit (default 2.0)
  double time_limit_to_tle = 1.5;  // limits.time_multipliers.time_limit_to_tle (default 1.5)
  long long memory_mib = 2048;     // limits.memory; absent: the typical system default
  bool memory_given = false;
  long long output_mib = 8;                 // limits.output; absent: the typical system default
  long long code_kib = 128;                 // limits.code; absent: the typical system default
  long long compilation_time_s = 60;        // limits.compilation_time (the default)
  long long compilation_memory_mib = 2048;  // limits.compilation_memory (the default)
  // Every time is at most an hour and every memory 32 MiB to 1 TiB: beyond, an error.
};

// Reads and checks problem.yaml; throws YamlError ("problem.yaml:12: limits.memory: expected a
// positive integer (MiB), got 'lots").
ProblemConfig load_problem_yaml(const std::filesystem::path& path);

// The same, from text; `name` is used in messages.
ProblemConfig parse_problem_yaml(const std::string& text, const std::string& name);

}  // namespace entrapment
