// How a problem's module makes its tests from generator families and chooses its contest set
// (`judge generate`, `--select`): an optional hook, registered at start-up beside the module
// (judge/problems/built_in.cpp), as report/game_view.hpp's views are. A module without one has
// its generators.yaml read as any problem's (any_problem.hpp: tests in full, or printed by the
// package's own programs) and no contest selection. Entrapment's families are its own
// (problems/entrapment/generate/).
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "contract/problem_module.hpp"

namespace entrapment {

// Path relative to the package root ("testdata/secret/001-r1-u0-adaptive.in") -> exact bytes.
using FileSet = std::map<std::string, std::string>;

// What --select did to the contest set, by test name (hand-written tests too), in the order of
// the selection file.
struct SelectionChange {
  std::vector<std::string> kept, added, dropped;
};

class GeneratorFamilies {
 public:
  virtual ~GeneratorFamilies() = default;
  // Whether these are `module`'s families.
  virtual bool serves(const ProblemModule& module) const = 0;
  // The directories under testdata/ whose every file is generated ("sample", "secret", ...).
  virtual std::vector<std::string> generated_directories() const = 0;
  // The files root/testdata/generators.yaml describes. Throws YamlError (package/yaml_error.hpp)
  // naming the file, the line and the entry, or std::runtime_error.
  virtual FileSet describe(const std::filesystem::path& root) const = 0;
  // The contest set chosen again (`judge generate --select`): the files that record it, under
  // testdata/, and in `change` which tests it kept, added and dropped. With `reselect`, the
  // whole set anew; otherwise every test of the previous set is kept.
  virtual FileSet select(const std::filesystem::path& root, bool reselect,
                         SelectionChange& change) const = 0;
};

void register_generator_families(const GeneratorFamilies& families);

// The generator families of `module`, or null: then its generators.yaml is any problem's.
const GeneratorFamilies* generator_families_for(const ProblemModule& module);

}  // namespace entrapment
