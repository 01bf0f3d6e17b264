// The README's recipes work as written: each `<!-- recipe: NAME -->` block is run by bash, word
// for word, at the root of a copy of the package (in a private directory, under a path with
// spaces, with `build` leading to this build), and what it promises is checked. `$EDITOR` is
// the one step a person does by hand; here it is a script that makes the recipe's edit.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <map>
#include <set>
#include <sstream>

#include "tests/support/files.hpp"
#include "tests/support/process.hpp"
#include "tests/support/repository.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

// The shell lines of README.md's block `name`; fails the test when there is none.
std::string recipe(const std::string& name) {
  const std::string readme = read_text(repository() / "README.md");
  const std::string marker = "<!-- recipe: " + name + " -->\n```sh\n";
  const std::size_t begin = readme.find(marker);
  if (begin == std::string::npos) {
    ADD_FAILURE() << "README.md has no recipe " << name;
    return "false";
  }
  const std::size_t from = begin + marker.size();
  return readme.substr(from, readme.find("```\n", from) - from);
}

// How much of testdata/ a recipe's copy holds. The recipes that regenerate the data or check
// it against generators.yaml need all of it. The others read only the tiers `judge run` and
// `judge export` take by default (sample, secret, invalid_input), and `judge run` checks only
// those against generators.yaml: copying the exhaustive tier (most of testdata/'s files), and
// removing it, was most of those tests' time (about 4 s of system time each).
enum class TestData { Whole, WithoutExhaustiveTier };

// What a recipe needs of the package (judge export checks the single files against judge/):
// everything but the solutions, of which only the reference in Python (so that `judge verify`
// stays quick).
class RecipePackage {
 public:
  explicit RecipePackage(TestData testdata) {
    root_ = home_.path / "my package";
    const fs::path checkout = repository();
    fs::create_directories(root_ / "solutions" / "accepted");
    fs::create_directories(root_ / "solutions" / "wrong_answer");
    for (const char* part : {"problem.yaml", "judge.yaml", "export", "statement", "attachments",
                             "judge", "validators", "tools"})
      fs::copy(checkout / part, root_ / part, fs::copy_options::recursive);
    fs::create_directory(root_ / "testdata");
    for (const fs::directory_entry& entry : fs::directory_iterator(checkout / "testdata"))
      if (testdata == TestData::Whole || entry.path().filename() != "exhaustive")
        fs::copy(entry.path(), root_ / "testdata" / entry.path().filename(),
                 fs::copy_options::recursive);
    fs::copy_file(checkout / "solutions" / "accepted" / "reference.py",
                  root_ / "solutions" / "accepted" / "reference.py");
    fs::create_directory_symlink(build_bin().parent_path(), root_ / "build");
  }
  const fs::path& root() const { return root_; }
  const fs::path& parent() const { return home_.path; }

  // Runs the recipe with bash (-e: it stops at the first command that fails).
  ProcessResult run(const std::string& name, const std::string& editor = "false",
                    const std::string& input = "") const {
    // $EDITOR is used unquoted (it may hold arguments), so its path has no space.
    const std::string editor_path = (editor_home_.path / "editor.sh").string();
    write_text(editor_path, "#!/bin/sh\nset -e\n" + editor + "\n");
    ::chmod(editor_path.c_str(), 0755);
    ProcessOptions options;
    options.cwd = root_;
    options.input = input;
    options.env = {{"ENTRAPMENT_ROOT", std::nullopt}, {"EDITOR", editor_path.c_str()}};
    return run_process({"bash", "-eo", "pipefail", "-c", recipe(name)}, options);
  }

 private:
  // A private home directory (0700) with the package in it, and one for the editor.
  const TempDir home_{"entrapment recipe"}, editor_home_{"entrapment-recipe-editor"};
  fs::path root_;
};

TEST(Recipes, JudgeYourOwnProgram) {
  RecipePackage package(TestData::WithoutExhaustiveTier);
  const ProcessResult result = package.run("judge");
  ASSERT_EQ(result.status, 0) << result.out << result.err;
  EXPECT_NE(result.out.find("Verdict: AC"), std::string::npos) << result.out;
  EXPECT_NE(read_text(package.root() / "report.html").find("<html"), std::string::npos);
}

TEST(Recipes, PlayAGame) {
  RecipePackage package(TestData::WithoutExhaustiveTier);
  // The person's lines: those the reference solution sends on the same board, against the
  // same (deterministic) judge; the recipe's first command does not read stdin.
  const ProcessResult program = run_process(
      {build_program("judge").string(), "play", "--root", package.root().string(),
       (package.root() / "solutions" / "accepted" / "reference.py").string(), "--board", "3 0"});
  ASSERT_EQ(program.status, 0) << program.out << program.err;
  std::string typed;
  std::istringstream lines(program.out);
  for (std::string line; std::getline(lines, line);)
    if (line.size() > 5 && line[0] == '[' && line.find("] > ") != std::string::npos)
      typed += line.substr(line.find("] > ") + 4) + "\n";
  ASSERT_FALSE(typed.empty()) << program.out;
  const ProcessResult result = package.run("play", "false", typed);
  ASSERT_EQ(result.status, 0) << result.out << result.err;
  const std::size_t first = result.out.find("verdict: AC");
  ASSERT_NE(first, std::string::npos) << result.out;
  EXPECT_NE(result.out.find("verdict: AC", first + 1), std::string::npos)
      << "the game typed by hand was not accepted:\n"
      << result.out;
}

