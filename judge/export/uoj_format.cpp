// UOJ (uoj.ac = vfleaking/uoj; the community edition UniversalOJ/UOJ-System; QOJ is derived
// from it): a data zip with problem.conf at its root (a single folder is also unpacked), read by
// the builtin judger with interaction_mode on. Tests are <input_pre>N.<input_suf> and
// <output_pre>N.<output_suf>, N from 1, both files required. The interactor is compiled from
// interactor<suffix>: the suffix picks the language (UOJLang::$suffix_map, run/compile.cpp):
// on uoj.ac interactor.cpp is C++03 (g++-10 -std=c++03) and interactor14.cpp C++14, tried
// first; the community edition compiles interactor.cpp alone with plain `g++ -O2` (GCC 9 on
// Ubuntu 20.04: gnu++14). So both files are shipped, the same C++14 source.
//
// The package: data/ (exactly the zip's files; `--zip` puts them at the archive's root),
// statement.md and the README.
#include <fmt/format.h>

#include "format_skeleton.hpp"

namespace entrapment {

namespace {

// <input_pre>N.<input_suf> and <output_pre>N.<output_suf>, N from 1 (problem.conf below).
const TestLayout kTests = {"data/{package}{number}.in",
                           "data/{package}{number}.out",
                           "tests-origin.txt",
                           "{number}",
                           1,
                           false};

const MarkdownStatement kStatement = {
    "<!-- Written by judge export --format uoj from statement/statement.en.md. -->\n\n",
    "",
    "\n### Input\n\n",
    "\n### Interaction\n\n",
    "",
    "\n### Sample {n}\n\nInput (what your program reads):\n\n```\n{input}```\n\n"
    "Output (what it prints):\n\n```\n{output}```\n",
    "\n### Notes\n\n"};

constexpr const char* kProblemConf =
    "use_builtin_judger on\n"
    "interaction_mode on\n"
    "n_tests {tests}\n"
    "n_ex_tests 0\n"
    "n_sample_tests 0\n"
    "input_pre {prefix}\n"
    "input_suf in\n"
    "output_pre {prefix}\n"
    "output_suf out\n"
    "time_limit {time_s}\n"
    "memory_limit {memory_mib}\n"
    "output_limit 64\n"
    "interactor_time_limit 2\n"
    "interactor_memory_limit 256\n"
    "n_subtasks 1\n"
    "subtask_end_1 {tests}\n"
    "subtask_score_1 100\n";

constexpr const char* kReadmeIntro =
    " For uoj.ac (vfleaking/uoj), the community edition (UniversalOJ/UOJ-System) and the judges "
    "derived from UOJ, such as QOJ.";

constexpr const char* kReadmeBody =
    "## Where it goes\n\n"
    "1. Create the problem and paste `statement.md` into its statement (Markdown).\n"
    "2. In the problem's Data tab (manage/data), upload `{package}.zip` (written with `--zip`: "
    "exactly the files of `data/`, at its root) and synchronise the data. UOJ compiles the "
    "interactor then.\n"
    "3. `data/download/testing_tool.py` is what uoj.ac offers contestants for download with the "
    "problem (download.zip): the local testing tool the statement mentions.\n\n"
    "## What was adapted\n\n"
    "- `problem.conf`: the builtin judger in interaction mode, {tests} tests, the official limits "
    "({time_s} s, {memory_mib} MB), and the interactor's own limits (2 s, 256 MB; it needs "
    "milliseconds and a few MB).\n"
    "- The interactor reads the contestant from its second argument, which UOJ makes "
    "`/dev/stdin` (`interactor INPUT /dev/stdin ANSWER`), writes no file (UOJ's sandbox stops an "
    "interactor that writes anywhere but /dev/null) and reports on stderr, whose first word UOJ "
    "reads: `ok` (full points) or `wrong answer` (none); a broken test is `FAIL`, also none. It "
    "is one self-contained C++14 file, standard library only, shipped twice: `interactor14.cpp`, "
    "which uoj.ac compiles as C++14 (plain `interactor.cpp` is C++03 there), and "
    "`interactor.cpp`, the only name the community edition reads (compiled with its GCC's "
    "default, gnu++14).\n";

}  // namespace

FormatResult write_uoj(const SourcePackage& source, PackageWriter& out, const ExportOptions&,
                       std::vector<std::string>& notes) {
  FormatSkeleton uoj{source,
                     "uoj",
                     kTests,
                     {{"data/interactor14.cpp", source.interactor_uoj},
                      {"data/interactor.cpp", source.interactor_uoj}},
                     "data/download"};

  // interactor.cpp is C++03 on uoj.ac and the only name the community edition reads.
  uoj.files = {
      {"data/problem.conf",
       fmt::format(kProblemConf, fmt::arg("tests", uoj.numbered.size()),
                   fmt::arg("prefix", source.short_name), fmt::arg("time_s", uoj.limits.time_s),
                   fmt::arg("memory_mib", uoj.limits.memory_mib))},
      {"statement.md", markdown_statement(source, kStatement)}};
  uoj.notes = {
      fmt::format(
          "The tests are {prefix}1.in to {prefix}{tests}.in (samples first; tests-origin.txt "
          "names them), with {answer} in the .out files, which UOJ requires and the "
          "interactor does not need. No extra or sample tests (n_ex_tests 0): UOJ offers sample "
          "tests' files for download, and a test file holds the judge's lines; the statement "
          "shows the samples.",
          fmt::arg("prefix", source.short_name), fmt::arg("tests", uoj.numbered.size()),
          fmt::arg("answer", source.phrases.answer)),
      "One subtask of every test worth 100 points: accepted on all of them or nothing, as in "
      "the ICPC."};
  uoj.solutions_left_out = "UOJ's data holds only tests and the judge's programs";
  uoj.readme = {
      "UOJ problem data",
      kReadmeIntro,
      fmt::format(kReadmeBody, fmt::arg("package", source.short_name),
                  fmt::arg("tests", uoj.numbered.size()), fmt::arg("time_s", uoj.limits.time_s),
                  fmt::arg("memory_mib", uoj.limits.memory_mib)),
      {"UOJ",
       fmt::format("{time_s} s and {memory_mib} MB per test, the official limits, from "
                   "`problem.conf` (`time_limit`, `memory_limit`), which UOJ reads when the data "
                   "is synchronised; the interactor's own: `interactor_time_limit 2`, "
                   "`interactor_memory_limit 256`.",
                   fmt::arg("time_s", uoj.limits.time_s),
                   fmt::arg("memory_mib", uoj.limits.memory_mib)),
       "uoj.ac compiles `interactor14.cpp` as C++14 (run/compile picks the standard from the "
       "name); the community edition compiles `interactor.cpp` as `g++ -O2 -DONLINE_JUDGE` (no "
       "-std: gnu++14 on its Ubuntu 20.04); both beside UOJ's testlib.h, which the file does not "
       "need.",
       "all or nothing: one subtask of every test (`n_subtasks 1`, `subtask_score_1 100`), which "
       "stops at its first failed test.",
       "`data/download/` (the testing tool) as the problem's download.zip on uoj.ac; no test file "
       "(no sample or extra tests)."}};
  uoj.result.zip_root = "data";
  return write_format(source, out, uoj, notes);
}

}  // namespace entrapment
