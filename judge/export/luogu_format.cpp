// Luogu (luogu-dev/docs, docs/manual/luogu/problem/): an IO-interactive problem is a data zip
// with no folders and no other files (at most 50 MB zipped, 100 MB unpacked): a NAME.in and a
// NAME.out per test, NAME holding exactly one run of digits; checker.cpp, the interactor, which
// Luogu compiles with `g++ -fno-asm -std=c++14 -O2` beside its testlib.h (0.9.41) and runs under
// testlib's interactor conventions (`inf` the test, the contestant's output on stdin, its stdout
// to the contestant); an empty interactive_lib.cpp; config.yml with each test's limits and
// score. The statement is typed into Luogu's form, one field per section.
//
// The package: data/ (exactly the zip's files; `--zip` puts them at the archive's root),
// statement.md (the form's fields in order), attachments/ and the README.
#include <fmt/format.h>

#include "format_skeleton.hpp"

namespace entrapment {

namespace {

const TestLayout kTests = {"data/{number}.in", "data/{number}.out"};  // one run of digits

// One section per field of Luogu's problem form, in its order.
MarkdownStatement statement_layout(const SourcePackage& source) {
  return {fmt::format("<!-- Written by judge export --format luogu from statement/statement.en.md: "
                      "one section per field of Luogu's problem form, in its order. -->\n\n"
                      "# {}\n\n",
                      source.config.name),
          "## 题目描述 (Description)\n\n",
          "\n## 输入格式 (Input Format)\n\n",
          "\n## 输出格式 (Output Format)\n\n",
          "\n## 输入输出样例 (Samples)\n",
          "\n### 输入 #{n} (Input #{n})\n\n```\n{input}```\n"
          "\n### 输出 #{n} (Output #{n})\n\n```\n{output}```\n",
          "\n## 说明/提示 (Hint)\n\n"};
}

// All or nothing, as in the ICPC and in every other export: one subtask holds every test, each
// test scored 100, and a subtask scores the least of its tests' scores, so a program that fails
// any test scores 0. (With a score per test, 2 or 3 points each, a wrong program that failed 6
// of 43 tests scored 87.) luogu-dev/docs (testcase-config.md) documents the keys score and
// subtaskId; the subtask's "minimum score" scoring is chosen on the data page.
constexpr const char* kConfigHead =
    "# Written by judge export: each test's limits (ms, KiB), score and subtask. Luogu reads it\n"
    "# from the data zip; what is set on its web page afterwards takes precedence.\n"
    "# All or nothing: every test in subtask 1, scored 100; the subtask takes the least\n"
    "# score of its tests (keep that scoring on the data page).\n";
constexpr const char* kConfigTest =
    "{number}.in:\n"
    "  timeLimit: {time_ms}\n"
    "  memoryLimit: {memory_kib}\n"
    "  score: 100\n"
    "  subtaskId: 1\n";

constexpr const char* kReadmeBody =
    "## Where it goes\n\n"
    "1. In Luogu, create the problem (Personal problem set, New problem) and fill the form from "
    "`statement.md`: each `##` section goes into the field of the same name, each sample's input "
    "and output into the sample fields.\n"
    "2. Tags: 交互题 (interactive), which makes Luogu run `checker.cpp` as the interactor; the "
    "manual counts a `checker.cpp` as a Special Judge, so add the Special Judge tag too.\n"
    "3. Upload the data: `{package}.zip` (written with `--zip`) holds exactly the files of "
    "`data/`, at its root, with no folders: {tests} tests (`NN.in` and `NN.out`), `checker.cpp`, "
    "an empty `interactive_lib.cpp` and `config.yml`.\n"
    "4. `config.yml` sets each test's limits, those of the official problem ({time_s} s, "
    "{memory_mib} MiB), and puts every test in subtask 1 with the score 100: all or nothing. What "
    "you set on the page afterwards wins.\n"
    "5. Offer `attachments/testing_tool.py` to contestants, the local testing tool the statement "
    "mentions.\n\n"
    "## What was adapted\n\n"
    "- `checker.cpp` is the interactor under testlib's interactor conventions (`checker INPUT "
    "OUTPUT [ANSWER [RESULT]]`: the test in INPUT, the contestant's output on stdin, the judge's "
    "lines on stdout; the verdict `ok` or `wrong answer` with the reason on stderr, exit 0 or 1; "
    "a broken test is `FAIL`, exit 3). It is one self-contained C++14 file, standard library "
    "only: it compiles with Luogu's `g++ -fno-asm -std=c++14 -O2` and needs no testlib.h, so the "
    "one Luogu adds changes nothing. It writes the game's log to OUTPUT, as testlib's "
    "interactors do.\n";

constexpr const char* kLimits =
    "{time_s} s and {memory_mib} MiB per test (the official limits), from `config.yml` "
    "(`timeLimit` {time_ms}, `memoryLimit` {memory_kib}); the data page shows them after the "
    "upload and what is set there wins.";

}  // namespace

FormatResult write_luogu(const SourcePackage& source, PackageWriter& out, const ExportOptions&,
                         std::vector<std::string>& notes) {
  FormatSkeleton luogu{
      source, "luogu", kTests, {{"data/checker.cpp", source.interactor_testlib}}, "attachments"};
  std::string config = kConfigHead;
  for (const NumberedTest& test : luogu.numbered)
    config += fmt::format(kConfigTest, fmt::arg("number", test.number),
                          fmt::arg("time_ms", luogu.limits.time_ms),
                          fmt::arg("memory_kib", luogu.limits.memory_kib));

  luogu.files = {{"data/config.yml", config},
                 {"data/interactive_lib.cpp", ""},
                 {"statement.md", markdown_statement(source, statement_layout(source))}};
  luogu.notes = {
      fmt::format("The tests are numbered {} to {} (samples first; tests-origin.txt names them), "
                  "since Luogu takes only names with one run of digits. Each .in is the whole "
                  "test file ({test_parts}) and each .out {answer}, "
                  "which the interactor does not need.",
                  padded(1, width_for(luogu.numbered.size())),
                  padded(luogu.numbered.size(), width_for(luogu.numbered.size())),
                  fmt::arg("test_parts", source.phrases.test_parts),
                  fmt::arg("answer", source.phrases.answer)),
      fmt::format("Luogu lets a user download the input and output of the first test their "
                  "submission fails: here that shows the judge's lines of that test ({}), not an "
                  "answer. Turn data downloads off for the problem if that should stay private.",
                  source.phrases.judge_lines_detail)};
  luogu.solutions_left_out = "Luogu's data zip holds only tests and the judge's programs";
  luogu.readme = {
      "Luogu problem",
      "",
      fmt::format(kReadmeBody, fmt::arg("package", source.short_name),
                  fmt::arg("tests", luogu.numbered.size()), fmt::arg("time_s", luogu.limits.time_s),
                  fmt::arg("memory_mib", luogu.limits.memory_mib)),
      {"Luogu",
       fmt::format(kLimits, fmt::arg("time_s", luogu.limits.time_s),
                   fmt::arg("memory_mib", luogu.limits.memory_mib),
                   fmt::arg("time_ms", luogu.limits.time_ms),
                   fmt::arg("memory_kib", luogu.limits.memory_kib)),
       "Luogu compiles `checker.cpp` as `g++ -fno-asm -std=c++14 -O2` with its testlib.h (0.9.41) "
       "added with `-idirafter`, which the file does not need.",
       "all or nothing, as in the ICPC: every test is in subtask 1 (`subtaskId: 1`) with the "
       "score 100, and a subtask scores the least of its tests' scores. On the data page, check "
       "that the subtask is scored by its minimum (最小分值; luogu-dev/docs documents the keys "
       "`score` and `subtaskId`, not the choice of scoring) and that the problem's total is 100: "
       "a wrong program must score 0.",
       "the statement's samples (the fields of `statement.md`) and `attachments/testing_tool.py` "
       "if you offer it; Luogu lets a user download the input and output of the first test their "
       "submission fails unless data downloads are turned off (see below)."}};
  luogu.result.zip_root = "data";
  return write_format(source, out, luogu, notes);
}

}  // namespace entrapment
