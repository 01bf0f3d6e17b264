// Reads testdata/generators.yaml, the declarative description of the test data, and computes
// every file it describes. Nothing is written here: generate.cpp compares and writes.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "generate/generator_families.hpp"
#include "selection.hpp"
#include "test_line.hpp"

namespace entrapment {

// The directories under testdata/ whose every file is generated. exhaustive/ is the
// exhaustive tier, which exports leave out unless asked.
inline const char* const kGeneratedDirectories[] = {"sample", "secret", "exhaustive",
                                                    "invalid_input"};

struct Description {
  FileSet files;
  // For every test made from one line of configuration (the families and the selection): its
  // .in path and that line.
  std::map<std::string, TestLine> lines;
  // data.secret.select, when the secret tests are a selection.
  std::optional<SelectParams> select;
  // The tests written beside the selection (data.secret.data), in path order.
  std::vector<HandTest> hand;
};

// Whether the selection file a `select:` entry names must exist (plain generation) or may be
// missing (while `judge generate --select` is about to write it).
enum class SelectionFile { Required, Optional };

// The files root/testdata/generators.yaml describes. Throws YamlError (package/yaml_error.hpp)
// naming the file, the line, the entry ("data.exhaustive.data.random") and what was expected
// there: "testdata/generators.yaml:12: data.exhaustive.data.random.count: expected ...".
Description describe_testdata(const std::filesystem::path& root,
                              SelectionFile selection = SelectionFile::Required);

}  // namespace entrapment
