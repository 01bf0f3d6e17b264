// judge/cli/ parses and prints, and what it orchestrates lives in judge/workflow/: a command
// file that grows past 250 lines is judging again (issue 30 found run_command.cpp at 374 and
// verify_command.cpp at 435 lines, each with its own judging loop).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "tests/support/files.hpp"
#include "tests/support/repository.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

TEST(CliFiles, EachIsAtMost250Lines) {
  const fs::path cli = repository() / "judge" / "cli";
  int files = 0;
  for (const auto& entry : fs::directory_iterator(cli)) {
    if (!entry.is_regular_file()) continue;
    ++files;
    const std::string text = read_text(entry.path());
    const long lines = std::count(text.begin(), text.end(), '\n');
    EXPECT_LE(lines, 250) << entry.path().filename().string()
                          << ": move what it orchestrates into judge/workflow/, or a part of "
                             "its printing into a file of its own beside it";
  }
  EXPECT_GT(files, 0) << cli;
}

}  // namespace
}  // namespace entrapment::testing