TEST(Recipes, AddAWrongSubmission) {
  RecipePackage package(TestData::WithoutExhaustiveTier);
  // The person's edit: the header, and one mistake marked.
  const std::string edit =
      "f=\"$1\"\n"
      "sed -i -e 's/^    if win(a, a, rounds):$/    if True:  # MISTAKE: claims the Runner "
      "everywhere/' \"$f\"\n"
      "grep -q MISTAKE \"$f\"\n"
      "{ echo '# WRONG ANSWER: claims the Runner on every board.'; "
      "echo '# BASE: solutions/accepted/reference.py'; cat \"$f\"; } > \"$f.new\"\n"
      "mv \"$f.new\" \"$f\"";
  const ProcessResult result = package.run("wrong", edit);
  ASSERT_EQ(result.status, 0) << result.out << result.err;
  EXPECT_TRUE(fs::exists(package.root() / "solutions" / "wrong_answer" / "always_runner.py"));
  EXPECT_NE(result.out.find("got WA"), std::string::npos) << result.out;
  EXPECT_NE(read_text(package.root() / "solutions" / "README.md")
                .find("| `wrong_answer/always_runner.py` | WA | WA |"),
            std::string::npos)
      << "the table has no row for the new submission";
}

TEST(Recipes, ChangeTheLimits) {
  RecipePackage package(TestData::WithoutExhaustiveTier);
  const ProcessResult result = package.run("limits");
  ASSERT_EQ(result.status, 0) << result.out << result.err;
  EXPECT_NE(read_text(package.root() / "problem.yaml").find("  time_limit: 2\n"), std::string::npos)
      << "the recipe's edit of problem.yaml did nothing";
  EXPECT_NE(result.out.find("time limit 2 s of CPU time"), std::string::npos)
      << "judge run -v does not show the new limit:\n"
      << result.out;
}

TEST(Recipes, ChangeTheTestData) {
  RecipePackage package(TestData::Whole);
  const ProcessResult result = package.run("generate");
  ASSERT_EQ(result.status, 0) << result.out << result.err;
  EXPECT_NE(result.out.find("ok    judge generate --check"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("verify: OK"), std::string::npos) << result.out;
}

TEST(Recipes, AddAHandWrittenContestTest) {
  // The selection replays the corpus against every candidate: minutes under ASan, where the
  // generator's own tests (tests/generate/hand_tests_test.cpp) cover hand-written tests.
  if (sanitizer_tree())
    GTEST_SKIP() << "the plain build runs this recipe; under ASan the selection takes minutes";
  RecipePackage package(TestData::Whole);
  // The person's edit: the README's YAML entry, under secret: after select:'s last line. The
  // package may hold tests written by hand already (secret: has its data:, the entry may be
  // there: a setter who followed this recipe): then the entry goes under that data:, or the
  // edit is done.
  const std::string edit = R"sh(f="$1"
grep -q '^      hand-empty-queries:$' "$f" && exit 0
cat > "$f.entry" <<'EOF'
      hand-empty-queries:
        desc: three empty queries on the open board
        in: "3 0\nadversary scripted 11\nask block 5\nask block 4\nask block 6\n"
EOF
if sed -n '/^  secret:$/,/^  [a-z]/p' "$f" | grep -q '^    data:$'; then
  line=$(awk '/^  secret:$/ { s = 1 } s && /^    data:$/ { print NR; exit }' "$f")
else
  { echo '    data:'; cat "$f.entry"; } > "$f.both" && mv "$f.both" "$f.entry"
  line=$(grep -n '^      seed: 2025090001$' "$f" | cut -d: -f1)
fi
sed -i "${line}r $f.entry" "$f"
rm "$f.entry"
grep -q hand-empty-queries "$f")sh";
  const fs::path secret = package.root() / "testdata" / "secret";
  std::set<std::string> before;
  for (const fs::directory_entry& e : fs::directory_iterator(secret))
    if (e.path().extension() == ".in") before.insert(e.path().stem().string());
  const ProcessResult result = package.run("contest-test", edit);
  ASSERT_EQ(result.status, 0) << result.out << result.err;
  // Every test of the contest set stays, under its name, and the command says so.
  for (const std::string& name : before)
    EXPECT_TRUE(fs::exists(secret / (name + ".in"))) << name << " was dropped or renamed";
  const bool new_test = !before.count("hand-empty-queries");
  EXPECT_TRUE(has(result.out, "the contest set: kept " + std::to_string(before.size()) +
                                  " tests, added " + (new_test ? "1 (hand-empty-queries)" : "0") +
                                  ", dropped 0\n"))
      << result.out;
  EXPECT_EQ(read_text(secret / "hand-empty-queries.in"),
            "3 0\nadversary scripted 11\nask block 5\nask block 4\nask block 6\n");
  EXPECT_NE(read_text(package.root() / "testdata" / "secret.kills.md")
                .find("| `hand-empty-queries` (written by hand) | `3 0` |"),
            std::string::npos);
  EXPECT_NE(result.out.find("Verdict: AC"), std::string::npos) << result.out;
  EXPECT_TRUE(fs::exists(package.root() / "solutions" / "README.md"))
      << "the table was not written";
  // The contest set is the hand-written tests and the chosen ones, nothing left over (the
  // package may hold other tests written by hand: at least this one is).
  std::size_t tests = 0;
  for (const fs::directory_entry& e : fs::directory_iterator(secret))
    tests += e.path().extension() == ".in";
  const std::string selection = read_text(package.root() / "testdata" / "secret.yaml");
  const std::string counted = ": " + std::to_string(tests) + " tests (budget 100, ";
  const std::size_t at = selection.find(counted);
  ASSERT_NE(at, std::string::npos) << tests << " tests in secret/\n" << selection;
  EXPECT_GE(std::atoi(selection.c_str() + at + counted.size()), 1) << selection.substr(at, 80);
  EXPECT_EQ(selection.find(" of them written by hand)", at),
            selection.find(')', at) - std::string(" of them written by hand").size())
      << selection.substr(at, 80);
}

