// CMS (cms-dev/cms): a task directory in the italy_yaml layout (cmscontrib/loaders/italy_yaml.py),
// imported with `cmsImportTask -L italy_yaml DIR`. An IO-interactive problem is a Communication
// task: with a compiled check/manager the loader makes the task type
// Communication [1, "alone", "std_io"] (one contestant process, its stdin and stdout on FIFOs to
// the manager). Without it, the loader would make a Batch task and hand contestants the whole
// test file, as its Polygon loader does with any interactor.
//
//   task.yaml              name, title, limits, n_input, the score type
//   statement/statement.pdf  the statement (the loader needs a PDF)
//   input/inputN.txt, output/outputN.txt  N from 0: the test file, and the winning side
//   check/manager          the manager, compiled (cms_manager, static); check/manager.cpp its
//                          source, the single file it was compiled from
//   sol/                   the accepted solutions (the loader needs the directory)
//   att/                   attachments for contestants: the testing tool
#include <fmt/format.h>

#include "format_skeleton.hpp"
#include "pdf_writer.hpp"

namespace entrapment {

namespace {

const TestLayout kTests = {"input/input{number}.txt",
                           "output/output{number}.txt",
                           "tests-origin.txt",
                           "{number}",
                           0,
                           false};

constexpr const char* kTaskYaml =
    "# Written by judge export --format cms (cmscontrib/loaders/italy_yaml.py reads it).\n"
    "name: {name}\n"
    "title: {title}\n"
    "primary_language: en\n"
    "time_limit: {time_s}\n"
    "memory_limit: {memory_mib}\n"
    "n_input: {tests}\n"
    "# One group of every test, scored as its minimum: 100 when all are passed, as in the\n"
    "# ICPC; 0 otherwise.\n"
    "score_type: GroupMin\n"
    "score_type_parameters: [[100, {tests}]]\n"
    "token_mode: disabled\n"
    "{public}";

constexpr const char* kReadmeBody =
    "## Where it goes\n\n"
    "This directory is the task: `cmsImportTask -L italy_yaml {package}` imports it (from "
    "`{package}.zip`, written with `--zip`, unpack it first: `unzip -d {package} "
    "{package}.zip`; the task's files are at the archive's root). Then add the task to a "
    "contest. The contestants' testing tool is an attachment (`att/`). The import logs "
    "`Stub for language ... not found.` once for every language CMS knows: expected, the "
    "contestant's program talks to the manager on its own stdin and stdout, and a `sol/stub.*` "
    "would make it another task (the program compiled with the stub, over FIFOs).\n\n"
    "## What was adapted\n\n"
    "- A Communication task (one process, stdin and stdout): `check/manager` is the interactor "
    "as CMS runs a manager, `manager FROM_USER TO_USER < input.txt`. It opens the FIFO to the "
    "contestant first and then the one from it (the order in which CMS's sandbox opens the "
    "contestant's stdin and stdout), prints the outcome on stdout (1.0 accepted, 0.0 not), "
    "CMS's stock message on stderr (`translate:success` or `translate:wrong`) and the judge's "
    "reason on an `ADMIN_MESSAGE:` line for the admins, and exits 0; it exits 1 only when the "
    "judge itself fails (a broken test), which CMS reports as a failed evaluation. When the "
    "contestant crashes or runs out of time, CMS scores the test 0 itself.\n"
    "- `task.yaml`: the official limits ({time_s} s, {memory_mib} MiB), {tests} tests (the "
    "samples first, public), scored GroupMin over all of them: 100 or 0, as in the ICPC.\n"
    "- `input/inputN.txt` is the whole test file ({test_parts}), which only "
    "the manager reads; `output/outputN.txt` {answer}, which the loader requires and "
    "the manager does not need.\n";

}  // namespace

FormatResult write_cms(const SourcePackage& source, PackageWriter& out, const ExportOptions&,
                       std::vector<std::string>& notes) {
  FormatSkeleton cms{
      source,
      "cms",
      kTests,
      {{"check/manager", source.cms_manager_binary}, {"check/manager.cpp", source.cms_manager}},
      "att"};
  std::vector<std::size_t> public_tests;  // the samples, numbered from 0 as the tests are
  for (std::size_t i = 0; i < source.group("sample").size(); ++i) public_tests.push_back(i);

  for (const SourceSubmission& submission : source.submissions)
    if (submission.verdict == "accepted" && !std::filesystem::is_directory(submission.path))
      cms.copies.push_back({"sol/" + submission.name(), submission.path});
  cms.result.submissions = cms.copies.size() - 2;
  cms.files = {
      {"task.yaml",
       fmt::format(
           kTaskYaml, fmt::arg("name", source.short_name), fmt::arg("title", source.config.name),
           fmt::arg("time_s", cms.limits.time_s), fmt::arg("memory_mib", cms.limits.memory_mib),
           fmt::arg("tests", cms.numbered.size()),
           fmt::arg("public", public_tests.empty() ? ""
                                                   : fmt::format("public_testcases: \"{}\"\n",
                                                                 fmt::join(public_tests, ","))))},
      {"statement/statement.pdf", statement_pdf(source)}};
  if (cms.result.submissions == 0)  // the loader needs the directory
    cms.files.push_back({"sol/README.md", "The accepted solutions go here.\n"});
  cms.notes = {
      "check/manager is compiled (CMS imports a compiled manager): the single file "
      "check/manager.cpp, by `g++ -std=c++14 -O2 -static`, so that it needs no library of the "
      "machine CMS runs it on. Rebuild it there with the same command if you prefer.",
      "statement/statement.pdf is the statement as plain text (the loader takes only a PDF); "
      "for a typeset one, make a PDF of the legacy export's LaTeX (problemtools' problem2pdf) "
      "and put it in its place.",
      "Only the accepted solutions are exported, to sol/: CMS has no place for the others; "
      "submit them yourself to check."};
  cms.readme = {
      "CMS task (italy_yaml)",
      "",
      fmt::format(kReadmeBody, fmt::arg("package", source.short_name),
                  fmt::arg("test_parts", source.phrases.test_parts),
                  fmt::arg("answer", source.phrases.answer), fmt::arg("time_s", cms.limits.time_s),
                  fmt::arg("memory_mib", cms.limits.memory_mib),
                  fmt::arg("tests", cms.numbered.size())),
      {"CMS",
       fmt::format("{} s and {} MiB, the official limits, from `task.yaml` (`time_limit`, "
                   "`memory_limit`), which the loader imports into the task's dataset; check "
                   "them on the dataset's page.",
                   cms.limits.time_s, cms.limits.memory_mib),
       "none in CMS: it runs the compiled `check/manager` it imports, built from "
       "`check/manager.cpp` with `g++ -std=c++14 -O2 -static`; rebuild it with that command if "
       "CMS runs on another kind of machine.",
       fmt::format("all or nothing: `GroupMin` over one group of all {} tests worth 100.",
                   cms.numbered.size()),
       "the statement PDF and the attachment `att/testing_tool.py`; the samples are public test "
       "cases, whose outcome contestants see (not their files)."}};
  return write_format(source, out, cms, notes);
}

}  // namespace entrapment
