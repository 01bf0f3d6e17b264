// The tests' one temporary directory (tests/support/temp_dir): fresh, of exactly the mode asked
// whatever the umask, in a path with spaces when the purpose has them, gone at the end with
// all it holds unless kept, and a clear error naming where when it cannot be made.
#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <optional>
#include <stdexcept>
#include <string>

#include "tests/support/files.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

mode_t mode_of(const fs::path& path) {
  struct stat status {};
  return ::stat(path.c_str(), &status) == 0 ? status.st_mode & 07777 : 0;
}

// Sets the umask for one test.
class Umask {
 public:
  explicit Umask(mode_t mask) : old_(::umask(mask)) {}
  ~Umask() { ::umask(old_); }

 private:
  mode_t old_;
};

TEST(TempDir, IsPrivateAndGoneAtTheEndWithWhatItHolds) {
  fs::path made;
  {
    const Umask open_to_all(0);
    const TempDir dir("entrapment temp dir test");
    made = dir.path;
    EXPECT_TRUE(fs::is_directory(made));
    EXPECT_EQ(made.parent_path(), fs::temp_directory_path());
    EXPECT_EQ(made.filename().string().rfind("entrapment temp dir test-", 0), 0u) << made;
    EXPECT_EQ(mode_of(made), 0700u) << made;
    write_text(made / "a" / "b" / "file", "written\n");
  }
  EXPECT_FALSE(fs::exists(made)) << made;
}

TEST(TempDir, HasTheModeAskedWhateverTheUmask) {
  const Umask closed(077);
  const TempDir shared("entrapment-temp-dir-test", 0755);
  EXPECT_EQ(mode_of(shared.path), 0755u);
  const TempDir other("entrapment-temp-dir-test");
  EXPECT_NE(other.path, shared.path) << "each is fresh";
}

TEST(TempDir, AKeptOneStays) {
  fs::path made;
  {
    TempDir dir("entrapment-temp-dir-test");
    dir.keep();
    made = dir.path;
  }
  EXPECT_TRUE(fs::is_directory(made));
  fs::remove_all(made);
}

TEST(TempDir, AFailureNamesWhere) {
  const TempDir dir("entrapment-temp-dir-test");
  const fs::path not_a_directory = dir.path / "a file";
  write_text(not_a_directory, "");
  const char* old = std::getenv("TMPDIR");
  const std::optional<std::string> saved = old ? std::optional<std::string>(old) : std::nullopt;
  ::setenv("TMPDIR", not_a_directory.c_str(), 1);
  std::string message;
  try {
    const TempDir never("entrapment-temp-dir-test");
  } catch (const std::exception& error) {
    message = error.what();
  }
  if (saved)
    ::setenv("TMPDIR", saved->c_str(), 1);
  else
    ::unsetenv("TMPDIR");
  EXPECT_NE(message.find(not_a_directory.string()), std::string::npos) << message;
}

}  // namespace
}  // namespace entrapment::testing
