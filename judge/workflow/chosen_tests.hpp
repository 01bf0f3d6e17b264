// The tests `judge run` judges, from the words on its command line: test files, directories of
// them, or names of the package's tests (`secret/004`, `'secret/00*'`); with none, the
// package's own tests, which must match testdata/generators.yaml. Every mistake is a
// SelectionError naming the word.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace entrapment {

// The package's tests a name stands for: `secret/004` (the start of a test's path under
// testdata/, without .in), `004-r4` (the start of its file name), or a glob of either
// (`secret/00*`, `*adaptive*`). In the order of their paths.
std::vector<std::filesystem::path> tests_named(const std::string& name,
                                               const std::filesystem::path& root);

// The tests `words` name: *.in files, directories searched for them, or tests_named().
// `with_command`: the submission is `-- COMMAND`, so a submission among the words is a mistake
// of its own (named so).
std::vector<std::filesystem::path> tests_from(const std::vector<std::string>& words,
                                              bool with_command, const std::filesystem::path& root);

// The package's own tests are judged only as generators.yaml describes them: after an edit of
// the description, judging the old files would report on tests that no longer exist. Throws a
// SelectionError naming the first stale file of the judged_tiers(): a tier that is not judged
// may be stale or absent. Nothing when there is no generators.yaml.
void refuse_stale_testdata(const std::filesystem::path& root, bool exhaustive);

// What `judge run` judges on: tests_from(words), and with `exhaustive` testdata/exhaustive
// after them; with no words, the package's judged_tests() once refuse_stale_testdata() let
// them pass. Never empty: no test at all is a SelectionError, as is any error reading them.
std::vector<std::filesystem::path> tests_to_judge(const std::vector<std::string>& words,
                                                  bool with_command, bool exhaustive,
                                                  const std::filesystem::path& root);

}  // namespace entrapment
