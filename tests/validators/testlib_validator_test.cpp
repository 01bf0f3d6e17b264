// The input validator under testlib's conventions (the Polygon export's files/validator.cpp) as
// a program: the same verdicts as the Kattis-convention validator on the same battery (exit 0
// valid; exit 3 and "FAIL <fault> (stdin, line N)" invalid), and testlib's arguments accepted.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "invalid_battery.hpp"
#include "tests/support/files.hpp"
#include "tests/support/param_name.hpp"
#include "tests/support/process.hpp"
#include "tests/support/repository.hpp"
#include "tests/support/temp_dir.hpp"

namespace entrapment::testing {
namespace {

// The testlib validator on `bytes` (the Kattis one is input_validator_test.cpp's validate()).
ProcessResult validate_with_testlib(const std::string& bytes, std::vector<std::string> args = {}) {
  args.insert(args.begin(), build_program("input_validator_testlib").string());
  return run_process(args, {{}, {}, bytes});
}

class TestlibBattery : public ::testing::TestWithParam<InvalidCase> {};

TEST_P(TestlibBattery, FailsNamingTheLine) {
  const InvalidCase& c = GetParam();
  const ProcessResult run = validate_with_testlib(c.bytes);
  EXPECT_EQ(run.status, 3) << c.name << ": " << run.err;
  EXPECT_EQ(run.err.rfind("FAIL ", 0), 0u) << c.name << ": " << run.err;
  EXPECT_NE(run.err.find("(stdin, line " + std::to_string(c.line) + ")"), std::string::npos)
      << c.name << ": " << run.err;
  EXPECT_TRUE(run.out.empty()) << c.name;
}

INSTANTIATE_TEST_SUITE_P(Battery, TestlibBattery, ::testing::ValuesIn(battery()), ParamName());

TEST(TestlibValidator, AcceptsValidFilesSilently) {
  for (const std::string& text : valid_files()) {
    const ProcessResult run = validate_with_testlib(text);
    EXPECT_EQ(run.status, 0) << text << run.err;
    EXPECT_TRUE(run.err.empty() && run.out.empty()) << text << run.err << run.out;
  }
}

// Polygon passes testlib's options; the overview file receives a line about the test.
TEST(TestlibValidator, TakesTestlibsArguments) {
  const TempDir dir("entrapment-overview");
  const std::filesystem::path overview = dir.path / "overview";
  const ProcessResult run = validate_with_testlib(
      valid_files().front(),
      {"--testset", "tests", "--group", "0", "--testCase", "3", "--testMarkupFileName", "/dev/null",
       "--testOverviewLogFileName", overview.string(), "--testCaseFileName", "03"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(read_text(overview).find("R = 3, U = 0"), std::string::npos) << read_text(overview);

  const ProcessResult unknown = validate_with_testlib(valid_files().front(), {"--strict"});
  EXPECT_EQ(unknown.status, 3);
  EXPECT_NE(unknown.err.find("--strict"), std::string::npos) << unknown.err;
  EXPECT_EQ(validate_with_testlib(valid_files().front(), {"--group"}).status,
            3);  // a missing value
}

// A whole battery file and the same file's board alone: testlib validators read whole tests.
TEST(TestlibValidator, AgreesWithTheKattisValidator) {
  const std::string kattis = build_program("input_validator").string();
  for (const InvalidCase& c : battery())
    EXPECT_EQ(run_process({kattis}, {{}, {}, c.bytes}).status == 42,
              validate_with_testlib(c.bytes).status == 0)
        << c.name;
  for (const std::string& text : valid_files())
    EXPECT_EQ(run_process({kattis}, {{}, {}, text}).status == 42,
              validate_with_testlib(text).status == 0)
        << text;
}

}  // namespace
}  // namespace entrapment::testing
