// A wrong generators.yaml fails with a message naming the file, the line, the entry and what
// was expected ("FILE:LINE: ENTRY: what", the format of every YAML file the toolkit reads);
// nothing is written.
#include <gtest/gtest.h>

#include "generate/generate.hpp"
#include "package_copy.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

// The error generate_testdata() throws in `root`, which must write nothing then; fails the
// test, naming `what` was wrong, if it throws none.
std::string generate_error(const TempRoot& root, const std::string& what) {
  try {
    generate_testdata(root.path(), false);
  } catch (const std::runtime_error& e) {
    EXPECT_FALSE(fs::exists(root.path() / "testdata" / "secret")) << "wrote despite the error";
    return e.what();
  }
  ADD_FAILURE() << "no error for " << what;
  return "";
}

// The error generate_testdata() throws for `yaml`.
std::string error_for(const std::string& yaml) {
  return generate_error(TempRoot(yaml), ":\n" + yaml);
}

std::string secret_with(const std::string& entry) {
  return "data:\n  secret:\n    data:\n" + entry;
}

void expect_all(const std::string& message, const std::vector<std::string>& parts) {
  for (const std::string& part : parts)
    EXPECT_NE(message.find(part), std::string::npos) << "\"" << part << "\" not in: " << message;
}

TEST(GeneratorsYamlErrors, UnknownKey) {
  expect_all(
      error_for(secret_with("      random:\n        family: random_games\n"
                            "        cnt: 5\n        seed: 1\n")),
      {"testdata/generators.yaml:6: data.secret.data.random.cnt: unknown key", "seed", "count"});
}

TEST(GeneratorsYamlErrors, BadSeed) {
  for (const std::string seed : {"-5", "abc", "1000000000000000000", "007", "1.5"})
    expect_all(
        error_for(
            secret_with("      boards:\n        family: all_boards\n        seed: " + seed + "\n")),
        {"testdata/generators.yaml:6: data.secret.data.boards.seed", "0 <= seed < 10^18", seed});
}

TEST(GeneratorsYamlErrors, MissingSeedAndBadCount) {
  expect_all(error_for(secret_with("      boards:\n        family: all_boards\n")),
             {":5: data.secret.data.boards", "needs \"seed:\""});
  expect_all(error_for(secret_with("      random:\n        family: random_games\n"
                                   "        count: 0\n        seed: 1\n")),
             {":6: data.secret.data.random.count", "1..10000"});
}

TEST(GeneratorsYamlErrors, UnknownFamily) {
  expect_all(
      error_for(secret_with("      hard:\n        family: hardest_games\n        seed: 1\n")),
      {"testdata/generators.yaml:5: data.secret.data.hard.family",
       "unknown family \"hardest_games\"", "all_boards", "scripted_runner"});
}

TEST(GeneratorsYamlErrors, BadFamilyParameter) {
  expect_all(error_for(secret_with("      s:\n        family: scripted_trapper\n"
                                   "        queries: some\n        count: 3\n        seed: 1\n")),
             {"data.secret.data.s", "queries", "empty, full, random", "\"some\""});
}

TEST(GeneratorsYamlErrors, InvalidTestFileInSecret) {
  expect_all(error_for(secret_with("      bad:\n        in: \"3 0\\nadversary adaptive 01\\n\"\n")),
             {":5: data.secret.data.bad.in: not a valid test file", "line 2", "SEED"});
}

TEST(GeneratorsYamlErrors, ValidFileInInvalidInput) {
  expect_all(
      error_for(
          "data:\n  secret:\n    data:\n      a:\n        in: \"3 0\\nadversary adaptive 1\\n\"\n"
          "  invalid_input:\n    data:\n      b:\n        in: \"3 0\\nadversary adaptive 2\\n\"\n"),
      {":9: data.invalid_input.data.b.in", "is a valid test file"});
}

TEST(GeneratorsYamlErrors, SampleWhoseContestantLoses) {
  expect_all(error_for("data:\n  sample:\n    data:\n      \"1\":\n        in: \"2 0\\nadversary "
                       "adaptive 1\\n\"\n"
                       "        contestant: [Trapper]\n  secret:\n    data:\n      a:\n"
                       "        in: \"3 0\\nadversary adaptive 1\\n\"\n"),
             {":6: data.sample.data.1.contestant", "do not win", "Runner wins"});
}

TEST(GeneratorsYamlErrors, RepeatedKeys) {
  // yaml-cpp would silently read the first of two equal keys; the repeat is refused.
  expect_all(
      error_for(secret_with("      boards:\n        family: all_boards\n        seed: 1\n"
                            "      boards:\n        family: random_games\n"
                            "        count: 3\n        seed: 2\n")),
      {"testdata/generators.yaml:7: duplicate key 'data.secret.data.boards' (first at line 4)"});
  expect_all(error_for(secret_with("      random:\n        family: random_games\n"
                                   "        count: 3\n        seed: 1\n        seed: 2\n")),
             {":8: duplicate key 'data.secret.data.random.seed' (first at line 7)"});
  expect_all(error_for("data:\n  secret:\n    data:\n      a:\n        in: \"3 0\\nadversary "
                       "adaptive 1\\n\"\n  secret:\n    data: {}\n"),
             {":6: duplicate key 'data.secret' (first at line 2)"});
}

