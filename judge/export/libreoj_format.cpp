// LibreOJ (Lyrio: lyrio-dev/lyrio, the server; lyrio-dev/judge, the judge). An interaction
// problem is its test data (the files the admin uploads in the problem's Files page) and its
// judgeInfo, the JSON the judge settings hold (ProblemJudgeInfoInteraction, validated by
// src/problem-type/types/interaction/problem-type.service.ts): the time and memory limits (ms,
// MiB), runSamples, subtasks of testcases ({inputFile}) with a scoringType, and the interactor
// ({interface: "stdio", language: "cpp", compileAndRunOptions: {compiler, std, O, m},
// filename}). The judge (src/task/submission/interaction/index.ts) starts the interactor as
// `interactor INPUT /dev/null` with the contestant's output on stdin and its own stdout to the
// contestant, and reads its stderr as testlib's message (src/checkers/index.ts,
// parseTestlibMessage: "ok" 100, "wrong answer" 0, "FAIL" judgement failed); its exit code is
// not read. Those are testlib's conventions, so the interactor is the testlib transport, which
// takes OUTPUT=/dev/null for its log.
//
// The package: testdata/ (the tests and interactor.cpp: exactly what is uploaded; `--zip` puts
// them at the archive's root), judgeInfo.json, statement.md, attachments/ and the README.
#include "formats.hpp"

