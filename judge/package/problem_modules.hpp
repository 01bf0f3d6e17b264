// Which problem module plays a package's games. The toolkit knows no problem: each module
// registers itself when build/bin/judge starts (judge/problems/built_in.cpp), and a package
// names its module in judge.yaml:
//
//   module: mastermind
//   short_name: mastermind     optional: the package's directory name in judge export
//
// judge.yaml is the judge's own file, beside problem.yaml; contest systems never read it, so
// problem.yaml stays exactly the problem package format's.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "contract/problem_module.hpp"

namespace entrapment {

// Adds `module` to the modules the judge knows (at start-up, before main). A second module of
// the same name is a fault of the build: it throws std::logic_error.
void register_problem_module(const ProblemModule& module);

// Every module registered, in the order of their names.
std::vector<const ProblemModule*> problem_modules();

// The module named `name`, or null.
const ProblemModule* find_problem_module(const std::string& name);

// The module root/judge.yaml names. Throws YamlError naming the file and the line: judge.yaml
// missing or unreadable, a key other than `module`, or a module the judge does not know (with
// the names it knows).
const ProblemModule& package_problem_module(const std::filesystem::path& root);

// The package's short name, the directory (and zip) judge export writes: judge.yaml's
// `short_name` ([a-z0-9]+, what problemtools accepts), or else `problem_name` (problem.yaml's
// name) lowercased with everything but letters and digits dropped. Throws YamlError naming the
// file and the line when judge.yaml's is not [a-z0-9]+, or when neither gives a name.
std::string package_short_name(const std::filesystem::path& root, const std::string& problem_name);

}  // namespace entrapment
