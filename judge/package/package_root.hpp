// Which package a command works on. Like git and BAPCtools, the judge does not use the source
// tree it was built from: the root is --root, else $ENTRAPMENT_ROOT, else the nearest
// directory at or above the working directory that holds problem.yaml and testdata/.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

namespace entrapment {

struct PackageRoot {
  std::filesystem::path path;  // absolute, lexically normal
  std::string origin;          // how it was found: "--root", "ENTRAPMENT_ROOT", "found upward from
                               // the working directory"
};

// No package could be found, or the one named is not a package. The message says how to name
// one.
class PackageRootError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Whether `dir` holds problem.yaml and testdata/.
bool is_package_root(const std::filesystem::path& dir);

// `option`: the value of --root ("" when absent); `environment`: $ENTRAPMENT_ROOT (null or ""
// when unset); `working_dir`: where the search upward starts. A named root must be a directory
// with problem.yaml or testdata/. `program`: the running judge's own file; when no directory
// above the working directory is a package, the search goes on upward from it, so that
// build/bin/judge judges a file kept elsewhere with the package it was built in.
PackageRoot find_package_root(const std::string& option, const char* environment,
                              const std::filesystem::path& working_dir,
                              const std::filesystem::path& program = {});

}  // namespace entrapment
