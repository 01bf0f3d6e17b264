// The input validator as a program: exit 42 for a valid test file; exit 43 and a message naming
// the line for each file of a battery that breaks the format in one way each.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "invalid_battery.hpp"
#include "run_program.hpp"

namespace entrapment::testing {
namespace {

ProgramRun validate(const std::string& bytes) {
  return run_program({build_program("input_validator").string()}, bytes);
}

class InvalidBattery : public ::testing::TestWithParam<InvalidCase> {};

TEST_P(InvalidBattery, ExitsFortyThreeNamingTheLine) {
  const InvalidCase& c = GetParam();
  const ProgramRun run = validate(c.bytes);
  EXPECT_EQ(run.exit_code, 43) << c.name << ": " << run.err;
  const std::string prefix = "line " + std::to_string(c.line) + ": ";
  EXPECT_EQ(run.err.rfind(prefix, 0), 0u)
      << c.name << ": expected \"" << prefix << "...\", got " << run.err;
  EXPECT_GT(run.err.size(), prefix.size() + 5) << c.name << ": the message names no problem";
  EXPECT_TRUE(run.out.empty()) << c.name;
}

INSTANTIATE_TEST_SUITE_P(Battery, InvalidBattery, ::testing::ValuesIn(battery()),
                         [](const ::testing::TestParamInfo<InvalidCase>& info) {
                           std::string name = info.param.name;  // gtest names: no '-'
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

// The same files with the fault removed are valid: the battery tests the fault, not the rest.
TEST(InputValidator, AcceptsValidFilesOfEveryKind) {
  const std::vector<std::string>& valid = valid_files();
  for (const std::string& text : valid) {
    const ProgramRun run = validate(text);
    EXPECT_EQ(run.exit_code, 42) << text << run.err;
    EXPECT_TRUE(run.err.empty()) << text;
  }
}

// Bytes after a NUL must still be seen: the read is binary-safe.
TEST(InputValidator, ReadsPastNulBytes) {
  const ProgramRun run = validate(std::string("3 0\nadversary adaptive 1\n\0", 26));
  EXPECT_EQ(run.exit_code, 43);
  EXPECT_EQ(run.err.rfind("line 3: ", 0), 0u) << run.err;
}

// A test file is a few short lines: both validators stop reading after 1 MiB and say so, so
// that /dev/zero (or a wrong file of gigabytes) is refused at once instead of read into memory.
TEST(InputValidator, ReadsAtMostOneMebibyte) {
  const ProgramRun kattis =
      run_program({build_program("input_validator").string()}, "", "/dev/zero");
  EXPECT_EQ(kattis.exit_code, 43) << kattis.err;
  EXPECT_NE(kattis.err.find("larger than 1048576 bytes"), std::string::npos) << kattis.err;
  const ProgramRun testlib =
      run_program({build_program("input_validator_testlib").string()}, "", "/dev/zero");
  EXPECT_EQ(testlib.exit_code, 3) << testlib.err;
  EXPECT_EQ(testlib.err.rfind("FAIL ", 0), 0u) << testlib.err;
  EXPECT_NE(testlib.err.find("larger than 1048576 bytes"), std::string::npos) << testlib.err;
  // One byte fewer than that many is still read and judged as a file (here: not printable).
  const ProgramRun within =
      run_program({build_program("input_validator").string()}, std::string((1 << 20) - 1, '\0'));
  EXPECT_EQ(within.exit_code, 43);
  EXPECT_EQ(within.err.find("larger than"), std::string::npos) << within.err;
}

}  // namespace
}  // namespace entrapment::testing
