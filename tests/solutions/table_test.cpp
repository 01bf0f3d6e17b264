// solutions/README.md's tables (tools/solutions_table.py) cannot go stale silently: they have a
// row for every submission and none for a file that is gone. Its figures come
// from judging each submission on the contest set, minutes of work, so this checks the rows and
// names the command that rewrites them.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <regex>
#include <set>
#include <sstream>
#include <vector>

#include "tests/support/files.hpp"
#include "tests/support/process.hpp"
#include "tests/support/repository.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

TEST(SolutionsTable, HasARowForEverySubmission) {
  std::set<std::string> submissions;
  for (const char* dir : {"accepted", "wrong_answer", "time_limit_exceeded", "run_time_error"})
    for (const auto& entry : fs::directory_iterator(repository() / "solutions" / dir))
      for (const char* extension : {".cpp", ".cc", ".c", ".py", ".java"})
        if (entry.path().extension() == extension)
          submissions.insert(std::string(dir) + "/" + entry.path().filename().string());
  ASSERT_GE(submissions.size(), 10u);
  const std::string table = read_text(repository() / "solutions" / "README.md");
  std::set<std::string> rows;
  for (std::size_t at = table.find("\n| `"); at != std::string::npos;
       at = table.find("\n| `", at + 1)) {
    const std::size_t from = at + 4, to = table.find('`', from);
    rows.insert(table.substr(from, to - from));
  }
  for (const std::string& submission : submissions)
    EXPECT_TRUE(rows.count(submission))
        << "solutions/README.md has no row for " << submission
        << ": run `python3 tools/solutions_table.py` (it judges every submission on the contest "
           "set: minutes)";
  for (const std::string& row : rows)
    EXPECT_TRUE(submissions.count(row))
        << "solutions/README.md has a row for " << row
        << ", which is not a submission: run `python3 tools/solutions_table.py`";
}

// The rows of the table of rejected submissions: their cells, without the bars.
std::vector<std::vector<std::string>> rejected_rows(const std::string& table) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream lines(table);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("| `", 0) != 0 || line.rfind("| `accepted/", 0) == 0) continue;
    std::vector<std::string> cells;
    for (std::size_t at = 1; at < line.size();) {
      const std::size_t end = line.find(" |", at);
      if (end == std::string::npos) break;
      cells.push_back(line.substr(at + 1, end - at - 1));
      at = end + 2;
    }
    rows.push_back(cells);
  }
  return rows;
}

// Every test the table names as the first to reject a submission is a test of the contest set
// (a renamed or removed test leaves the table stale).
TEST(SolutionsTable, EveryFirstRejectingTestItNamesExists) {
  const auto rows = rejected_rows(read_text(repository() / "solutions" / "README.md"));
  ASSERT_GE(rows.size(), 5u);
  for (const auto& row : rows) {
    ASSERT_GE(row.size(), 6u) << row[0];
    const std::string& first = row[5];  // `secret/NAME.in`, or none
    if (first == "none") continue;
    ASSERT_TRUE(first.size() > 2 && first.front() == '`' && first.back() == '`') << first;
    const std::string test = first.substr(1, first.size() - 2);
    EXPECT_TRUE(fs::is_regular_file(repository() / "testdata" / test))
        << row[0] << " names testdata/" << test
        << " as its first rejecting test, and there is no such test: run `python3 "
           "tools/solutions_table.py --only solutions/"
        << row[0].substr(1, row[0].size() - 2) << "`";
  }
}

// The table reads the same on every machine and under any limits (problem.yaml's are the
// setter's to change): none of the judge's figures (times, memory), no limit.
TEST(SolutionsTable, HoldsNoMachineDependentFigure) {
  const std::string table = read_text(repository() / "solutions" / "README.md");
  const std::regex figure(
      "[0-9.]+ s (of CPU time|of wall-clock time|it waited for a CPU)|after using [0-9]+ MiB|"
      "limit \\(?[0-9.]+ (s|MiB)");
  std::smatch found;
  EXPECT_FALSE(std::regex_search(table, found, figure))
      << "solutions/README.md holds '" << found.str() << "'";
}

