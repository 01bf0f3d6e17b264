// Tests written by hand in the contest set (generators.yaml, data.secret.data beside
// select:): written to testdata/secret/ as they are, counted by the selection and listed in
// its kill table, and a selection that did not count the hand-written tests of today is
// refused with what to run. The selections here have no candidates (seeds: 0, no exhaustive
// tier), so only the hand-written tests are played: quick, even under the sanitizers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>

#include "generate/generate.hpp"
#include "generate/selection_file.hpp"
#include "package_copy.hpp"
#include "tests/support/text.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

const std::string kSelect =
    "data:\n  secret:\n    select:\n      file: picked.yaml\n      budget: 10\n      kills: 2\n"
    "      seeds: 0\n      seed: 1\n";

std::string with_hand(const std::string& entries) { return kSelect + "    data:\n" + entries; }

const std::string kMine = "      mine:\n        in: \"3 0\\nadversary adaptive 1\\n\"\n";

std::string error_of(const fs::path& root, const GenerateOptions& options = {}) {
  try {
    generate_testdata(root, options);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

// What identifies a test of the selection, whatever it is called.
std::string key(const TestLine& line) {
  return line.board() + "|" + line.adversary_text() + "|" + std::to_string(line.seed);
}

GenerateOptions select() {
  GenerateOptions options;
  options.select = true;
  return options;
}

TEST(HandWrittenContestTests, AreCountedByTheSelectionAndListedInTheKillTable) {
  const TempRoot root(with_hand(kMine));
  // Never selected: plain generation says what to run.
  EXPECT_TRUE(has(error_of(root.path()), "judge generate --select")) << error_of(root.path());
  EXPECT_EQ(error_of(root.path(), select()), "");
  EXPECT_EQ(read_text(root.path() / "testdata" / "secret" / "mine.in"),
            "3 0\nadversary adaptive 1\n");
  EXPECT_EQ(read_text(root.path() / "testdata" / "secret" / "mine.ans"), "Runner\n");
  const std::string picked = read_text(root.path() / "testdata" / "picked.yaml");
  EXPECT_TRUE(has(picked, "hand:\n  - {name: \"mine\", fingerprint: \"")) << picked;
  EXPECT_TRUE(has(picked, "1 test (budget 10, 1 of them written by hand)")) << picked;
  EXPECT_FALSE(has(picked, "{name: mine,")) << "listed as a chosen test:\n" << picked;
  const std::string kills = read_text(root.path() / "testdata" / "picked.kills.md");
  EXPECT_TRUE(has(kills, "| `mine` (written by hand) | `3 0` | adaptive | 1 |")) << kills;
  // What it rejects is counted in the per-strategy table: list_split fails every test.
  EXPECT_TRUE(has(kills,
                  "`list_split` (models `solutions/wrong_answer/list_split.cpp`) | "
                  "protocol | prints every list one label per line | 1 |"))
      << kills;
  // Selected: plain generation agrees, and --check finds nothing to do.
  EXPECT_EQ(error_of(root.path()), "");
  EXPECT_TRUE(generate_testdata(root.path(), /*check_only=*/true).ok());
}

TEST(HandWrittenContestTests, AChangedOrAddedHandTestAsksForTheSelectionAgain) {
  const TempRoot root(with_hand(kMine));
  ASSERT_EQ(error_of(root.path(), select()), "");
  const fs::path yaml = root.path() / "testdata" / "generators.yaml";
  write_text(yaml, with_hand("      mine:\n        in: \"3 0\\nadversary adaptive 2\\n\"\n"));
  std::string error = error_of(root.path());
  EXPECT_TRUE(has(error, "testdata/generators.yaml:")) << error;
  EXPECT_TRUE(has(error,
                  "data.secret.data: the tests written by hand here (mine) are not the "
                  "ones testdata/picked.yaml was selected with (mine); changed since: "
                  "mine: run `judge generate --select`"))
      << error;
  write_text(yaml,
             with_hand(kMine + "      other:\n        in: \"4 0\\nadversary adaptive 1\\n\"\n"));
  error = error_of(root.path());
  EXPECT_TRUE(has(error,
                  "(mine, other) are not the ones testdata/picked.yaml was selected with "
                  "(mine)"))
      << error;
  // --select counts them both; the budget counts them too.
  ASSERT_EQ(error_of(root.path(), select()), "");
  EXPECT_EQ(error_of(root.path()), "");
  write_text(yaml,
             with_hand(kMine + "      other:\n        in: \"4 0\\nadversary adaptive 1\\n\"\n")
                 .replace(kSelect.find("budget: 10"), 10, "budget: 1 "));
  EXPECT_TRUE(has(error_of(root.path(), select()), "more than the budget of 1"));
}

TEST(HandWrittenContestTests, ANameTheSelectionUsesIsRefusedNamingIt) {
  const TempRoot root(with_hand(kMine));
  write_text(root.path() / "testdata" / "picked.yaml",
             "tests:\n  - {name: mine, board: \"2 0\", adversary: adaptive, seed: 5}\n");
  const std::string error = error_of(root.path());
  EXPECT_TRUE(has(error,
                  "data.secret.data.mine: produces testdata/secret/mine.in, which "
                  "data.secret.select produces too (a test of the selection, "
                  "testdata/picked.yaml): choose another name"))
      << error;
}

// Test names stay put: adding a hand-written test to the package's contest set (the README's
// recipe) renames no test the selection keeps, and numbers the tests new to the set after
// every name it had (it renamed 19 of 41 before). The package's own selection, on a copy.
TEST(HandWrittenContestTests, AddingOneRenamesNoOtherTest) {
#ifdef __SANITIZE_ADDRESS__
  GTEST_SKIP() << "the plain build runs this: under ASan the selection takes minutes";
#endif
  const TempRoot root = TempRoot::copy_of_testdata();
  const fs::path yaml = root.path() / "testdata" / "generators.yaml";
  const fs::path file = root.path() / "testdata" / "secret.yaml";
  ASSERT_TRUE(fs::exists(file));
  const SelectionFileContents before = read_selection(file, "testdata/secret.yaml");
  std::map<std::string, std::string> name_of;
  int last = 0;
  for (const SelectionEntry& entry : before.tests) {
    name_of[key(entry.line)] = entry.name;
    last = std::max(last, std::atoi(entry.name.c_str()));
  }
  // The README's entry, under secret:'s data: (made when there is none).
  std::string text = read_text(yaml);
  const std::string entry =
      "      names-stay-put:\n        in: \"3 0\\nadversary scripted 11\\nask block 5\\nask "
      "block 4\\nask block 6\\n\"\n";
  const std::size_t secret = text.find("\n  secret:\n");
  ASSERT_NE(secret, std::string::npos);
  const std::size_t next = text.find("\n  exhaustive:\n", secret);
  ASSERT_NE(next, std::string::npos) << "secret: is followed by exhaustive: in generators.yaml";
  const std::size_t data = text.find("\n    data:\n", secret);
  if (data != std::string::npos && data < next)
    text.insert(data + std::string("\n    data:\n").size(), entry);
  else
    text.insert(next + 1, "    data:\n" + entry);
  write_text(yaml, text);
  ASSERT_EQ(error_of(root.path(), select()), "");

  const SelectionFileContents after = read_selection(file, "testdata/secret.yaml");
  int kept = 0, added = 0;
  for (const SelectionEntry& entry : after.tests) {
    const auto was = name_of.find(key(entry.line));
    if (was != name_of.end()) {
      EXPECT_EQ(entry.name, was->second) << "renamed";
      ++kept;
    } else {
      EXPECT_GT(std::atoi(entry.name.c_str()), last)
          << entry.name << ": new, numbered after " << last;
      ++added;
    }
  }
  EXPECT_GT(kept, 0);
  EXPECT_TRUE(fs::exists(root.path() / "testdata" / "secret" / "names-stay-put.in"));
  // Every test the selection names is in secret/, under that name.
  for (const SelectionEntry& entry : after.tests)
    EXPECT_TRUE(fs::exists(root.path() / "testdata" / "secret" / (entry.name + ".in")))
        << entry.name;
  std::cout << kept << " tests kept their names, " << added << " new\n";
}

}  // namespace
}  // namespace entrapment::testing
