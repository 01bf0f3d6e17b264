// The committed test data against the validator: every sample, secret and exhaustive file is
// valid, every invalid_input file is rejected with a message naming its line.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <vector>

#include "problems/entrapment/testcase/testcase.hpp"
#include "tests/support/files.hpp"
#include "tests/support/process.hpp"
#include "tests/support/repository.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

fs::path testdata() { return repository() / "testdata"; }

std::vector<fs::path> inputs_under(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".in") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

ProcessResult validate_file(const fs::path& file) {
  return run_process({build_program("input_validator").string()}, {{}, {}, read_text(file)});
}

// The validator is a thin main around parse_testcase, so every committed file is checked with
// it in-process (one process per file would take minutes under the sanitizers), and the
// program itself runs on the samples, the contest set, the hand-written edge cases and about 60
// evenly spaced other files. Every tier of testdata/ counts (exhaustive too, when it exists), and
// no count is assumed: the data decides how many there are.
TEST(CommittedTestData, EverySampleSecretAndExhaustiveFileIsValid) {
  std::vector<fs::path> files;
  for (const char* tier : {"sample", "secret", "exhaustive"}) {
    if (!fs::is_directory(testdata() / tier)) continue;
    const std::vector<fs::path> tier_files = inputs_under(testdata() / tier);
    files.insert(files.end(), tier_files.begin(), tier_files.end());
  }
  ASSERT_FALSE(inputs_under(testdata() / "secret").empty());
  const std::size_t step = std::max<std::size_t>(1, files.size() / 60);
  std::size_t run_as_program = 0, spaced = 0;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const fs::path& file = files[i];
    EXPECT_NO_THROW(parse_testcase(read_text(file))) << file;
    const bool sample_or_edge = file.string().find("/sample/") != std::string::npos ||
                                file.string().find("/secret/") != std::string::npos ||
                                file.string().find("/edge/") != std::string::npos;
    spaced += i % step == 0;
    if (sample_or_edge || i % step == 0) {
      const ProcessResult run = validate_file(file);
      EXPECT_EQ(run.status, 42) << file << ": " << run.err;
      ++run_as_program;
    }
  }
  EXPECT_GE(run_as_program, spaced);
  EXPECT_GE(spaced, std::min<std::size_t>(files.size(), 60));
}

TEST(CommittedTestData, EveryInvalidInputIsRejectedNamingTheLine) {
  const std::vector<fs::path> files = inputs_under(testdata() / "invalid_input");
  ASSERT_FALSE(files.empty());
  for (const fs::path& file : files) {
    const ProcessResult run = validate_file(file);
    EXPECT_EQ(run.status, 43) << file;
    EXPECT_EQ(run.err.rfind("line ", 0), 0u) << file << ": " << run.err;
    EXPECT_FALSE(fs::exists(fs::path(file).replace_extension(".ans")))
        << file << ": invalid inputs have no .ans";
  }
}

}  // namespace
}  // namespace entrapment::testing
