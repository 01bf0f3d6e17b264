// Hydro (hydro-dev/Hydro): a problem import zip (ProblemModel.import in
// packages/hydrooj/src/model/problem.ts) holding problem.yaml at its root, the statement as
// problem_<lang>.md, testdata/ (config.yaml, the tests, the interactor) and additional_file/
// (files contestants may download).
//
// hydrojudge (packages/hydrojudge/src/judge/interactive.ts) starts the interactor as
// `interactor /w/in /w/tout /w/out` with the contestant's output on stdin, with twice the
// test's time and memory, and reads its verdict from stderr (testlib.ts): "ok " accepted,
// "wrong answer " and anything else, FAIL included, wrong answer. Those are testlib's
// conventions, so the interactor is the testlib transport. It picks the language from the file
// name: interactor.cc is "cc", C++14 on a default install.
//
// A default judge refuses a problem with more than 100 tests, a sum of time limits over 60 s
// (each test's limit times the language's rate, 2 for Java) or memory over 512 MB
// (packages/hydrojudge/src/cases.ts, config.ts). The official 5 s and 2048 MB over 43 tests
// are refused, so by default the export chooses limits that fit, and says so. No export can
// fit more than 100 tests without changing the problem: it writes them all, and since the
// judge's settings must change anyway, with the official limits (a share of 60 s would shrink
// with every test, to 0 ms past 600), and says first which settings the judge needs.
#include <fmt/format.h>

#include <cmath>

#include "format_skeleton.hpp"

