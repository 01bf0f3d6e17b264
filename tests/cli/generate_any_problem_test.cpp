// `judge generate` for a problem whose module has no generator families (issue 46): a scratch
// copy of the Master-Mind package, whose generators.yaml lists its tests in full or as runs of
// its generator, matches its committed test data, and a changed test is named; a mistake in
// generators.yaml names the file, the line and the key; a generator that fails, or prints what
// the module does not read as a test, is named with its entry.
#include <gtest/gtest.h>

#include "tests/support/files.hpp"
#include "tests/support/judge.hpp"
#include "tests/support/repository.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

// What `judge generate` reads of the Master-Mind package: its module's name, its test data and
// the files its generator is compiled from.
class MasterMindCopy {
 public:
  MasterMindCopy() {
    const fs::path from = repository() / "examples" / "mastermind";
    for (const char* file : {"judge.yaml", "problem.yaml"})
      fs::copy_file(from / file, root() / file);
    for (const char* dir : {"game", "generators", "testdata"})
      fs::copy(from / dir, root() / dir, fs::copy_options::recursive);
  }
  const fs::path& root() const { return dir_.path; }
  JudgeRun generate(const std::vector<std::string>& options = {}) const {
    std::vector<std::string> args = {"--root", root().string(), "generate"};
    args.insert(args.end(), options.begin(), options.end());
    return run_judge(args);
  }

 private:
  const TempDir dir_{"entrapment-test-generate-any"};
};

TEST(GenerateAnyProblem, TheMasterMindPackageMatchesAndAChangedTestIsNamed) {
  const MasterMindCopy copy;
  JudgeRun run = copy.generate({"--check"});
  ASSERT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "testdata/ matches testdata/generators.yaml")) << run.out;

  const std::string changed = "testdata/secret/gen-p2-c3-random.in";
  const std::string committed = read_text(copy.root() / changed);
  write_text(copy.root() / changed, committed + "\n");
  fs::remove(copy.root() / "testdata/sample/2.interaction");
  run = copy.generate({"--check"});
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "differs: " + changed)) << run.out;
  EXPECT_TRUE(has(run.out, "missing: testdata/sample/2.interaction")) << run.out;
  EXPECT_TRUE(has(run.out, "(1 differing, 1 missing, 0 extra)")) << run.out;

  // Generation writes them back, byte for byte.
  run = copy.generate();
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_EQ(read_text(copy.root() / changed), committed);
  EXPECT_EQ(read_text(copy.root() / "testdata/sample/2.interaction"),
            read_text(repository() / "examples/mastermind/testdata/sample/2.interaction"));
}

TEST(GenerateAnyProblem, AMistakeInGeneratorsYamlNamesTheFileTheLineAndTheKey) {
  const MasterMindCopy copy;
  const fs::path yaml = copy.root() / "testdata/generators.yaml";
  write_text(yaml,
             "data:\n"
             "  secret:\n"
             "    data:\n"
             "      one: {in: \"1 1 1\\nfixed 1\\n\"}\n"
             "      two: {in: \"1 1 1\\nfixed 1\\n\", family: boards}\n");
  JudgeRun run = copy.generate({"--check"});
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(has(run.err, "testdata/generators.yaml:5: data.secret.data.two.family: unknown key"))
      << run.err;

  write_text(yaml,
             "data:\n"
             "  secret:\n"
             "    data:\n"
             "      one: {in: \"1 1 1\\nfixed 1\\n\"}\n"
             "      one: {in: \"1 2 2\\nfixed 1\\n\"}\n");
  run = copy.generate({"--check"});
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(has(run.err, "testdata/generators.yaml:5: duplicate key 'data.secret.data.one'"))
      << run.err;

  // A test given in full that the module refuses: its line in the test file too.
  write_text(yaml,
             "data:\n"
             "  secret:\n"
             "    data:\n"
             "      wrong: {in: \"1 7 1\\nfixed 1\\n\"}\n");
  run = copy.generate({"--check"});
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(has(run.err,
                  "testdata/generators.yaml:4: data.secret.data.wrong.in: not a test of the "
                  "mastermind module (testdata/secret/wrong.in line 1: "))
      << run.err;
}

TEST(GenerateAnyProblem, AGeneratorThatFailsOrPrintsNoTestIsNamed) {
  const MasterMindCopy copy;
  write_text(copy.root() / "generators/fails.py",
             "import sys\nsys.stderr.write('no shape ' + sys.argv[1] + '\\n')\nsys.exit(3)\n");
  write_text(copy.root() / "generators/prints.py", "print('9 9 9')\nprint('largest')\n");
  const fs::path yaml = copy.root() / "testdata/generators.yaml";
  write_text(yaml,
             "data:\n"
             "  secret:\n"
             "    data:\n"
             "      fine: {in: \"1 1 1\\nfixed 1\\n\"}\n"
             "      broken: {generate: generators/fails.py 7x}\n");
  JudgeRun run = copy.generate({"--check"});
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(has(run.err,
                  "testdata/generators.yaml:5: data.secret.data.broken.generate: "
                  "`generators/fails.py 7x` exited with status 3: no shape 7x"))
      << run.err;

  write_text(yaml,
             "data:\n"
             "  secret:\n"
             "    data:\n"
             "      big: {generate: generators/prints.py}\n");
  run = copy.generate();
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(has(run.err,
                  "testdata/generators.yaml:4: data.secret.data.big.generate: "
                  "`generators/prints.py` printed no test of the mastermind module "
                  "(testdata/secret/big.in line 1: "))
      << run.err;
  EXPECT_EQ(read_text(copy.root() / "testdata/secret/hand-p1-c6-g6-fixed-6.in"), "1 6 6\nfixed 6\n")
      << "nothing is written or removed when the description is wrong";
}

}  // namespace
}  // namespace entrapment::testing
