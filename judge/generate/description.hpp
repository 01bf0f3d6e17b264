// Reads testdata/generators.yaml, the declarative description of the test data, and computes
// every file it describes. Nothing is written here: generate.cpp compares and writes.
#pragma once

#include <filesystem>
#include <map>
#include <string>

namespace entrapment {

// Path relative to the package root ("testdata/secret/boards/r1-u0.in") -> exact bytes.
using FileSet = std::map<std::string, std::string>;

// The directories under testdata/ whose every file is generated.
inline const char* const kGeneratedDirectories[] = {"sample", "secret", "invalid_input"};

// The files `yaml_file` describes. Throws std::runtime_error whose message names the file,
// the line, the entry ("data.secret.data.random") and what was expected there.
FileSet describe_testdata(const std::filesystem::path& yaml_file, const std::string& shown_name);

}  // namespace entrapment
