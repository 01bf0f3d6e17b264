// `judge generate`: writes testdata/ from its declarative description, testdata/generators.yaml,
// and checks that the committed files are exactly what that description produces. Every file
// under testdata/sample, testdata/secret, testdata/invalid_input (and the other directories a
// module's generator families generate: Entrapment's testdata/exhaustive) is generated: never
// edit one by hand, edit generators.yaml and regenerate. Files there that the description does
// not produce are reported and left alone, unless asked to clean (as BAPCtools does). A contest
// set chosen by generator families (Entrapment's testdata/secret.yaml and its kill table) is
// recomputed only on request, because that plays every candidate test.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "contract/problem_module.hpp"
#include "generator_families.hpp"

namespace entrapment {

struct GenerateOptions {
  bool check_only = false;  // write nothing; report what differs
  bool clean = false;       // delete the files under the generated directories it does not produce
  // First recompute the contest selection (generator_families.hpp: GeneratorFamilies::select).
  // It keeps every test of the previous selection and adds what is still needed; with
  // `reselect`, it chooses the whole set anew (tests may be dropped).
  bool select = false;
  bool reselect = false;
};

// What generate_testdata() found, and what it did; paths are relative to the package root,
// sorted. differing/missing/extra describe the files as they were found: after generation
// (check_only false) the differing and missing ones have been written, and the extra ones
// deleted only with `clean` (then they are also in `removed`).
struct GenerateReport {
  std::vector<std::string> written;    // files (re)written (generation only)
  std::vector<std::string> differing;  // files whose bytes differ from the description
  std::vector<std::string> missing;    // files the description produces that do not exist
  std::vector<std::string> extra;      // files under the generated directories it does not produce
  std::vector<std::string> removed;    // extra files deleted (clean only)
  std::optional<SelectionChange> selection;  // with `select`
  // True when the files found were exactly the described ones.
  bool ok() const { return differing.empty() && missing.empty() && extra.empty(); }
};

// Reads root/testdata/generators.yaml and produces every file it describes (with `select`,
// also the files that record the contest set). Throws std::runtime_error naming
// generators.yaml, the entry and the problem when the description is wrong.
//
// The package's module (root/judge.yaml) says how generators.yaml reads: with its generator
// families and contest selection when it registered them (generator_families_for()), otherwise
// as any problem's (any_problem.hpp: tests in full and the package's own programs).
GenerateReport generate_testdata(const std::filesystem::path& root, const GenerateOptions& options);
GenerateReport generate_testdata(const std::filesystem::path& root, const ProblemModule& module,
                                 const GenerateOptions& options);
GenerateReport generate_testdata(const std::filesystem::path& root, bool check_only);

// Plays `interaction_text` (a .interaction transcript: '<' judge to contestant, '>' contestant
// to judge, one line each) through `module`'s game against `test`, feeding it the '>' lines.
// Nothing when the game produces exactly that transcript; otherwise which line differs, what
// was expected and what the game did.
std::optional<std::string> replay_interaction(const ProblemModule& module, const PreparedTest& test,
                                              const std::string& interaction_text);

}  // namespace entrapment
