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
#include <fmt/format.h>

#include "format_skeleton.hpp"

namespace entrapment {

namespace {

// Lyrio's own defaults (config-example.yaml, resourceLimit), which refuse the official problem
// unless an admin raises them.
constexpr long long kLyrioTimeLimitMs = 2000;
constexpr long long kLyrioMemoryMib = 512;
constexpr std::size_t kLyrioTestcases = 20;
constexpr std::size_t kLyrioTestdataFiles = 40;

// Interaction problems have no answer files in Lyrio.
const TestLayout kTests = {"testdata/{number}.in", "", "tests-origin.txt", "{number}.in"};

// One section per field of LibreOJ's problem editor.
const MarkdownStatement kStatement = {
    "<!-- Written by judge export --format libreoj from statement/statement.en.md: one section "
    "per field of LibreOJ's problem editor. -->\n\n",
    "## Description\n\n",
    "\n## Input Format\n\n",
    "\n## Output Format\n\n",
    "",
    "\n## Sample {n}\n\nInput (what the program reads):\n\n```\n{input}```\n\n"
    "Output (what it prints):\n\n```\n{output}```\n",
    "\n## Limits And Hints\n\n"};

// All or nothing, as in the ICPC: one subtask of every test, scored GroupMin. runSamples off:
// Lyrio would play the statement's samples, whose input is the board alone, before the tests;
// the samples are the first tests instead. The interactor's own time limit is the test's
// (Lyrio gives it at least that); its memory is small.
constexpr const char* kJudgeInfo = R"({{
  "timeLimit": {time_ms},
  "memoryLimit": {memory_mib},
  "runSamples": false,
  "subtasks": [
    {{
      "scoringType": "GroupMin",
      "points": 100,
      "testcases": [
{testcases}
      ]
    }}
  ],
  "interactor": {{
    "interface": "stdio",
    "language": "cpp",
    "compileAndRunOptions": {{ "compiler": "g++", "std": "c++14", "O": "2", "m": "64" }},
    "filename": "interactor.cpp",
    "memoryLimit": 256
  }}
}}
)";
constexpr const char* kTestcase = R"(        {{ "inputFile": "{number}.in" }})";

constexpr const char* kReadmeBody =
    "## Where it goes\n\n"
    "1. Create the problem with the type Interaction and fill its statement from `statement.md` "
    "(one section per field).\n"
    "2. Upload the test data: every file of `testdata/` ({tests} tests and `interactor.cpp`) in "
    "the problem's Files page, as test data, file by file: Lyrio imports no zip "
    "(`{package}.zip`, written with `--zip`, only carries them, at its root).\n"
    "3. Judge settings: paste `judgeInfo.json` (the interaction type's judgeInfo, every field "
    "filled: limits, one subtask of every test, the interactor) and save; Lyrio checks it "
    "against the uploaded files.\n"
    "4. Add `attachments/testing_tool.py` as an additional file, the local testing tool the "
    "statement mentions.\n\n"
    "## What was adapted\n\n"
    "- `testdata/interactor.cpp` is the interactor under testlib's conventions, which are "
    "Lyrio's: it runs as `interactor INPUT /dev/null` (its log goes nowhere), the contestant's "
    "output on stdin, the judge's lines on stdout, the verdict on stderr (`ok ...` 100 points, "
    "`wrong answer ...` 0; a broken test is `FAIL`, which Lyrio shows as a judgement failure). "
    "One self-contained C++14 file, standard library only.\n";

constexpr const char* kLimits =
    "{time_s} s ({time_ms} ms) and {memory_mib} MiB, the official limits, from `judgeInfo.json` "
    "(`timeLimit`, `memoryLimit`); the interactor gets at least the test's time and 256 MiB. "
    "Lyrio refuses judge settings beyond the site's resource limits: its example "
    "configuration's ({lyrio_ms} ms, {lyrio_mib} MiB, {lyrio_tests} test cases, {lyrio_files} "
    "test data files) are too small: raise `resourceLimit` in the server's config to at least "
    "`problemTimeLimit: {time_ms}`, `problemMemoryLimit: {memory_mib}`, `problemTestcases: "
    "{tests}` and `problemTestdataFiles: {files}`, or save the judge settings as a user whom "
    "the limits do not bind.";

}  // namespace

FormatResult write_libreoj(const SourcePackage& source, PackageWriter& out, const ExportOptions&,
                           std::vector<std::string>& notes) {
  FormatSkeleton libreoj{source,
                         "libreoj",
                         kTests,
                         {{"testdata/interactor.cpp", source.interactor_testlib}},
                         "attachments"};
  std::vector<std::string> testcases;
  for (const NumberedTest& test : libreoj.numbered)
    testcases.push_back(fmt::format(kTestcase, fmt::arg("number", test.number)));
  const int width = width_for(libreoj.numbered.size());

  libreoj.files = {
      {"judgeInfo.json", fmt::format(kJudgeInfo, fmt::arg("time_ms", libreoj.limits.time_ms),
                                     fmt::arg("memory_mib", libreoj.limits.memory_mib),
                                     fmt::arg("testcases", fmt::join(testcases, ",\n")))},
      {"statement.md", markdown_statement(source, kStatement)}};
  libreoj.notes = {fmt::format(
      "The tests are {}.in to {}.in (samples first; tests-origin.txt names them), each the whole "
      "test file ({test_parts}), which only the interactor reads. "
      "Interaction problems have no answer files in Lyrio.",
      padded(1, width), padded(libreoj.numbered.size(), width),
      fmt::arg("test_parts", source.phrases.test_parts))};
  libreoj.solutions_left_out = "LibreOJ keeps only test data and the judge settings";
  libreoj.readme = {
      "LibreOJ (Lyrio) problem",
      "",
      fmt::format(kReadmeBody, fmt::arg("package", source.short_name),
                  fmt::arg("tests", libreoj.numbered.size())),
      {"LibreOJ",
       fmt::format(kLimits, fmt::arg("time_s", libreoj.limits.time_s),
                   fmt::arg("time_ms", libreoj.limits.time_ms),
                   fmt::arg("memory_mib", libreoj.limits.memory_mib),
                   fmt::arg("lyrio_ms", kLyrioTimeLimitMs), fmt::arg("lyrio_mib", kLyrioMemoryMib),
                   fmt::arg("lyrio_tests", kLyrioTestcases),
                   fmt::arg("lyrio_files", kLyrioTestdataFiles),
                   fmt::arg("tests", libreoj.numbered.size()),
                   fmt::arg("files", libreoj.numbered.size() + 1)),
       "Lyrio compiles the interactor from `compileAndRunOptions` (g++, c++14, -O2, -m64), the "
       "source saved as `main.cpp`: `g++ -o a.out -std=c++14 -O2 -fdiagnostics-color=always "
       "-DONLINE_JUDGE -Wall -Wextra -Wno-unused-result -m64 -march=native main.cpp` "
       "(lyrio-dev/judge, src/languages/cpp.ts), no warning.",
       "all or nothing: one subtask of every test, `scoringType: GroupMin`, worth 100.",
       "the statement's samples and the additional file `testing_tool.py`; no test file: the "
       "test data holds the judge's lines, so check that it is not made visible to "
       "contestants."}};
  libreoj.result.zip_root = "testdata";
  return write_format(source, out, libreoj, notes);
}

}  // namespace entrapment
