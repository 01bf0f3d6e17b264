// Duplicate keys in YAML maps. yaml-cpp keeps one of two equal keys and says nothing, so a
// problem.yaml with `memory:` twice would silently judge with one of them. This walks the
// parser's events (not the loaded tree, where the duplicate is already gone) and reports each
// repeated key with its line and the line of its first occurrence. Every YAML file the toolkit
// reads goes through it (yaml_reader.hpp).
#pragma once

#include <string>
#include <vector>

namespace entrapment {

struct DuplicateKey {
  std::string path;    // where the key is: "limits.memory", "source[1].name"
  int line = 0;        // 1-based line of the repeated key
  int first_line = 0;  // 1-based line of its first occurrence in the same map
};

// Every repeated key of every map in `text`, in document order. Throws YAML::Exception when
// `text` is not valid YAML (the caller names the file).
std::vector<DuplicateKey> find_duplicate_keys(const std::string& text);

// "FILE:LINE: duplicate key 'limits.memory' (first at line 11)" for the first duplicate.
std::string describe(const DuplicateKey& duplicate, const std::string& file);

}  // namespace entrapment
