// The committed test data against the validator: every sample, secret and exhaustive file is
// valid, every invalid_input file is rejected with a message naming its line.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <vector>

#include "run_program.hpp"
#include "testcase/testcase.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

fs::path testdata() {
  const char* root = std::getenv("ENTRAPMENT_ROOT");
  if (!root) throw std::runtime_error("ENTRAPMENT_ROOT is not set (run the tests through CTest)");
  return fs::path(root) / "testdata";
}

std::vector<fs::path> inputs_under(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".in") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

ProgramRun validate_file(const fs::path& file) {
  return run_program({build_program("input_validator").string()}, slurp(file));
}

// The validator is a thin main around parse_testcase, so every committed file is checked with
// it in-process (one process per file would take minutes under the sanitizers), and the
// program itself runs on the samples, the contest set, the hand-written edge cases and every
// 40th other file.
TEST(CommittedTestData, EverySampleSecretAndExhaustiveFileIsValid) {
  std::vector<fs::path> files = inputs_under(testdata() / "sample");
  for (const char* tier : {"secret", "exhaustive"}) {
    const std::vector<fs::path> more = inputs_under(testdata() / tier);
    files.insert(files.end(), more.begin(), more.end());
  }
  ASSERT_GT(files.size(), 2304u);
  int run_as_program = 0;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const fs::path& file = files[i];
    EXPECT_NO_THROW(parse_testcase(slurp(file))) << file;
    const bool sample_or_edge = file.string().find("/sample/") != std::string::npos ||
                                file.string().find("/secret/") != std::string::npos ||
                                file.string().find("/edge/") != std::string::npos;
    if (sample_or_edge || i % 40 == 0) {
      const ProgramRun run = validate_file(file);
      EXPECT_EQ(run.exit_code, 42) << file << ": " << run.err;
      ++run_as_program;
    }
  }
  EXPECT_GT(run_as_program, 60);
}

TEST(CommittedTestData, EveryInvalidInputIsRejectedNamingTheLine) {
  const std::vector<fs::path> files = inputs_under(testdata() / "invalid_input");
  ASSERT_GE(files.size(), 40u);
  for (const fs::path& file : files) {
    const ProgramRun run = validate_file(file);
    EXPECT_EQ(run.exit_code, 43) << file;
    EXPECT_EQ(run.err.rfind("line ", 0), 0u) << file << ": " << run.err;
    EXPECT_FALSE(fs::exists(fs::path(file).replace_extension(".ans")))
        << file << ": invalid inputs have no .ans";
  }
}

}  // namespace
}  // namespace entrapment::testing
