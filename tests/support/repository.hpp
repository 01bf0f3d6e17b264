// Where the tests find the repository and the build: the one place (CTest sets
// ENTRAPMENT_ROOT and ENTRAPMENT_BIN for every test; a test binary started by hand falls back
// on the directories it was configured with).
#pragma once

#include <filesystem>
#include <string>

namespace entrapment::testing {

// The repository checkout: $ENTRAPMENT_ROOT, else the source directory CMake configured.
std::filesystem::path repository();

// The build's bin/: $ENTRAPMENT_BIN, else the one CMake configured.
std::filesystem::path build_bin();

// A program of the build: build_bin()/name.
std::filesystem::path build_program(const std::string& name);

// Whether this is the sanitizer tree (-DENTRAPMENT_SANITIZE=ON): the judge's code the test runs
// is built with AddressSanitizer and UndefinedBehaviorSanitizer, slower and larger. Asked at
// run time, so that every other test file compiles alike in both trees (tests/CMakeLists.txt).
bool sanitizer_tree();

}  // namespace entrapment::testing
