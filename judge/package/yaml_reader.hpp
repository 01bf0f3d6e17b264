// The one YAML reader: every YAML file the toolkit reads (problem.yaml, testdata/generators.yaml,
// the contest selection testdata/secret.yaml) is parsed here, its duplicate keys refused
// (yaml_keys.hpp), and each of its errors written in one format,
//   FILE:LINE: KEY: what is wrong, and what was expected
// LINE the 1-based line of the node at fault ("FILE: ..." when there is none), KEY the dotted
// path of the entry ("limits.memory", "data.secret.data.random.seed", "tests[2].seed"; left out
// for the file as a whole): the compiler's format, which editors and terminals link to the line.
#pragma once

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <string>
#include <vector>

#include "yaml_error.hpp"

namespace entrapment {

class YamlReader {
 public:
  // `file`: the name messages give the file ("problem.yaml", "testdata/generators.yaml").
  explicit YamlReader(std::string file) : file_(std::move(file)) {}
  const std::string& file() const { return file_; }

  // The file's YAML. Throws YamlError: "FILE: cannot read the file<hint_if_missing>",
  // "FILE:LINE: not valid YAML: what (column C)", or the first duplicate key
  // ("FILE:LINE: duplicate key 'KEY' (first at line L)").
  YAML::Node load(const std::filesystem::path& path, const std::string& hint_if_missing = "") const;
  // The same, from text.
  YAML::Node parse(const std::string& text) const;

  // Throws YamlError "FILE:LINE: KEY: what", LINE the line of `at`.
  [[noreturn]] void fail(const YAML::Node& at, const std::string& key,
                         const std::string& what) const;
  // Throws YamlError "FILE: what": the file as a whole.
  [[noreturn]] void fail(const std::string& what) const;

  // Every key of the map `map` (at `path`) is one of `known`; else fails on the first other,
  // "FILE:LINE: PATH.KEY: unknown key; expected one of: a, b, c".
  void only_known(const YAML::Node& map, const std::string& path,
                  const std::vector<std::string>& known) const;

  // The value of `key` in `map`, or an undefined node; never inserts (yaml-cpp's operator[] on
  // a non-const node would).
  static YAML::Node child(const YAML::Node& map, const std::string& key);
  // "a list", "a map", "nothing" or "a scalar", for messages.
  static std::string kind(const YAML::Node& node);
  // "path.key", or "key" at the top.
  static std::string join(const std::string& path, const std::string& key);

 private:
  std::string file_;
};

}  // namespace entrapment
