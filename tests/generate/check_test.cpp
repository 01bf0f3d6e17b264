// `judge generate --check` passes on the committed data and fails on a perturbed copy;
// generation is deterministic and repairs the copy; files generators.yaml does not describe
// are reported and kept, and deleted only with --clean (as BAPCtools does).
#include <gtest/gtest.h>

#include <map>

#include "generate/generate.hpp"
#include "package_copy.hpp"
#include "tests/support/judge.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

std::map<std::string, std::string> tree(const fs::path& root) {
  std::map<std::string, std::string> out;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(root / "testdata"))
    if (e.is_regular_file())
      out[e.path().lexically_relative(root).generic_string()] = read_text(e.path());
  return out;
}

JudgeRun judge_generate_with(const fs::path& root, std::vector<std::string> options) {
  std::vector<std::string> args = {"--root", root.string(), "generate"};
  args.insert(args.end(), options.begin(), options.end());
  return run_judge(args);
}

JudgeRun judge_generate(const fs::path& root, bool check) {
  return judge_generate_with(
      root, check ? std::vector<std::string>{"--check"} : std::vector<std::string>{});
}

TEST(GenerateCheck, CommittedDataMatchesTheDescription) {
  const GenerateReport report = generate_testdata(repository(), /*check_only=*/true);
  EXPECT_TRUE(report.ok());
  EXPECT_TRUE(report.written.empty());
  EXPECT_EQ(report.differing, std::vector<std::string>{});
  EXPECT_EQ(report.missing, std::vector<std::string>{});
  EXPECT_EQ(report.extra, std::vector<std::string>{});
}

TEST(GenerateCheck, PerturbedCopyFailsNamingEachFileAndRegenerationRepairsIt) {
  const TempRoot copy = TempRoot::copy_of_testdata();
  const fs::path root = copy.path();
  ASSERT_EQ(judge_generate(root, true).status, 0);

  const std::string changed = "testdata/exhaustive/boards/r3-u0.in";
  const std::string deleted = "testdata/sample/1.interaction";
  const std::string added = "testdata/exhaustive/random/hand-written.in";
  std::string bytes = read_text(root / changed);
  bytes.back() = ' ';  // one byte
  write_text(root / changed, bytes);
  fs::remove(root / deleted);
  write_text(root / added, "3 0\nadversary adaptive 1\n");

  const GenerateReport report = generate_testdata(root, true);
  EXPECT_FALSE(report.ok());
  EXPECT_EQ(report.differing, std::vector<std::string>{changed});
  EXPECT_EQ(report.missing, std::vector<std::string>{deleted});
  EXPECT_EQ(report.extra, std::vector<std::string>{added});
  EXPECT_TRUE(report.written.empty()) << "--check writes nothing";
  EXPECT_EQ(read_text(root / changed), bytes);

  const JudgeRun cli = judge_generate(root, true);
  EXPECT_EQ(cli.status, 1);
  EXPECT_NE(cli.out.find(changed), std::string::npos) << cli.out;
  EXPECT_NE(cli.out.find(deleted), std::string::npos) << cli.out;
  EXPECT_NE(cli.out.find(added), std::string::npos) << cli.out;

  const JudgeRun regenerate = judge_generate(root, false);
  EXPECT_EQ(regenerate.status, 0) << regenerate.err;
  EXPECT_EQ(read_text(root / changed), read_text(repository() / changed));
  EXPECT_EQ(read_text(root / deleted), read_text(repository() / deleted));
  EXPECT_TRUE(fs::exists(root / added)) << "a file generate did not write is never deleted";
  EXPECT_EQ(judge_generate(root, true).status, 1) << "the hand-written file is still extra";
  EXPECT_EQ(judge_generate_with(root, {"--clean"}).status, 0);
  EXPECT_FALSE(fs::exists(root / added));
  EXPECT_EQ(judge_generate(root, true).status, 0);
  EXPECT_EQ(tree(root), tree(repository()));
}

