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
#include "formats.hpp"

namespace entrapment {

namespace {

std::string luogu_statement(const SourcePackage& source) {
  std::string md = "<!-- Written by judge export --format luogu from statement/statement.en.md: ";
  md += "one section per field of Luogu's problem form, in its order. -->\n\n";
  md += "# " + source.config.name + "\n\n";
  md += "## 题目描述 (Description)\n\n" + section_markdown(source, "Legend");
  md += "\n## 输入格式 (Input Format)\n\n" + section_markdown(source, "Input");
  md += "\n## 输出格式 (Output Format)\n\n" + section_markdown(source, "Output") +
        section_markdown(source, "Interaction");
  md += "\n## 输入输出样例 (Samples)\n";
  const std::vector<PolygonExample> examples = sample_examples(source);
  for (std::size_t i = 0; i < examples.size(); ++i) {
    const std::string n = std::to_string(i + 1);
    md += "\n### 输入 #" + n + " (Input #" + n + ")\n\n```\n" + examples[i].input + "```\n";
    md += "\n### 输出 #" + n + " (Output #" + n + ")\n\n```\n" + examples[i].output + "```\n";
  }
  md += "\n## 说明/提示 (Hint)\n\n" + section_markdown(source, "Notes");
  const std::string exchange = examples_exchange_markdown(source);
  if (!exchange.empty()) md += "\n" + exchange;
  return md;
}

}  // namespace

FormatResult write_luogu(const SourcePackage& source, PackageWriter& out,
                         std::vector<std::string>& notes) {
  const std::vector<const SourceTest*> tests = judged_tests(source);
  const int width = width_for(tests.size());
  const long long time_ms = static_cast<long long>(source.config.time_limit_s * 1000 + 0.5);
  const long long memory_kib = source.config.memory_mib * 1024;
  // All or nothing, as in the ICPC and in every other export: one subtask holds every test,
  // each test scored 100, and a subtask scores the least of its tests' scores, so a program
  // that fails any test scores 0. (With a score per test, 2 or 3 points each, a wrong program
  // that failed 6 of 43 tests scored 87.) luogu-dev/docs (testcase-config.md) documents the
  // keys score and subtaskId; the subtask's "minimum score" scoring is chosen on the data page.
  std::string config =
      "# Written by judge export: each test's limits (ms, KiB), score and subtask. Luogu reads "
      "it\n# from the data zip; what is set on its web page afterwards takes precedence.\n"
      "# All or nothing: every test in subtask 1, scored 100; the subtask takes the least\n"
      "# score of its tests (keep that scoring on the data page).\n";
  std::string origin;
  for (std::size_t i = 0; i < tests.size(); ++i) {
    const std::string name = padded(i + 1, width);  // one run of digits, as Luogu requires
    const std::filesystem::path& in = tests[i]->files.at(".in");
    out.copy("data/" + name + ".in", in);
    out.write("data/" + name + ".out", winner_line(in));
    config += name + ".in:\n  timeLimit: " + std::to_string(time_ms) +
              "\n  memoryLimit: " + std::to_string(memory_kib) + "\n  score: 100\n  subtaskId: 1\n";
    origin += name + " " + tests[i]->group + "/" + tests[i]->name + "\n";
  }
  out.write("data/config.yml", config);
  out.copy("data/checker.cpp", source.interactor_testlib);
  out.write("data/interactive_lib.cpp", "");
  out.write("tests-origin.txt", origin);
  out.write("statement.md", luogu_statement(source));
  for (const auto& attachment : source.attachments)
    out.copy("attachments/" + attachment.filename().string(), attachment);

  notes.push_back(
      "The tests are numbered " + padded(1, width) + " to " + padded(tests.size(), width) +
      " (samples first; tests-origin.txt names them), since Luogu takes only names with one "
      "run of digits. Each .in is the whole test file (the board, then the judge's lines) and "
      "each .out the winning side, which the interactor does not need.");
  notes.push_back(
      "Luogu lets a user download the input and output of the first test their submission "
      "fails: here that shows the judge's lines of that test (its adversary and seed), not "
      "an answer. Turn data downloads off for the problem if that should stay private.");
  if (!source.submissions.empty())
    notes.push_back(
        "solutions/ is not exported: Luogu's data zip holds only tests and the "
        "judge's programs; submit the reference solutions yourself to check.");

  FormatResult result;
  result.zip_root = "data";
  write_package_readme(
      out,
      "# " + source.config.name +
          " — Luogu problem\n\n"
          "Written by `judge export --format luogu` from the Entrapment judging package; do not "
          "edit it here.\n\n"
          "## Where it goes\n\n"
          "1. In Luogu, create the problem (Personal problem set, New problem) and fill the "
          "form from `statement.md`: each `##` section goes into the field of the same name, "
          "each sample's input and output into the sample fields.\n"
          "2. Tags: 交互题 (interactive), which makes Luogu run `checker.cpp` as the "
          "interactor; the manual counts a `checker.cpp` as a Special Judge, so add the Special "
          "Judge tag too.\n"
          "3. Upload the data: `entrapment.zip` (written with `--zip`) holds exactly the files "
          "of `data/`, at its root, with no folders: " +
          std::to_string(tests.size()) +
          " tests (`NN.in` and `NN.out`), `checker.cpp`, an empty `interactive_lib.cpp` and "
          "`config.yml`.\n"
          "4. `config.yml` sets each test's limits, those of the official problem (" +
          format_time_limit(source.config.time_limit_s) + " s, " +
          std::to_string(source.config.memory_mib) +
          " MiB), and puts every test in subtask 1 with the score 100: all or nothing. What "
          "you set on the page afterwards wins.\n"
          "5. Offer `attachments/testing_tool.py` to contestants, the local testing tool the "
          "statement mentions.\n\n"
          "## What was adapted\n\n"
          "- `checker.cpp` is the interactor under testlib's interactor conventions "
          "(`checker INPUT OUTPUT [ANSWER [RESULT]]`: the test in INPUT, the contestant's "
          "output on stdin, the judge's lines on stdout; the verdict `ok` or `wrong answer` "
          "with the reason on stderr, exit 0 or 1; a broken test is `FAIL`, exit 3). It is one "
          "self-contained C++14 file, standard library only: it compiles with Luogu's `g++ "
          "-fno-asm -std=c++14 -O2` and needs no testlib.h, so the one Luogu adds changes "
          "nothing. It writes the game's log to OUTPUT, as testlib's interactors do.\n" +
          settings_section(
              {"Luogu",
               format_time_limit(source.config.time_limit_s) + " s and " +
                   std::to_string(source.config.memory_mib) +
                   " MiB per test (the official limits), from `config.yml` (`timeLimit` " +
                   std::to_string(time_ms) + ", `memoryLimit` " + std::to_string(memory_kib) +
                   "); the data page shows them after the upload and what is set there wins.",
               "Luogu compiles `checker.cpp` as `g++ -fno-asm -std=c++14 -O2` with its "
               "testlib.h (0.9.41) added with `-idirafter`, which the file does not need.",
               "all or nothing, as in the ICPC: every test is in subtask 1 (`subtaskId: 1`) "
               "with the score 100, and a subtask scores the least of its tests' scores. On "
               "the data page, check that the subtask is scored by its minimum (最小分值; "
               "luogu-dev/docs documents the keys `score` and `subtaskId`, not the choice of "
               "scoring) and that the problem's total is 100: a wrong program must score 0.",
               "the statement's samples (the fields of `statement.md`) and "
               "`attachments/testing_tool.py` if you offer it; Luogu lets a user download the "
               "input and output of the first test their submission fails unless data "
               "downloads are turned off (see below)."}),
      notes);
  return result;
}

}  // namespace entrapment
