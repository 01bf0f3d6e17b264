// `judge generate`: writes testdata/ from its declarative description, testdata/generators.yaml,
// and checks that the committed files are exactly what that description produces. Every file
// under testdata/sample, testdata/secret and testdata/invalid_input is generated: never edit
// one by hand, edit generators.yaml and regenerate.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "testcase/testcase.hpp"

namespace entrapment {

// What generate_testdata() found, and what it did; paths are relative to the package root,
// sorted. differing/missing/extra describe the files as they were found: after generation
// (check_only false) they have been rewritten, written and deleted respectively.
struct GenerateReport {
  std::vector<std::string> written;    // files (re)written (generation only)
  std::vector<std::string> differing;  // files whose bytes differ from the description
  std::vector<std::string> missing;    // files the description produces that do not exist
  std::vector<std::string> extra;      // files under the generated directories it does not produce
  // True when the files found were exactly the described ones.
  bool ok() const { return differing.empty() && missing.empty() && extra.empty(); }
};

// Reads root/testdata/generators.yaml and produces every file it describes. With check_only,
// writes nothing and reports differences; otherwise writes what differs or is missing and
// deletes extra files. Throws std::runtime_error naming generators.yaml, the entry and the
// problem when the description is wrong.
GenerateReport generate_testdata(const std::filesystem::path& root, bool check_only);

// Plays `interaction_text` (a .interaction transcript: '<' judge to contestant, '>' contestant
// to judge, one line each) through the interaction core against `test`, feeding it the '>'
// lines. Nothing when the core produces exactly that transcript; otherwise which line
// differs, what was expected and what the core did.
std::optional<std::string> replay_interaction(const TestCase& test,
                                              const std::string& interaction_text);

}  // namespace entrapment