// Issue 11: generate silently deleted a hand-written test and a notes file.
class UnlistedFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    write_text(root() / handmade, "3 0\nadversary adaptive 1\n");
    write_text(root() / notes, "why the contest set looks like this\n");
  }
  const fs::path& root() const { return copy_.path(); }

  const TempRoot copy_ = TempRoot::copy_of_testdata();
  const std::string handmade = "testdata/secret/mine/handmade.in";
  const std::string notes = "testdata/secret/NOTES.txt";
};

TEST_F(UnlistedFiles, GenerateWarnsAboutEachAndLeavesThem) {
  const JudgeRun run = judge_generate(root(), false);
  EXPECT_EQ(run.status, 0) << run.err;
  for (const std::string& file : {handmade, notes}) {
    EXPECT_TRUE(fs::exists(root() / file)) << file;
    EXPECT_NE(run.err.find("warning: " + file + " is not described by testdata/generators.yaml"),
              std::string::npos)
        << run.err;
  }
  EXPECT_NE(run.err.find("--clean"), std::string::npos) << run.err;
  EXPECT_EQ(read_text(root() / notes), "why the contest set looks like this\n");
  const GenerateReport report = generate_testdata(root(), false);
  EXPECT_EQ(report.extra, (std::vector<std::string>{notes, handmade}));
  EXPECT_TRUE(report.removed.empty());
}

TEST_F(UnlistedFiles, CheckKeepsReportingThemAsExtra) {
  for (int twice = 0; twice < 2; ++twice) {
    const JudgeRun run = judge_generate(root(), true);
    EXPECT_EQ(run.status, 1);
    EXPECT_NE(run.out.find("extra:   " + handmade), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("extra:   " + notes), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("2 extra"), std::string::npos) << run.out;
  }
  EXPECT_TRUE(fs::exists(root() / handmade));
  EXPECT_TRUE(fs::exists(root() / notes));
}

TEST_F(UnlistedFiles, CleanDeletesThemAndTheDirectoriesLeftEmpty) {
  const JudgeRun run = judge_generate_with(root(), {"--clean"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("removed " + handmade), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("removed " + notes), std::string::npos) << run.out;
  EXPECT_FALSE(fs::exists(root() / handmade));
  EXPECT_FALSE(fs::exists(root() / notes));
  EXPECT_FALSE(fs::exists(root() / "testdata/secret/mine"));
  EXPECT_TRUE(fs::exists(root() / "testdata/secret"));
  EXPECT_EQ(tree(root()), tree(repository()));
}

TEST_F(UnlistedFiles, CleanAndCheckDoNotMix) {
  const JudgeRun run = judge_generate_with(root(), {"--check", "--clean"});
  EXPECT_NE(run.status, 0);
  EXPECT_TRUE(fs::exists(root() / handmade));
}

TEST(GenerateCheck, TwoGenerationsFromTheSameFileAreByteIdentical) {
  const std::string yaml = read_text(repository() / "testdata" / "generators.yaml");
  const TempRoot first(yaml), second(yaml);
  for (const TempRoot* root : {&first, &second})  // the contest selection generators.yaml names
    write_text(root->path() / "testdata" / "secret.yaml",
               read_text(repository() / "testdata" / "secret.yaml"));
  const GenerateReport a = generate_testdata(first.path(), false);
  const GenerateReport b = generate_testdata(second.path(), false);
  EXPECT_EQ(a.written, b.written);
  EXPECT_GT(a.written.size(), 2 * 2304u);
  EXPECT_EQ(tree(first.path()), tree(second.path()));
  // The kill table is written by `judge generate --select` only (tests/corpus checks it).
  write_text(first.path() / "testdata" / "secret.kills.md",
             read_text(repository() / "testdata" / "secret.kills.md"));
  EXPECT_EQ(tree(first.path()), tree(repository()));
  // A second run over generated data has nothing left to do.
  EXPECT_TRUE(generate_testdata(first.path(), false).written.empty());
}

}  // namespace
}  // namespace entrapment::testing