namespace entrapment {

namespace {

// Lyrio's own defaults (config-example.yaml, resourceLimit), which refuse the official problem
// unless an admin raises them.
constexpr long long kLyrioTimeLimitMs = 2000;
constexpr long long kLyrioMemoryMib = 512;
constexpr std::size_t kLyrioTestcases = 20;
constexpr std::size_t kLyrioTestdataFiles = 40;

std::string libreoj_statement(const SourcePackage& source) {
  std::string md =
      "<!-- Written by judge export --format libreoj from statement/statement.en.md: one section "
      "per field of LibreOJ's problem editor. -->\n\n";
  md += "## Description\n\n" + section_markdown(source, "Legend");
  md += "\n## Input Format\n\n" + section_markdown(source, "Input");
  md += "\n## Output Format\n\n" + section_markdown(source, "Output") +
        section_markdown(source, "Interaction");
  const std::vector<PolygonExample> examples = sample_examples(source);
  for (std::size_t i = 0; i < examples.size(); ++i) {
    const std::string n = std::to_string(i + 1);
    md += "\n## Sample " + n + "\n\nInput (what the program reads):\n\n```\n" + examples[i].input +
          "```\n\nOutput (what it prints):\n\n```\n" + examples[i].output + "```\n";
  }
  md += "\n## Limits And Hints\n\n" + section_markdown(source, "Notes");
  const std::string exchange = examples_exchange_markdown(source);
  if (!exchange.empty()) md += "\n" + exchange;
  return md;
}

}  // namespace

FormatResult write_libreoj(const SourcePackage& source, PackageWriter& out,
                           std::vector<std::string>& notes) {
  const std::vector<const SourceTest*> tests = judged_tests(source);
  const int width = width_for(tests.size());
  const long long time_ms = static_cast<long long>(source.config.time_limit_s * 1000 + 0.5);
  const long long memory_mib = source.config.memory_mib;
  std::string testcases, origin;
  for (std::size_t i = 0; i < tests.size(); ++i) {
    const std::string name = padded(i + 1, width) + ".in";
    out.copy("testdata/" + name, tests[i]->files.at(".in"));
    testcases += std::string(i == 0 ? "" : ",\n") + "        { \"inputFile\": \"" + name + "\" }";
    origin += name + " " + tests[i]->group + "/" + tests[i]->name + "\n";
  }
  out.copy("testdata/interactor.cpp", source.interactor_testlib);
  // All or nothing, as in the ICPC: one subtask of every test, scored GroupMin. runSamples off:
  // Lyrio would play the statement's samples, whose input is the board alone, before the tests;
  // the samples are the first tests instead. The interactor's own time limit is the test's
  // (Lyrio gives it at least that); its memory is small.
  const std::string judge_info =
      "{\n  \"timeLimit\": " + std::to_string(time_ms) +
      ",\n  \"memoryLimit\": " + std::to_string(memory_mib) +
      ",\n  \"runSamples\": false,\n  \"subtasks\": [\n    {\n      \"scoringType\": "
      "\"GroupMin\",\n      \"points\": 100,\n      \"testcases\": [\n" +
      testcases +
      "\n      ]\n    }\n  ],\n  \"interactor\": {\n    \"interface\": \"stdio\",\n"
      "    \"language\": \"cpp\",\n    \"compileAndRunOptions\": { \"compiler\": \"g++\", "
      "\"std\": \"c++14\", \"O\": \"2\", \"m\": \"64\" },\n    \"filename\": "
      "\"interactor.cpp\",\n    \"memoryLimit\": 256\n  }\n}\n";
  out.write("judgeInfo.json", judge_info);
  out.write("tests-origin.txt", origin);
  out.write("statement.md", libreoj_statement(source));
  for (const auto& attachment : source.attachments)
    out.copy("attachments/" + attachment.filename().string(), attachment);

  notes.push_back("The tests are " + padded(1, width) + ".in to " + padded(tests.size(), width) +
                  ".in (samples first; tests-origin.txt names them), each the whole test file "
                  "(the board, then the judge's lines), which only the interactor reads. "
                  "Interaction problems have no answer files in Lyrio.");
  if (!source.submissions.empty())
    notes.push_back(
        "solutions/ is not exported: LibreOJ keeps only test data and the judge settings; "
        "submit the reference solutions yourself to check.");

  const std::size_t files = tests.size() + 1;
  FormatResult result;
  result.zip_root = "testdata";
  write_package_readme(
      out,
      "# " + source.config.name +
          " — LibreOJ (Lyrio) problem\n\n"
          "Written by `judge export --format libreoj` from the Entrapment judging package; do "
          "not edit it here.\n\n"
          "## Where it goes\n\n"
          "1. Create the problem with the type Interaction and fill its statement from "
          "`statement.md` (one section per field).\n"
          "2. Upload the test data: every file of `testdata/` (" +
          std::to_string(tests.size()) +
          " tests and `interactor.cpp`) in the problem's Files page, as test data, file by file: "
          "Lyrio imports no zip (`entrapment.zip`, written with `--zip`, only carries them, at "
          "its root).\n"
          "3. Judge settings: paste `judgeInfo.json` (the interaction type's judgeInfo, every "
          "field filled: limits, one subtask of every test, the interactor) and save; Lyrio "
          "checks it against the uploaded files.\n"
          "4. Add `attachments/testing_tool.py` as an additional file, the local testing tool "
          "the statement mentions.\n\n"
          "## What was adapted\n\n"
          "- `testdata/interactor.cpp` is the interactor under testlib's conventions, which "
          "are Lyrio's: it runs as `interactor INPUT /dev/null` (its log goes nowhere), the "
          "contestant's output on stdin, the judge's lines on stdout, the verdict on stderr "
          "(`ok ...` 100 points, `wrong answer ...` 0; a broken test is `FAIL`, which Lyrio "
          "shows as a judgement failure). One self-contained C++14 file, standard library "
          "only.\n" +
          settings_section(
              {"LibreOJ",
               format_time_limit(source.config.time_limit_s) + " s (" + std::to_string(time_ms) +
                   " ms) and " + std::to_string(memory_mib) +
                   " MiB, the official limits, from `judgeInfo.json` (`timeLimit`, "
                   "`memoryLimit`); the interactor gets at least the test's time and 256 MiB. "
                   "Lyrio refuses judge settings beyond the site's resource limits: its "
                   "example configuration's (" +
                   std::to_string(kLyrioTimeLimitMs) + " ms, " + std::to_string(kLyrioMemoryMib) +
                   " MiB, " + std::to_string(kLyrioTestcases) + " test cases, " +
                   std::to_string(kLyrioTestdataFiles) +
                   " test data files) are too small: raise `resourceLimit` in the server's "
                   "config to at least `problemTimeLimit: " +
                   std::to_string(time_ms) +
                   "`, `problemMemoryLimit: " + std::to_string(memory_mib) +
                   "`, `problemTestcases: " + std::to_string(tests.size()) +
                   "` and `problemTestdataFiles: " + std::to_string(files) +
                   "`, or save the judge settings as a user whom "
                   "the limits do not bind.",
               "Lyrio compiles the interactor from `compileAndRunOptions` (g++, c++14, -O2, "
               "-m64), the source saved as `main.cpp`: `g++ -o a.out -std=c++14 -O2 "
               "-fdiagnostics-color=always -DONLINE_JUDGE -Wall -Wextra -Wno-unused-result "
               "-m64 -march=native main.cpp` (lyrio-dev/judge, src/languages/cpp.ts), no "
               "warning.",
               "all or nothing: one subtask of every test, `scoringType: GroupMin`, worth 100.",
               "the statement's samples and the additional file `testing_tool.py`; no test "
               "file: the test data holds the judge's lines, so check that it is not made "
               "visible to contestants."}),
      notes);
  return result;
}

}  // namespace entrapment