TEST(Recipes, ExportForEveryContestSystem) {
  RecipePackage package(TestData::WithoutExhaustiveTier);
  const ProcessResult result = package.run("export");
  ASSERT_EQ(result.status, 0) << result.out << result.err;
  for (const char* system :
       {"kattis", "domjudge", "2025-09", "polygon", "luogu", "hydro", "uoj", "cms"}) {
    const fs::path out = package.parent() / "exported" / system;
    EXPECT_TRUE(fs::exists(out / "entrapment.zip")) << system << "\n" << result.out;
    EXPECT_TRUE(fs::exists(out / "entrapment" / "README.md")) << system;
  }
}

// judge run judges the package's tests only as generators.yaml describes them: after an edit of
// the description it refuses, saying which file and what to run (it judged the old files
// before, "2 tests (2 AC)", without a word).
TEST(StaleData, JudgeRunRefusesTestsTheDescriptionNoLongerMakes) {
  RecipePackage package(TestData::Whole);
  const fs::path description = package.root() / "testdata" / "generators.yaml";
  std::string text = read_text(description);
  const std::string from = "answers Yes No No", to = "answers Yes No Yes";
  ASSERT_NE(text.find(from), std::string::npos);
  text.replace(text.find(from), from.size(), to);
  write_text(description, text);
  ProcessOptions options;
  options.cwd = package.root();
  options.env = {{"ENTRAPMENT_ROOT", std::nullopt}};
  const std::string judge = build_program("judge").string();
  ProcessResult run = run_process({judge, "run", "solutions/accepted/reference.py"}, options);
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_NE(run.err.find("testdata/ does not match testdata/generators.yaml: 1 file(s) differ or "
                         "are missing (testdata/sample/1.in); run `judge generate` first"),
            std::string::npos)
      << run.err;
  // Named tests are judged as they are; after `judge generate` the package's are judged again.
  run = run_process({judge, "run", "solutions/accepted/reference.py", "testdata/secret"}, options);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  ASSERT_EQ(run_process({judge, "generate"}, options).status, 0);
  run = run_process({judge, "run", "solutions/accepted/reference.py"}, options);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
}

// The check covers the tiers judged: without the exhaustive tier, `judge run` judges the samples
// and the contest set (here a program that answers nothing, which fails them: exit 1, not the
// refusal's 2), and `judge run --exhaustive` refuses, naming a file of that tier.
TEST(StaleData, JudgeRunChecksTheTiersItJudges) {
  RecipePackage package(TestData::WithoutExhaustiveTier);
  ProcessOptions options;
  options.cwd = package.root();
  options.env = {{"ENTRAPMENT_ROOT", std::nullopt}};
  const std::string judge = build_program("judge").string();
  ProcessResult run = run_process({judge, "run", "--", "/bin/true"}, options);
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_FALSE(has(run.err, "does not match testdata/generators.yaml")) << run.err;
  run = run_process({judge, "run", "--exhaustive", "solutions/accepted/reference.py"}, options);
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(has(run.err, "file(s) differ or are missing (testdata/exhaustive/")) << run.err;
}

}  // namespace
}  // namespace entrapment::testing
