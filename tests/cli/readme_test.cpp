// The README is the way in: short, starting with the two commands that set everything up, and
// every link in it and in doc/ leads to a file that exists (pages move; links must follow).
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "scratch_package.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

TEST(Readme, IsAnOverviewNotAManual) {
  const std::string readme = read_text(repository() / "README.md");
  const auto lines = std::count(readme.begin(), readme.end(), '\n');
  EXPECT_LE(lines, 250) << "README.md has " << lines
                        << " lines: move reference material to a page under doc/";
}

// How `judge` runs a program it was handed is read in five minutes (issue 47): doc/execution.md
// at most 250 lines, none wider than 120 columns.
TEST(Readme, TheExecutionPageIsReadInFiveMinutes) {
  const std::string page = read_text(repository() / "doc" / "execution.md");
  std::istringstream in(page);
  int lines = 0;
  for (std::string line; std::getline(in, line);) {
    ++lines;
    EXPECT_LE(line.size(), 120u) << "doc/execution.md:" << lines << " is " << line.size()
                                 << " columns wide";
  }
  EXPECT_GT(lines, 50) << "doc/execution.md is missing or nearly empty";
  EXPECT_LE(lines, 250) << "doc/execution.md has " << lines
                        << " lines: say it shorter, or move a subject to a page of its own";
}

TEST(Readme, StartsWithTheMainJobAndTheTestCommand) {
  const std::string readme = read_text(repository() / "README.md");
  const std::size_t block = readme.find("```sh\n");
  ASSERT_NE(block, std::string::npos) << "no command block";
  const std::string commands = readme.substr(block, readme.find("```\n", block + 6) - block);
  EXPECT_NE(commands.find("bash .ci/setup"), std::string::npos) << commands;
  EXPECT_NE(commands.find("build/bin/judge verify"), std::string::npos) << commands;
  // The main job's command builds what it needs, not the whole suite (issue 28).
  EXPECT_NE(commands.find("--target main_job && build/bin/judge verify"), std::string::npos)
      << commands;
  EXPECT_NE(commands.find("ctest --test-dir build"), std::string::npos) << commands;
  EXPECT_LT(block, readme.find("\n## ")) << "the commands come before the first section";
}

TEST(Readme, EveryRelativeLinkLeadsToAFile) {
  std::vector<fs::path> pages = {repository() / "README.md"};
  for (const auto& entry : fs::directory_iterator(repository() / "doc"))
    if (entry.path().extension() == ".md") pages.push_back(entry.path());
  ASSERT_GT(pages.size(), 5u);
  const std::regex link(R"(\]\(([^)#:\s]+)(#[^)\s]*)?\))");
  int checked = 0;
  for (const fs::path& page : pages) {
    const std::string text = read_text(page);
    for (std::sregex_iterator it(text.begin(), text.end(), link), end; it != end; ++it) {
      const fs::path target = page.parent_path() / (*it)[1].str();
      EXPECT_TRUE(fs::exists(target))
          << page.filename() << " links to " << (*it)[1].str() << ", which does not exist";
      ++checked;
    }
  }
  EXPECT_GT(checked, 10) << "no links found: the pattern is wrong";
}

}  // namespace
}  // namespace entrapment::testing
