// The one file I/O module (judge/support/files) and the tests' view of it: bytes exactly, a
// file that is not there is said so, missing directories are made, a write that cannot happen
// throws naming the path.
#include "support/files.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests/support/files.hpp"
#include "tests/support/temp_dir.hpp"

namespace entrapment {
namespace {

namespace fs = std::filesystem;

class Files : public ::testing::Test {
 protected:
  const testing::TempDir temp_{"entrapment files test"};
  const fs::path& dir_ = temp_.path;
};

TEST_F(Files, ReadsBackTheBytesWritten) {
  const std::string bytes("line\r\n\0binary\xff\n", 15);
  write_file(dir_ / "a" / "b" / "file", bytes);
  EXPECT_EQ(read_file(dir_ / "a" / "b" / "file"), bytes);
  write_file(dir_ / "a" / "b" / "file", "shorter");
  EXPECT_EQ(read_file(dir_ / "a" / "b" / "file"), "shorter") << "a write replaces the file";
  write_file(dir_ / "empty", "");
  EXPECT_EQ(read_file(dir_ / "empty"), "");
}

TEST_F(Files, AFileThatIsNotThereReadsAsNothing) {
  EXPECT_EQ(read_file(dir_ / "missing"), std::nullopt);
  EXPECT_EQ(testing::read_text(dir_ / "missing"), "");
}

TEST_F(Files, AWriteThatCannotHappenThrowsNamingThePath) {
  write_file(dir_ / "plain", "a file, not a directory");
  try {
    write_file(dir_ / "plain" / "inside", "x");
    FAIL() << "no error";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("plain"), std::string::npos) << e.what();
  }
  if (::geteuid() == 0) GTEST_SKIP() << "root writes into a read-only directory";
  fs::create_directories(dir_ / "locked");
  ::chmod((dir_ / "locked").c_str(), 0500);
  EXPECT_THROW(write_file(dir_ / "locked" / "file", "x"), std::runtime_error);
  EXPECT_EQ(read_file(dir_ / "locked" / "file"), std::nullopt);
  ::chmod((dir_ / "locked").c_str(), 0700);
}

// The system's reason follows the path: a full device, a directory where a file was meant.
TEST_F(Files, AWriteThatCannotHappenSaysWhy) {
  const auto error_of = [](const fs::path& path) {
    try {
      write_file(path, "x");
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  if (fs::exists("/dev/full")) {
    EXPECT_EQ(error_of("/dev/full"), "cannot write /dev/full: No space left on device");
  }
  fs::create_directories(dir_ / "a directory");
  EXPECT_EQ(error_of(dir_ / "a directory"),
            "cannot write " + (dir_ / "a directory").string() + ": Is a directory");
}

TEST_F(Files, ASmallFileReadStopsPastItsLimitAndSaysWhy) {
  write_file(dir_ / "small", "2 0\n");
  SmallFile small = read_small_file(dir_ / "small", 4);
  EXPECT_EQ(small.text, "2 0\n") << "exactly the limit is allowed";
  write_file(dir_ / "large", "2 0\nmore\n");
  const SmallFile large = read_small_file(dir_ / "large", 4);
  EXPECT_EQ(large.text, std::nullopt);
  EXPECT_TRUE(large.too_large);
  EXPECT_NE(large.why_not().find("larger than"), std::string::npos) << large.why_not();
  // A device without end is cut off too, which read_file would read forever.
  const SmallFile endless = read_small_file("/dev/zero", 1000);
  EXPECT_TRUE(endless.too_large);
  const SmallFile missing = read_small_file(dir_ / "missing", 4);
  EXPECT_FALSE(missing.too_large);
  EXPECT_EQ(missing.why_not(), "cannot read the file");
}

}  // namespace
}  // namespace entrapment
