// The input validator as a program: exit 42 for a valid test file; exit 43 and a message naming
// the line for each file of a battery that breaks the format in one way each.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "invalid_battery.hpp"
#include "tests/support/files.hpp"
#include "tests/support/param_name.hpp"
#include "tests/support/process.hpp"
#include "tests/support/repository.hpp"

namespace entrapment::testing {
namespace {

ProcessResult validate(const std::string& bytes) {
  return run_process({build_program("input_validator").string()}, {{}, {}, bytes});
}

class InvalidBattery : public ::testing::TestWithParam<InvalidCase> {};

TEST_P(InvalidBattery, ExitsFortyThreeNamingTheLine) {
  const InvalidCase& c = GetParam();
  const ProcessResult run = validate(c.bytes);
  EXPECT_EQ(run.status, 43) << c.name << ": " << run.err;
  const std::string prefix = "line " + std::to_string(c.line) + ": ";
  EXPECT_EQ(run.err.rfind(prefix, 0), 0u)
      << c.name << ": expected \"" << prefix << "...\", got " << run.err;
  EXPECT_GT(run.err.size(), prefix.size() + 5) << c.name << ": the message names no problem";
  EXPECT_TRUE(run.out.empty()) << c.name;
}

INSTANTIATE_TEST_SUITE_P(Battery, InvalidBattery, ::testing::ValuesIn(battery()), ParamName());

// The same files with the fault removed are valid: the battery tests the fault, not the rest.
TEST(InputValidator, AcceptsValidFilesOfEveryKind) {
  const std::vector<std::string>& valid = valid_files();
  for (const std::string& text : valid) {
    const ProcessResult run = validate(text);
    EXPECT_EQ(run.status, 42) << text << run.err;
    EXPECT_TRUE(run.err.empty()) << text;
  }
}

// Bytes after a NUL must still be seen: the read is binary-safe.
TEST(InputValidator, ReadsPastNulBytes) {
  const ProcessResult run = validate(std::string("3 0\nadversary adaptive 1\n\0", 26));
  EXPECT_EQ(run.status, 43);
  EXPECT_EQ(run.err.rfind("line 3: ", 0), 0u) << run.err;
}

// A test file is a few short lines: both validators stop reading after 1 MiB and say so, so
// that /dev/zero (or a wrong file of gigabytes) is refused at once instead of read into memory.
TEST(InputValidator, ReadsAtMostOneMebibyte) {
  ProcessOptions endless;
  endless.stdin_file = "/dev/zero";
  const ProcessResult kattis = run_process({build_program("input_validator").string()}, endless);
  EXPECT_EQ(kattis.status, 43) << kattis.err;
  EXPECT_NE(kattis.err.find("larger than 1048576 bytes"), std::string::npos) << kattis.err;
  const ProcessResult testlib =
      run_process({build_program("input_validator_testlib").string()}, endless);
  EXPECT_EQ(testlib.status, 3) << testlib.err;
  EXPECT_EQ(testlib.err.rfind("FAIL ", 0), 0u) << testlib.err;
  EXPECT_NE(testlib.err.find("larger than 1048576 bytes"), std::string::npos) << testlib.err;
  // One byte fewer than that many is still read and judged as a file (here: not printable).
  const ProcessResult within = run_process({build_program("input_validator").string()},
                                           {{}, {}, std::string((1 << 20) - 1, '\0')});
  EXPECT_EQ(within.status, 43);
  EXPECT_EQ(within.err.find("larger than"), std::string::npos) << within.err;
}

}  // namespace
}  // namespace entrapment::testing
