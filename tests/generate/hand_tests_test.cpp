// Tests written by hand in the contest set (generators.yaml, data.secret.data beside
// select:): written to testdata/secret/ as they are, counted by the selection and listed in
// its kill table, and a selection that did not count the hand-written tests of today is
// refused with what to run. The selections here have no candidates (seeds: 0, no exhaustive
// tier), so only the hand-written tests are played: quick, even under the sanitizers.
#include <gtest/gtest.h>

#include <vector>

#include "generate/generate.hpp"
#include "package_copy.hpp"
#include "problems/entrapment/generate/selection_file.hpp"
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

// A selection of one chosen test, 007-r2-u0-adaptive (which the hand-written test `mine` makes
// unneeded), as `judge generate --select` wrote it.
const std::string kDesc =
    "adaptive as Trapper on R = 2, no square unavailable: boundary: the empty board (U = 0) with "
    "R = 2";
void write_one_test_selection(const fs::path& root) {
  write_text(root / "testdata" / "picked.yaml",
             "tests:\n  - {name: 007-r2-u0-adaptive, board: \"2 0\", adversary: adaptive, "
             "seed: 5,\n     desc: \"" +
                 kDesc + "\"}\n");
}

// Test names stay put and the set only grows: adding a hand-written test keeps every test the
// selection had, under its name and with the reasons it was chosen for, however little it is
// needed now, and says what it kept and added. (The README's hand-written test on the package's
// own contest set, which keeps all its tests, is tests/cli's Recipes.AddAHandWrittenContestTest.)
TEST(HandWrittenContestTests, AddingOneRenamesNoOtherTest) {
  const TempRoot root(with_hand(kMine));
  write_one_test_selection(root.path());
  const GenerateReport report = generate_testdata(root.path(), select());
  ASSERT_TRUE(report.selection);
  EXPECT_EQ(report.selection->kept, std::vector<std::string>{"007-r2-u0-adaptive"});
  EXPECT_EQ(report.selection->added, std::vector<std::string>{"mine"});
  EXPECT_EQ(report.selection->dropped, std::vector<std::string>{});
  const SelectionFileContents now =
      read_selection(root.path() / "testdata" / "picked.yaml", "testdata/picked.yaml");
  ASSERT_EQ(now.tests.size(), 1u);
  EXPECT_EQ(now.tests[0].name, "007-r2-u0-adaptive");
  EXPECT_EQ(now.tests[0].desc, kDesc) << "the reasons it was chosen for are kept";
  EXPECT_TRUE(fs::exists(root.path() / "testdata" / "secret" / "007-r2-u0-adaptive.in"));
}

// --reselect chooses the whole set anew: a test the hand-written one makes unneeded is dropped
// (--clean removes its files), and it says so.
TEST(HandWrittenContestTests, ReselectChoosesAnewAndSaysWhatItDropped) {
  const TempRoot root(with_hand(kMine));
  write_one_test_selection(root.path());
  ASSERT_EQ(error_of(root.path(), select()), "");
  GenerateOptions reselect;
  reselect.reselect = true;
  reselect.clean = true;
  const GenerateReport report = generate_testdata(root.path(), reselect);
  ASSERT_TRUE(report.selection);
  EXPECT_EQ(report.selection->kept, std::vector<std::string>{"mine"});
  EXPECT_EQ(report.selection->added, std::vector<std::string>{});
  EXPECT_EQ(report.selection->dropped, std::vector<std::string>{"007-r2-u0-adaptive"});
  const SelectionFileContents now =
      read_selection(root.path() / "testdata" / "picked.yaml", "testdata/picked.yaml");
  EXPECT_TRUE(now.tests.empty()) << "the hand-written test alone covers what is needed";
  EXPECT_FALSE(fs::exists(root.path() / "testdata" / "secret" / "007-r2-u0-adaptive.in"));
}

}  // namespace
}  // namespace entrapment::testing
