// The files `judge generate --select` writes: the selection (testdata/secret.yaml, one line of
// configuration per contest test, each with why it is there), read back by plain `judge
// generate` to write testdata/secret/, and the kill table (testdata/secret.kills.md, what each
// test rejects and how often each strategy is rejected). Neither lies under a generated
// directory, so exports never ship them.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "selection.hpp"

namespace entrapment {

struct SelectionEntry {
  std::string name;  // file name in testdata/secret/, without ".in"
  TestLine line;
  std::string desc;
  int line_number = 0;  // in the selection file, 1-based
};

// A hand-written test the selection counted: its name and the fingerprint of its .in file.
struct CountedHandTest {
  std::string name;
  std::string fingerprint;
  bool operator==(const CountedHandTest& o) const {
    return name == o.name && fingerprint == o.fingerprint;
  }
};

struct SelectionFileContents {
  std::vector<SelectionEntry> tests;  // the chosen tests
  // The hand-written tests (generators.yaml, data.secret.data) the selection counted, so that
  // plain `judge generate` can tell when they changed since: the selection is then stale.
  std::vector<CountedHandTest> hand;
};

// The text of the selection file for `selection`; `hand` gives the fingerprints of its
// hand-written tests.
std::string selection_yaml(const Selection& selection, const SelectParams& params,
                           const std::vector<HandTest>& hand = {});

// The contents of a selection file. Throws YamlError (package/yaml_error.hpp) naming `shown`,
// the line, the test and what is wrong (an unknown or repeated key, a bad board, a script that
// does not fit): "testdata/secret.yaml:7: tests[3].seed: expected ...".
SelectionFileContents read_selection(const std::filesystem::path& file, const std::string& shown);

// A short fingerprint of a test file's bytes (64-bit FNV-1a, hex): enough to notice an edit.
std::string fingerprint(const std::string& text);

// The kill table, as Markdown.
std::string kill_table_markdown(const Selection& selection, const SelectParams& params);

}  // namespace entrapment