// `--only FILE` judges that submission alone and leaves every other line of the table as it
// was (a judge that answers at once stands in for build/bin/judge).
TEST(SolutionsTable, OnlyRewritesItsOwnRow) {
  const TempDir temp("entrapment-table");
  const fs::path& scratch = temp.path;
  const fs::path judge = scratch / "judge", output = scratch / "README.md";
  write_text(judge,
             "#!/bin/sh\n"
             "while [ $# -gt 0 ]; do [ \"$1\" = --json ] && out=\"$2\"; shift; done\n"
             "echo '{\"verdict\": \"WA\", \"tests\": [{\"name\": \"secret/x.in\", "
             "\"verdict\": \"WA\", \"message\": \"used 1.25 s of CPU time (limit 5.00 s)\"}]}' "
             "> \"$out\"\n");
  ::chmod(judge.c_str(), 0755);
  const std::string before = read_text(repository() / "solutions" / "README.md");
  write_text(output, before);
  const std::string row = "wrong_answer/lowercase.py";
  const ProcessResult run =
      run_process({"python3", (repository() / "tools" / "solutions_table.py").string(), "--judge",
                   judge.string(), "--cache", (scratch / "cache").string(), "--output",
                   output.string(), "--only", "solutions/" + row});
  const std::string after = read_text(output);
  ASSERT_EQ(run.status, 0) << run.out << run.err;
  std::istringstream old_lines(before), new_lines(after);
  std::string was, is;
  int changed = 0;
  while (std::getline(old_lines, was) && std::getline(new_lines, is)) {
    if (was.rfind("| `" + row + "` |", 0) == 0) {
      EXPECT_EQ(is.rfind("| `" + row +
                             "` | WA | WA | 1 of 1 (a selection) | WA 1 | `secret/x.in` | "
                             "over the CPU time limit |",
                         0),
                0u)
          << is;
      ++changed;
      continue;
    }
    EXPECT_EQ(is, was) << "a row --only did not name changed";
  }
  EXPECT_EQ(changed, 1) << after;
  EXPECT_FALSE(std::getline(new_lines, is)) << "more lines than before";
}

// The tool speaks only when something is wrong: a judge's warning on stderr (--no-sandbox as
// root, once per submission) is kept back, and a judge that writes no JSON is named with its
// command quoted as a shell reads it (the judge here lies under a path with a space).
TEST(SolutionsTable, IsQuietUnlessSomethingIsWrongAndQuotesWhatItEchoes) {
  const TempDir temp("entrapment-table");
  const fs::path dir = temp.path / "a judge", output = temp.path / "README.md";
  fs::create_directories(dir);
  const fs::path good = dir / "judge", bad = dir / "broken judge";
  write_text(good,
             "#!/bin/sh\n"
             "echo 'judge run: warning: --no-sandbox runs the program as root' >&2\n"
             "while [ $# -gt 0 ]; do [ \"$1\" = --json ] && out=\"$2\"; shift; done\n"
             "echo '{\"verdict\": \"WA\", \"tests\": [{\"name\": \"secret/x.in\", "
             "\"verdict\": \"WA\", \"message\": \"wrong\"}]}' > \"$out\"\n");
  write_text(bad, "#!/bin/sh\necho 'the judge could not start' >&2\nexit 2\n");
  ::chmod(good.c_str(), 0755);
  ::chmod(bad.c_str(), 0755);
  write_text(output, read_text(repository() / "solutions" / "README.md"));
  const auto table = [&](const fs::path& judge) {
    return run_process({"python3", (repository() / "tools" / "solutions_table.py").string(),
                        "--judge", judge.string(), "--cache", (temp.path / "cache").string(),
                        "--output", output.string(), "--only",
                        "solutions/wrong_answer/lowercase.py"});
  };
  const ProcessResult quiet = table(good);
  EXPECT_EQ(quiet.status, 0) << quiet.err;
  EXPECT_EQ(quiet.out, "");
  EXPECT_EQ(lines_of(quiet.err).size(), 1u) << quiet.err;
  EXPECT_FALSE(has(quiet.err, "warning")) << quiet.err;

  const ProcessResult failed = table(bad);
  EXPECT_NE(failed.status, 0);
  EXPECT_TRUE(has(failed.err, "$ '" + bad.string() + "' run ")) << failed.err;
  EXPECT_TRUE(has(failed.err, "the judge could not start")) << failed.err;
}

}  // namespace
}  // namespace entrapment::testing
