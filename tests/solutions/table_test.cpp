// solutions/README.md's tables (tools/solutions_table.py) cannot go stale silently: they have a
// row for every submission and none for a file that is gone. Its figures come
// from judging each submission on the contest set, minutes of work, so this checks the rows and
// names the command that rewrites them.
#include <gtest/gtest.h>

#include <set>

#include "tests/support/files.hpp"
#include "tests/support/repository.hpp"

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

}  // namespace
}  // namespace entrapment::testing
