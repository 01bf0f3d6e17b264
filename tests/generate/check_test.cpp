// `judge generate --check` passes on the committed data and fails on a perturbed copy;
// generation is deterministic and repairs the copy.
#include <gtest/gtest.h>

#include <map>

#include "generate/generate.hpp"
#include "package_copy.hpp"
#include "run_program.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

std::map<std::string, std::string> tree(const fs::path& root) {
  std::map<std::string, std::string> out;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(root / "testdata"))
    if (e.is_regular_file())
      out[e.path().lexically_relative(root).generic_string()] = read_file(e.path());
  return out;
}

ProgramRun judge_generate(const fs::path& root, bool check) {
  std::vector<std::string> argv = {build_program("judge").string(), "--root", root.string(),
                                   "generate"};
  if (check) argv.push_back("--check");
  return run_program(argv, "");
}

TEST(GenerateCheck, CommittedDataMatchesTheDescription) {
  const GenerateReport report = generate_testdata(repository_root(), /*check_only=*/true);
  EXPECT_TRUE(report.ok());
  EXPECT_TRUE(report.written.empty());
  EXPECT_EQ(report.differing, std::vector<std::string>{});
  EXPECT_EQ(report.missing, std::vector<std::string>{});
  EXPECT_EQ(report.extra, std::vector<std::string>{});
}

TEST(GenerateCheck, PerturbedCopyFailsNamingEachFileAndRegenerationRepairsIt) {
  const TempRoot copy = TempRoot::copy_of_testdata();
  const fs::path root = copy.path();
  ASSERT_EQ(judge_generate(root, true).exit_code, 0);

  const std::string changed = "testdata/secret/boards/r3-u0.in";
  const std::string deleted = "testdata/sample/1.interaction";
  const std::string added = "testdata/secret/random/hand-written.in";
  std::string bytes = read_file(root / changed);
  bytes.back() = ' ';  // one byte
  write_file(root / changed, bytes);
  fs::remove(root / deleted);
  write_file(root / added, "3 0\nadversary adaptive 1\n");

  const GenerateReport report = generate_testdata(root, true);
  EXPECT_FALSE(report.ok());
  EXPECT_EQ(report.differing, std::vector<std::string>{changed});
  EXPECT_EQ(report.missing, std::vector<std::string>{deleted});
  EXPECT_EQ(report.extra, std::vector<std::string>{added});
  EXPECT_TRUE(report.written.empty()) << "--check writes nothing";
  EXPECT_EQ(read_file(root / changed), bytes);

  const ProgramRun cli = judge_generate(root, true);
  EXPECT_EQ(cli.exit_code, 1);
  EXPECT_NE(cli.out.find(changed), std::string::npos) << cli.out;
  EXPECT_NE(cli.out.find(deleted), std::string::npos) << cli.out;
  EXPECT_NE(cli.out.find(added), std::string::npos) << cli.out;

  const ProgramRun regenerate = judge_generate(root, false);
  EXPECT_EQ(regenerate.exit_code, 0) << regenerate.err;
  EXPECT_FALSE(fs::exists(root / added));
  EXPECT_EQ(judge_generate(root, true).exit_code, 0);
  EXPECT_EQ(tree(root), tree(repository_root()));
}

TEST(GenerateCheck, TwoGenerationsFromTheSameFileAreByteIdentical) {
  const std::string yaml = read_file(repository_root() / "testdata" / "generators.yaml");
  const TempRoot first(yaml), second(yaml);
  const GenerateReport a = generate_testdata(first.path(), false);
  const GenerateReport b = generate_testdata(second.path(), false);
  EXPECT_EQ(a.written, b.written);
  EXPECT_GT(a.written.size(), 2 * 2304u);
  EXPECT_EQ(tree(first.path()), tree(second.path()));
  EXPECT_EQ(tree(first.path()), tree(repository_root()));
  // A second run over generated data has nothing left to do.
  EXPECT_TRUE(generate_testdata(first.path(), false).written.empty());
}

}  // namespace
}  // namespace entrapment::testing
