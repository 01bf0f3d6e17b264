// The tests' one temporary directory: made fresh, private unless told, removed at the end with
// everything in it. A test that needs a scratch directory holds one of these (as a local, a
// member, or a suite's static) instead of calling mkdtemp and remove_all itself.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>

namespace entrapment::testing {

class TempDir {
 public:
  // `purpose`-XXXXXX under the temporary directory (TMPDIR, else /tmp; `purpose` may hold
  // spaces), with exactly `mode` whatever the umask: 0700 keeps it the test's own; a test whose
  // programs run as another user (a contestant's id, as root) asks for 0755. Throws, naming the
  // path, when it cannot be made.
  explicit TempDir(const std::string& purpose = "entrapment-test", mode_t mode = 0700);
  ~TempDir();  // removes it and all it holds (unless kept); a failure to remove is not the test's
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  // Leaves it in place at the end, for a person to look at what the test wrote.
  void keep() { kept_ = true; }

  const std::filesystem::path path;

 private:
  bool kept_ = false;
};

}  // namespace entrapment::testing
