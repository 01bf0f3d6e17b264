// `judge generate --select` for Entrapment: its contest set chosen again by playing the corpus
// against every candidate test (the exhaustive tier and more seeds of each board), recorded in
// the selection file (testdata/secret.yaml) and its kill table (testdata/secret.kills.md).
#pragma once

#include <filesystem>
#include <string>

#include "generate/generator_families.hpp"

namespace entrapment {

// The selection file and its kill table, recomputed from the corpus and the candidates: every
// test of the previous selection kept unless `reselect`. Kept tests keep their names; new ones
// are numbered after the last name the previous selection used.
FileSet recompute_selection(const std::filesystem::path& root, bool reselect,
                            SelectionChange& change);

// The kill table's file name for a selection file: "secret.yaml" -> "secret.kills.md".
std::string kill_table_file(const std::string& selection_file);

}  // namespace entrapment
