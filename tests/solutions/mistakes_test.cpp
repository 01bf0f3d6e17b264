// Every wrong submission (solutions/wrong_answer, time_limit_exceeded, run_time_error) differs
// from the accepted solution it copies only on lines marked MISTAKE (mistake_marks.hpp), so a
// reader sees at once what each one changed; one that is not a copy says so, with why.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "mistake_marks.hpp"
#include "tests/support/files.hpp"
#include "tests/support/param_name.hpp"
#include "tests/support/repository.hpp"

namespace entrapment::solutions_test {
namespace {

namespace fs = std::filesystem;

const char* kBase =
    "// Accepted.\n"
    "//\n"
    "// Plays well.\n"
    "#include <cstdio>\n"
    "int main() {\n"
    "  int a = 1;\n"
    "  int b = 2;\n"
    "  std::printf(\"%d\\n\", a + b);\n"
    "}\n";

std::string copy_with(const std::string& body) {
  return "// WRONG ANSWER: prints the wrong sum.\n"
         "// BASE: solutions/accepted/sum.cpp\n"
         "#include <cstdio>\n"
         "int main() {\n" +
         body + "}\n";
}

// What is wrong with a C++ copy of kBase whose main() holds `body`.
std::vector<std::string> unmarked_in_copy_with(const std::string& body) {
  return unmarked_changes(kBase, copy_with(body), "//");
}

// The same, for a copy whose line `int b = 2;` is `b_line` instead (none when empty).
std::vector<std::string> unmarked_with_b_line(const std::string& b_line) {
  return unmarked_in_copy_with("  int a = 1;\n" + b_line + "  std::printf(\"%d\\n\", a + b);\n");
}

TEST(MistakeMarks, AMarkedChangeHolds) {
  EXPECT_EQ(unmarked_with_b_line("  int b = 3;  // MISTAKE: off by one\n"),
            std::vector<std::string>{});
}

TEST(MistakeMarks, AnUnmarkedChangeIsNamedWithItsLine) {
  const auto problems = unmarked_with_b_line("  int b = 3;\n");
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0], "6: not marked (// MISTAKE:): int b = 3;");
}

TEST(MistakeMarks, RemovedLinesNeedAMarkedLineInTheirPlace) {
  const auto removed = unmarked_in_copy_with(
      "  int a = 1;\n"
      "  std::printf(\"%d\\n\", a + 2);  // MISTAKE: b\n");
  EXPECT_EQ(removed, std::vector<std::string>{}) << "a removal next to a marked change";
  const auto bare = unmarked_with_b_line("");
  ASSERT_EQ(bare.size(), 1u);
  EXPECT_NE(bare[0].find("base lines 7-7 are removed"), std::string::npos) << bare[0];
  EXPECT_EQ(unmarked_with_b_line("  // MISTAKE: no b\n"), std::vector<std::string>{});
}

TEST(MistakeMarks, ACopyWithoutAMistakeIsNamed) {
  const auto same = unmarked_with_b_line("  int b = 2;\n");
  ASSERT_EQ(same.size(), 1u);
  EXPECT_NE(same[0].find("does not differ"), std::string::npos);
}

TEST(MistakeMarks, TheMarkerIsTheLanguagesComment) {
  EXPECT_EQ(comment_of("x.cpp"), "//");
  EXPECT_EQ(comment_of("x.py"), "#");
  EXPECT_EQ(comment_of("README.md"), std::nullopt);
  const auto python = unmarked_changes("# Accepted.\nimport sys\nprint(1)\n",
                                       "# WA\nimport sys\nprint(2)  // MISTAKE: C++ style\n", "#");
  ASSERT_EQ(python.size(), 1u) << "a Python file marks with #";
}

TEST(MistakeMarks, TheBaseLine) {
  const auto path = base_of(copy_with(""), "//");
  ASSERT_TRUE(path);
  EXPECT_EQ(path->path, "solutions/accepted/sum.cpp");
  const auto scratch = base_of("# RTE: crashes.\n# BASE: none (written from scratch: tiny)\n", "#");
  ASSERT_TRUE(scratch);
  EXPECT_EQ(scratch->path, "");
  EXPECT_EQ(scratch->reason, "written from scratch: tiny");
  EXPECT_FALSE(base_of("# RTE.\n# BASE: none\n", "#")) << "none needs a reason";
  EXPECT_FALSE(base_of("# RTE.\n# BASE: none ()\n", "#")) << "none needs a reason";
  EXPECT_FALSE(base_of("# RTE.\nimport sys\n# BASE: a.py\n", "#")) << "only in the header";
}

// "wrong_answer/greedy_runner.cpp" for every source file that must be rejected.
std::vector<std::string> wrong_submissions() {
  std::vector<std::string> out;
  for (const char* dir : {"wrong_answer", "time_limit_exceeded", "run_time_error"}) {
    const fs::path folder = testing::repository() / "solutions" / dir;
    if (!fs::is_directory(folder)) continue;
    for (const fs::directory_entry& e : fs::directory_iterator(folder))
      if (e.is_regular_file() && comment_of(e.path().filename().string()))
        out.push_back(std::string(dir) + "/" + e.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

class WrongSubmission : public ::testing::TestWithParam<std::string> {};

TEST_P(WrongSubmission, DiffersFromItsBaseOnlyOnMarkedLines) {
  const std::string name = GetParam();
  const fs::path file = testing::repository() / "solutions" / name;
  const std::string comment = *comment_of(name);
  const std::string text = testing::read_text(file);
  const std::optional<Base> base = base_of(text, comment);
  ASSERT_TRUE(base) << "solutions/" << name << ": no \"" << comment
                    << " BASE: solutions/accepted/FILE\" (or \"" << comment
                    << " BASE: none (why)\") line in its header comment";
  if (base->path.empty()) return;  // not a copy, and it says why
  EXPECT_EQ(base->path.rfind("solutions/accepted/", 0), 0u)
      << "solutions/" << name << ": the base is an accepted solution, not " << base->path;
  const std::string base_text = testing::read_text(testing::repository() / base->path);
  ASSERT_FALSE(base_text.empty()) << "solutions/" << name << ": its base " << base->path
                                  << " is not there";
  ASSERT_EQ(comment_of(base->path), comment) << "the base is in another language";
  for (const std::string& problem : unmarked_changes(base_text, text, comment))
    ADD_FAILURE() << "solutions/" << name << ":" << problem;
}

INSTANTIATE_TEST_SUITE_P(Solutions, WrongSubmission, ::testing::ValuesIn(wrong_submissions()),
                         testing::ParamName());

}  // namespace
}  // namespace entrapment::solutions_test
