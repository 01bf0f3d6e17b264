// Issue 27: an export killed outright (not interrupted: a SIGKILL, a crash) left its temporary
// directory OUTDIR/.entrapment.export-XXXXXX, and every later export kept it. The next export of
// the same target removes what such an export left, and nothing else.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <set>
#include <string>

#include "export/output_directory.hpp"
#include "tests/support/files.hpp"
#include "tests/support/temp_dir.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

std::set<std::string> entries_of(const fs::path& dir) {
  std::set<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) names.insert(entry.path().filename());
  return names;
}

TEST(ExportLeftovers, TheNextExportRemovesWhatAKilledOneLeftAndNothingElse) {
  const TempDir temp("entrapment-leftovers");
  const fs::path& out = temp.path;
  const fs::path target = out / "entrapment";
  // An export killed while it wrote: a child that makes its staging directory and dies inside
  // the export, without its clean-up, as a SIGKILL leaves it.
  const pid_t killed = ::fork();
  if (killed == 0) {
    try {
      OutputDirectory output(target, {}, false);
      write_text(output.staging() / "problem.yaml", "half written\n");
      ::_exit(0);
    } catch (...) {
      ::_exit(2);
    }
  }
  ASSERT_GT(killed, 0);
  int status = 0;
  ASSERT_EQ(::waitpid(killed, &status, 0), killed);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  const std::set<std::string> left = entries_of(out);
  ASSERT_EQ(left.size(), 1u) << "the killed export left no staging directory";
  const std::string killed_staging = *left.begin();
  // Named like one, but not written by judge export: never removed.
  fs::create_directory(out / ".entrapment.export-ABCDEF");
  write_text(out / ".entrapment.export-ABCDEF" / "mine.txt", "someone's\n");
  {
    OutputDirectory running(target, {}, false);
    EXPECT_EQ(entries_of(out).count(killed_staging), 0u) << "the killed export's is still there";
    EXPECT_EQ(read_text(out / ".entrapment.export-ABCDEF" / "mine.txt"), "someone's\n");
    // A second export beside a running one leaves the running one's alone.
    const std::string running_staging = running.staging().filename();
    {
      OutputDirectory next(target, {}, false);
      EXPECT_TRUE(fs::is_directory(running.staging())) << running_staging;
    }
    EXPECT_TRUE(fs::is_directory(running.staging())) << running_staging;
  }
  EXPECT_EQ(entries_of(out), std::set<std::string>{".entrapment.export-ABCDEF"});
}

}  // namespace
}  // namespace entrapment::testing