std::string selection_with(const std::string& params) {
  return "data:\n  secret:\n    select:\n" + params;
}

const std::string kParams =
    "      file: picked.yaml\n      budget: 10\n      kills: 2\n      seeds: 0\n      seed: 1\n";

// The error generate_testdata() throws when the selection file holds `selection`.
std::string selection_error(const std::string& selection) {
  const TempRoot root(selection_with(kParams));
  write_text(root.path() / "testdata" / "picked.yaml", selection);
  return generate_error(root, "the selection:\n" + selection);
}

TEST(GeneratorsYamlErrors, SelectionParameters) {
  expect_all(error_for(selection_with("      file: picked.yaml\n      budget: 10\n")),
             {":4: data.secret.select", "needs \"kills:\""});
  expect_all(error_for(selection_with("      file: ../picked.yaml\n      budget: 10\n      kills: "
                                      "2\n      seeds: 0\n      seed: 1\n")),
             {"data.secret.select.file", "no '/'"});
  expect_all(error_for(selection_with("      file: picked.yaml\n      budget: 0\n      kills: "
                                      "2\n      seeds: 0\n      seed: 1\n")),
             {":5: data.secret.select.budget", "1..10000"});
  expect_all(error_for(selection_with(kParams + "      count: 3\n")),
             {"data.secret.select.count: unknown key"});
  expect_all(error_for("data:\n  secret:\n    data: {}\n  exhaustive:\n    select:\n" + kParams),
             {"data.exhaustive", "expected a directory"});
  expect_all(error_for(selection_with(kParams)),
             {"testdata/picked.yaml", "cannot read the file", "judge generate --select"});
}

TEST(GeneratorsYamlErrors, SelectionFile) {
  const std::string good = "  - {name: a, board: \"2 1 5\", adversary: adaptive, seed: 7}\n";
  {  // a correct file, for contrast
    const TempRoot root(selection_with(kParams));
    write_text(root.path() / "testdata" / "picked.yaml", "tests:\n" + good);
    EXPECT_NO_THROW(generate_testdata(root.path(), false));
    EXPECT_EQ(read_text(root.path() / "testdata" / "secret" / "a.in"),
              "2 1\n5\nadversary adaptive 7\n");
    EXPECT_EQ(read_text(root.path() / "testdata" / "secret" / "a.ans"), "Runner\n");
  }
  expect_all(selection_error("tests:\n" + good + good),
             {"testdata/picked.yaml:3: tests[1].name: the name a is used by the test of line 2"});
  expect_all(selection_error("tests:\n  - {name: a, board: \"3 1 5\", board: \"3 0\", "
                             "adversary: adaptive, seed: 7}\n"),
             {"testdata/picked.yaml:2: duplicate key 'tests[0].board' (first at line 2)"});
  expect_all(selection_error("tests:\n  - {name: a, board: \"3 1 5\", adversary: adaptive, "
                             "seed: 7, colour: red}\n"),
             {":2: tests[0].colour: unknown key"});
  expect_all(selection_error("tests:\n  - {name: a, board: \"5 5 1 2 3 4 5\", adversary: "
                             "random, seed: 7}\n"),
             {":2: tests[0]: test a", "R + U exceeds 9"});
  expect_all(selection_error("tests:\n  - {name: a, board: \"3 0\", adversary: committed, "
                             "seed: 7}\n"),
             {":2: tests[0]: test a: committed", "the judge plays the Trapper"});
  expect_all(selection_error("tests:\n  - {name: a, board: \"3 0\", adversary: scripted, "
                             "answers: yes, seed: 7}\n"),
             {":2: tests[0]: test a: answers", "use queries"});
  expect_all(selection_error("tests:\n  - {name: a, board: \"3 0\", adversary: scripted, "
                             "queries: some, seed: 7}\n"),
             {":2: tests[0]: test a: queries: expected one of empty, full, random", "\"some\""});
  expect_all(selection_error("tests:\n  - {name: a b, board: \"3 0\", adversary: adaptive, "
                             "seed: 7}\n"),
             {":2: tests[0].name: a name is letters, digits"});
  expect_all(selection_error("tests:\n  - {name: a, board: \"3 0\", adversary: adaptive, "
                             "seed: 1000000000000000000}\n"),
             {":2: tests[0].seed: expected an integer 0 <= seed < 10^18"});
  expect_all(selection_error("tests: [\n"), {"testdata/picked.yaml", "not valid YAML"});
}

TEST(GeneratorsYamlErrors, StructuralMistakes) {
  expect_all(error_for("data:\n  secret:\n    data:\n      a: [1, 2]\n"),
             {":4: data.secret.data.a", "expected a mapping"});
  expect_all(error_for("data:\n  sample:\n    data: {}\n"), {"missing \"secret\""});
  expect_all(error_for("data:\n  secrets:\n    data: {}\n"), {":2: data.secrets: unknown key"});
  expect_all(error_for("data:\n  secret:\n    data:\n      a b:\n        in: x\n"),
             {"data.secret.data.a b", "letters, digits"});
  expect_all(error_for("data: [\n"), {"testdata/generators.yaml", "not valid YAML"});
}

}  // namespace
}  // namespace entrapment::testing
