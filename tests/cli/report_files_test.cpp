// How `judge run` writes a report (judge/cli/report_files): whole or not at all, and when not,
// why, with the system's reason, so that a user can act on it.
#include "cli/report_files.hpp"

#include <gtest/gtest.h>

#include <string>

#include "tests/support/files.hpp"
#include "tests/support/temp_dir.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

const auto kReport = [](std::ostream& out) { out << "{\n  \"submission\": \"x\"\n}\n"; };

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(ReportFiles, AReportIsWrittenWholeAndNothingElseIsLeft) {
  const TempDir temp("entrapment report files");
  EXPECT_EQ(cli::write_report_file(temp.path / "report.json", kReport), "");
  EXPECT_EQ(read_text(temp.path / "report.json"), "{\n  \"submission\": \"x\"\n}\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(temp.path), fs::directory_iterator()), 1);
}

TEST(ReportFiles, AReportThatCannotBeWrittenSaysWhyAndLeavesNothing) {
  const TempDir temp("entrapment report files");
  const std::string missing = cli::write_report_file(temp.path / "gone" / "report.json", kReport);
  EXPECT_TRUE(has(missing, (temp.path / "gone").string())) << missing;
  EXPECT_TRUE(has(missing, "No such file or directory")) << missing;

  fs::create_directories(temp.path / "report.html");  // where the report would go
  const std::string directory = cli::write_report_file(temp.path / "report.html", kReport);
  EXPECT_TRUE(has(directory, "cannot rename")) << directory;
  EXPECT_TRUE(has(directory, "Is a directory")) << directory;
  EXPECT_EQ(std::distance(fs::directory_iterator(temp.path), fs::directory_iterator()), 1)
      << "the temporary file is removed";
}

}  // namespace
}  // namespace entrapment::testing
