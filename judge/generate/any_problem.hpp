// Any problem's testdata/generators.yaml: the tests listed with no knowledge of the game, in
// the shape of BAPCtools' generators.yaml (doc/testdata.md, "Any problem's generators.yaml"):
//
//   generators:                  # optional: a program made of several files, by name
//     generate: [generators/generate.cpp, game/code.hpp, game/code.cpp]
//   data:
//     sample:
//       data:
//         "1": {in: "2 3 4\nfixed 3 1\n", contestant: ["1 1", "1 2", "3 1"]}
//     secret:
//       data:
//         hand-edge: {in: "1 1 1\nfixed 1\n", desc: "one pin, one colour"}
//         gen-largest: {generate: generate --pins 4 --colours 6 --kind largest}
//     invalid_input:
//       data:
//         crlf: {in: "4 6 9\r\nlargest\r\n"}
//
// A test is given in full (`in:`) or is the stdout of one of the package's programs run with
// the arguments written (`generate:`, generator_programs.hpp). The module reads every test back
// and writes the rest: .ans is answer_file(), a sample's .in.download contestant_view(), its
// .ans.download its .ans, and its .interaction the game played by `contestant:`'s lines.
#pragma once

#include <filesystem>

#include "contract/problem_module.hpp"
#include "generator_families.hpp"

namespace entrapment {

// The directories under testdata/ that any problem's generators.yaml describes.
inline const char* const kAnyProblemDirectories[] = {"sample", "secret", "invalid_input"};

// The files root/testdata/generators.yaml describes, as `module` reads and writes its tests.
// Throws YamlError naming the file, the line and the entry ("testdata/generators.yaml:12:
// data.secret.data.gen-x: ..."), for a mistake of the file and for a program that cannot be
// compiled, fails, or prints what the module does not read as a test.
FileSet describe_any_problem_testdata(const std::filesystem::path& root,
                                      const ProblemModule& module);

}  // namespace entrapment