namespace entrapment {

namespace {

// A default Hydro judge's limits (config.ts: testcases_max, total_time_limit, memoryMax).
constexpr std::size_t kHydroMaxCases = 100;
constexpr double kHydroTotalSeconds = 60;
constexpr long long kHydroMemoryMib = 256;  // Hydro's own default per test; its cap is 512

const TestLayout kTests = {"testdata/{number}.in", "testdata/{number}.out",
                           "testdata/tests-origin.txt"};

const MarkdownStatement kStatement = {
    "<!-- Written by judge export --format hydro from statement/statement.en.md. -->\n\n", "",
    "\n## Input\n\n", "\n## Interaction\n\n", "",
    // Hydro draws ```inputN / ```outputN blocks as its sample boxes.
    "\n```input{n}\n{input}```\n\n```output{n}\n{output}```\n", "\n## Notes\n\n"};

constexpr const char* kConfigHead =
    "# Written by judge export. One subtask of every test, scored as the minimum: accepted on\n"
    "# all of them or nothing, as in the ICPC.\n"
    "type: interactive\n"
    "interactor: interactor.cc\n"
    "time: {time}\n"
    "memory: {memory_mib}m\n";
constexpr const char* kConfigSameTimeForJava =
    "# Java and Kotlin run with twice the time by default; here with the same, so that the\n"
    "# sum of the limits stays within a default judge's total_time_limit (60 s).\n"
    "time_limit_rate:\n"
    "  java: 1\n"
    "  kt.jvm: 1\n";
constexpr const char* kConfigSubtask =
    "subtasks:\n"
    "  - score: 100\n"
    "    type: min\n"
    "    cases:\n";
constexpr const char* kConfigCase =
    "      - input: {number}.in\n"
    "        output: {number}.out\n";

constexpr const char* kProblemYaml =
    "# Written by judge export --format hydro.\n"
    "pid: {pid}\n"
    "title: {title}\n"
    "tag:\n"
    "  - interactive\n";

// What a judge must allow for the official limits (isValidConfig() in hydrojudge's cases.ts):
// the sum of every case's time, each times its language's rate (2 for Java and Kotlin on a
// default install), and the largest case's memory.
constexpr const char* kOfficialSettings =
    "in the judge's settings total_time_limit at least {total_s} ({java_total_s} for Java and "
    "Kotlin, whose time counts twice) and memoryMax at least {official_mib}m; Hydro takes at "
    "most 100 test cases (testcases_max; {tests} here) and 100 files of test data ({files} here)";
constexpr const char* kOfficialNote =
    "The official limits are kept ({official_s} s and {official_mib} MB per test, "
    "--official-limits): a default Hydro judge refuses them (at most 60 s of time limits in all, "
    "\"Total time limit longer than 60s\"); set {settings}.";
constexpr const char* kChosenDifference =
    "the limits are not the official ones: {time_s} s and {memory_mib} MB per test instead of "
    "{official_s} s and {official_mib} MB (problem.yaml). Limits chosen to fit a default Hydro "
    "judge, which refuses more than 60 s of time limits in all ({tests} tests); Java and Kotlin "
    "get the same time (time_limit_rate 1 instead of 2).{solution_times} To keep the official "
    "limits: judge export --format hydro --official-limits, then {settings}.";
// More tests than a default judge takes (testcases_max): it refuses the problem at each judging
// (isValidConfig() in hydrojudge's cases.ts).
constexpr const char* kTooManyCases =
    "{tests} tests, and a default Hydro judge takes at most {max} (\"Too many testcases. "
    "Cancelled.\" at every judging): every test is exported, none dropped, with the official "
    "limits ({official_s} s and {official_mib} MB per test) since the judge's settings must "
    "change anyway. Set testcases_max at least {tests}; also {settings}.";

constexpr const char* kReadmeBody =
    "## Where it goes\n\n"
    "Import `{package}.zip` (written with `--zip`: `problem.yaml` at its root) in Hydro under "
    "Problem set, Import problem (or `hydrooj cli problem import DOMAIN {package}.zip`). It "
    "creates the problem with its statement (`problem_en.md`), its test data (`testdata/`: "
    "`config.yaml`, {tests} tests, `interactor.cc`) and `additional_file/testing_tool.py` for "
    "contestants. To update only the data of an existing problem, upload the files of "
    "`testdata/` in its Files tab.\n\n"
    "## What was adapted\n\n"
    "- `testdata/interactor.cc` is the interactor under testlib's conventions, which are "
    "Hydro's: `interactor /w/in /w/tout /w/out`, the contestant's output on stdin, the judge's "
    "lines on stdout, the verdict on stderr (`ok ...` accepted, `wrong answer ...`), the game's "
    "log in `tout`. One self-contained C++14 file, standard library only: Hydro compiles `.cc` "
    "as C++14 by default and adds its testlib.h, which it does not need.\n"
    "- `testdata/config.yaml`: `type: interactive`, the interactor, the limits and one subtask "
    "of every test scored as the minimum (accepted on all or nothing).\n";

constexpr const char* kLimits =
    "`{time}` and {memory_mib} MB per test, from `testdata/config.yaml` (`time`, `memory`), "
    "which Hydro reads at each judging; the interactor gets twice both. {which}";

}  // namespace

FormatResult write_hydro(const SourcePackage& source, PackageWriter& out,
                         const ExportOptions& options, std::vector<std::string>& notes) {
  FormatSkeleton hydro{source,
                       "hydro",
                       kTests,
                       {{"testdata/interactor.cc", source.interactor_testlib}},
                       "additional_file"};
  const bool too_many_tests = hydro.numbered.size() > kHydroMaxCases;
  const bool official_limits = options.official_limits || too_many_tests;
  const double official_s = source.config.time_limit_s;
  const long long official_mib = source.config.memory_mib;
  // The largest limit in tenths of a second that keeps the sum within the judge's total.
  double time_s = official_s;
  long long memory_mib = official_mib;
  if (!official_limits) {
    time_s = std::min(official_s, std::floor(kHydroTotalSeconds * 10 / hydro.numbered.size()) / 10);
    memory_mib = std::min(official_mib, kHydroMemoryMib);
  }
  // In milliseconds: Hydro parses "1.3s" through a float, "1300ms" exactly.
  const std::string time_text = std::to_string(std::llround(time_s * 1000)) + "ms";

  std::string config =
      fmt::format(kConfigHead, fmt::arg("time", time_text), fmt::arg("memory_mib", memory_mib));
  if (!official_limits) config += kConfigSameTimeForJava;
  config += kConfigSubtask;
  for (const NumberedTest& test : hydro.numbered)
    config += fmt::format(kConfigCase, fmt::arg("number", test.number));

  const long long official_total_s =
      static_cast<long long>(std::ceil(official_s * static_cast<double>(hydro.numbered.size())));
  const std::size_t data_files =
      2 * hydro.numbered.size() + 3;  // .in/.out, config, interactor, origin
  const std::string official_settings = fmt::format(
      kOfficialSettings, fmt::arg("total_s", official_total_s),
      fmt::arg("java_total_s", 2 * official_total_s), fmt::arg("official_mib", official_mib),
      fmt::arg("tests", hydro.numbered.size()), fmt::arg("files", data_files));
  const std::string limits_note =
      official_limits
          ? fmt::format(kOfficialNote, fmt::arg("official_s", format_time_limit(official_s)),
                        fmt::arg("official_mib", official_mib),
                        fmt::arg("settings", official_settings))
          : fmt::format(kChosenDifference, fmt::arg("time_s", format_time_limit(time_s)),
                        fmt::arg("memory_mib", memory_mib),
                        fmt::arg("official_s", format_time_limit(official_s)),
                        fmt::arg("official_mib", official_mib),
                        fmt::arg("tests", hydro.numbered.size()),
                        fmt::arg("solution_times", source.phrases.solution_times.empty()
                                                       ? ""
                                                       : " " + source.phrases.solution_times),
                        fmt::arg("settings", official_settings));

  hydro.files = {{"testdata/config.yaml", config},
                 {"problem_en.md", markdown_statement(source, kStatement)},
                 {"problem.yaml", fmt::format(kProblemYaml, fmt::arg("pid", source.short_name),
                                              fmt::arg("title", source.config.name))}};
  // What a default judge refuses whatever the limits comes first.
  if (too_many_tests)
    hydro.result.differences.push_back(fmt::format(
        kTooManyCases, fmt::arg("tests", hydro.numbered.size()), fmt::arg("max", kHydroMaxCases),
        fmt::arg("official_s", format_time_limit(official_s)),
        fmt::arg("official_mib", official_mib), fmt::arg("settings", official_settings)));
  // (With more tests than a default judge takes, the warning above says it all.)
  if (options.official_limits)
    hydro.notes.push_back(limits_note);
  else if (!too_many_tests)
    hydro.result.differences.push_back(limits_note);
  hydro.notes.push_back(
      "hydrojudge reads the interactor's FAIL (a broken test, the judge failing) as a wrong "
      "answer: Hydro has no verdict for a failed interactor. The message starts with FAIL.");
  hydro.solutions_left_out =
      "Hydro's importer would judge each file as a submission under the language its extension "
      "names, which does not match Hydro's language ids";
  hydro.readme = {
      "Hydro problem",
      "",
      fmt::format(kReadmeBody, fmt::arg("package", source.short_name),
                  fmt::arg("tests", hydro.numbered.size())),
      {"Hydro",
       fmt::format(
           kLimits, fmt::arg("time", time_text), fmt::arg("memory_mib", memory_mib),
           fmt::arg("which", official_limits ? "The official limits: " + official_settings + "."
                                             : std::string("Not the official limits: see the "
                                                           "warning at the top."))),
       "Hydro compiles `testdata/interactor.cc` by its extension as language `cc`, C++14 on a "
       "default install (`g++ -Wall -std=c++14 -O2 ... -lm`), with its testlib.h beside it, "
       "which the file does not need; any C++14 or newer language id works.",
       "all or nothing: one subtask of every test, `type: min`, worth 100.",
       "`additional_file/testing_tool.py`; the statement's samples. Hydro shows no test file to "
       "contestants."}};
  return write_format(source, out, hydro, notes);
}

}  // namespace entrapment
