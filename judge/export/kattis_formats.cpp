// The Kattis problem package formats: `legacy` (spec/legacy.md: problemtools, Kattis, DOMjudge)
// and `2025-09` (spec/2025-09.md: BAPCtools, DOMjudge). Both hold the same files in slightly
// different places; the differences are spelled out where they are made.
//
// Where the judge-only lines of a test go (a test file is the board, then the adversary the
// judge plays and its script; contestants must only ever see the board):
//   2025-09  .in is the whole test file, for the interactor; a sample's .in.download (what
//            contestants download) holds the board alone; every .ans is empty, as BAPCtools
//            wants for interactive problems (the interactor needs no answer).
//   legacy   there is no .download; a sample's .in holds the board alone and its .ans the
//            judge's lines, which only the interactor reads (parse_test_files()); the input
//            validator checks sample inputs with --board-only (data/sample/testdata.yaml).
//            Secret .in files stay whole: no one downloads them, and split ones would repeat
//            the same board, which problemtools reports as identical inputs.
#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "export.hpp"
#include "format_skeleton.hpp"
#include "output_directory.hpp"

namespace entrapment {

namespace {

// The layouts this file writes: three flavours of legacy (problemtools, a Kattis upload,
// DOMjudge) and 2025-09.
enum class Layout { Legacy, Kattis, DOMjudge, Kattis2025 };

// Where a test goes below data/: its group, except the exhaustive tier, which is a subgroup of
// secret in both formats (data/secret/exhaustive/...).
std::string data_path(const SourceTest& test) {
  if (test.group == "exhaustive") return "data/secret/exhaustive/" + test.name;
  return "data/" + test.group + "/" + test.name;
}

void write_illustration(const SourceTest& test, const std::string& base, PackageWriter& out) {
  for (const char* ext : {".png", ".jpg", ".jpeg", ".svg"})
    if (test.has(ext)) out.copy(base + ext, test.files.at(ext));
}

// DOMjudge's names for the verdict a directory expects, as @EXPECTED_RESULTS@ lists them.
const char* domjudge_result(const std::string& verdict) {
  if (verdict == "time_limit_exceeded") return "TIMELIMIT";
  if (verdict == "run_time_error") return "RUN-ERROR";
  if (verdict == "wrong_answer") return "WRONG-ANSWER";
  return "CORRECT";
}

// A submission expected to crash or run out of time: when it stops, the interactor reads the
// end of its output and exits with 43 at the same moment; DOMjudge follows the interactor when
// it exits first (the Kattis rule), so there the verdict is a race between the two.
bool stops_early(const SourceSubmission& submission) {
  return submission.verdict == "time_limit_exceeded" || submission.verdict == "run_time_error";
}

// The comment that starts a line in the submission's language.
std::string comment_start(const std::filesystem::path& file) {
  return file.extension() == ".py" ? "#" : "//";
}

// A submission whose first file (the one its author describes it in) starts with
// `@EXPECTED_RESULTS@: ...`, below `relative`.
void write_annotated(const SourceSubmission& submission, const std::string& relative,
                     const std::string& results, PackageWriter& out) {
  std::vector<std::filesystem::path> files;
  if (std::filesystem::is_directory(submission.path)) {
    for (const auto& entry : std::filesystem::directory_iterator(submission.path))
      if (entry.is_regular_file() && entry.path().filename().string()[0] != '.')
        files.push_back(entry.path());
    std::sort(files.begin(), files.end());
  } else {
    files.push_back(submission.path);
  }
  for (std::size_t i = 0; i < files.size(); ++i) {
    const std::string target = std::filesystem::is_directory(submission.path)
                                   ? relative + "/" + files[i].filename().string()
                                   : relative;
    if (i == 0)
      out.write(target, with_first_comment(
                            files[i], comment_start(files[i]) + " @EXPECTED_RESULTS@: " + results));
    else
      out.copy(target, files[i]);
  }
}

std::size_t write_submissions(const SourcePackage& source, PackageWriter& out, Layout format,
                              std::vector<std::string>& notes) {
  std::size_t written = 0;
  std::vector<std::string> mixed;
  for (const SourceSubmission& submission : source.submissions) {
    const bool legacy = format == Layout::Legacy || format == Layout::Kattis;
    if (legacy && fails_by_memory(submission)) {
      notes.push_back("solutions/run_time_error/" + submission.name() +
                      " is left out: it fails by exceeding the memory limit, and problemtools "
                      "runs interactive submissions without one, so its verdict there depends "
                      "on the machine (a time-out while it fills memory, or accepted when that "
                      "finishes within problemtools' doubled time limit). The domjudge and "
                      "2025-09 exports keep it.");
      continue;
    }
    if (format == Layout::DOMjudge && stops_early(submission)) {
      // runguard sets no address-space limit (the memory control group holds the program), so
      // one that fills memory may reach the time limit first: under DOMjudge's runguard,
      // memory_hog.cpp was stopped at 1.1 GB of its 2 GB by the hard time limit.
      const std::string results =
          fails_by_memory(submission)
              ? "RUN-ERROR, TIMELIMIT, WRONG-ANSWER"
              : std::string(domjudge_result(submission.verdict)) + ", WRONG-ANSWER";
      write_annotated(submission, "submissions/mixed/" + submission.name(), results, out);
      mixed.push_back(submission.verdict + "/" + submission.name() + " (" + results + ")");
    } else {
      out.copy_tree("submissions/" + submission.verdict + "/" + submission.name(), submission.path);
    }
    ++written;
  }
  if (!mixed.empty()) {
    std::string list;
    for (const std::string& m : mixed) list += (list.empty() ? "" : ", ") + m;
    notes.push_back(
        "submissions/mixed/ holds the submissions that crash or run out of time, each starting "
        "with an @EXPECTED_RESULTS@ line that also allows WRONG-ANSWER (and TIMELIMIT for "
        "one that fails by memory: runguard sets no address-space limit, and filling memory "
        "may outlast the time limit): " +
        list +
        ". When such a program stops, the interactor reads the end of its output and exits "
        "with 43; DOMjudge follows the interactor when it exits first, so there the verdict "
        "is a race. DOMjudge reads @EXPECTED_RESULTS@ only outside the four verdict "
        "directories (doc/manual/problem-format.rst), hence mixed/; problemtools does not "
        "run mixed/ (the legacy export keeps them in their directories for it). On import, "
        "DOMjudge shows one message per such file (\"Annotated result ... does not match "
        "directory for submissions/mixed/...\"): it compares the annotation with the "
        "directory's name and still keeps the annotation, as with its own example problems' "
        "mixed/ submissions.");
  }
  return written;
}

// What both layouts' skeletons hold besides the tests and submissions, which they write
// themselves (their places depend on the group and the verdict, not on a number).
// `format`: the --format name, which the README gives.
FormatSkeleton kattis_skeleton(const SourcePackage& source, const std::string& format,
                               const std::string& interactor) {
  return {source,
          format,
          {},
          {{"input_validators/input_validator/input_validator.cpp", source.input_validator},
           {interactor, source.interactor}},
          "attachments"};
}

std::string exhaustive_note(const SourcePackage& source) {
  if (source.group("exhaustive").empty()) return "";
  return fmt::format(
      "\nThe exhaustive tier (testdata/exhaustive, {} tests, exported on request with "
      "--exhaustive) is data/secret/exhaustive/.\n",
      source.group("exhaustive").size());
}

// 2025-09's own way to declare the verdicts a submission may get (submissions/submissions.yaml,
// spec "Example submissions"): the directories of the submissions that stop early also permit
// WA, the race write_submissions() describes. A key naming a directory replaces the format's
// default for it.
void write_submissions_yaml(const SourcePackage& source, PackageWriter& out,
                            std::vector<std::string>& notes) {
  std::string yaml;
  std::string directories;  // those the package has, as the note names them
  for (const char* verdict : {"run_time_error", "time_limit_exceeded"}) {
    bool present = false;
    for (const SourceSubmission& s : source.submissions) present |= s.verdict == verdict;
    if (!present) continue;
    directories += (directories.empty() ? "" : " and ") + std::string(verdict);
    const std::string code = std::string(verdict) == "run_time_error" ? "RTE" : "TLE";
    yaml += fmt::format("{verdict}:\n  permitted: [AC, {code}, WA]\n  required: [{code}, WA]\n",
                        fmt::arg("verdict", verdict), fmt::arg("code", code));
  }
  if (yaml.empty()) return;
  out.write("submissions/submissions.yaml",
            "# Written by judge export. A program that crashes or runs out of time stops writing;\n"
            "# the interactor then reads the end of its output and exits with 43 at the same\n"
            "# moment, and a system that follows the interactor when it exits first (DOMjudge,\n"
            "# the Kattis rule) may judge it WA. So these directories also permit WA.\n" +
                yaml);
  notes.push_back(
      "submissions/submissions.yaml lets the " + directories +
      " submissions also be judged WA, the verdict DOMjudge gives when the interactor, reading "
      "the end of the program's output, exits before the program is seen to stop. DOMjudge "
      "itself (at a023fd3ec) reads no submissions.yaml: import --format domjudge there.");
}

constexpr const char* kLegacyReadmeBody =
    "- `output_validators/{package}_interactor/interactor.cpp`: the interactor, one "
    "self-contained C++14 file, standard library only (exit 42 accepted, 43 wrong answer, reason "
    "in `judgemessage.txt`).\n"
    "- `input_validators/input_validator/input_validator.cpp`: {legacy_validator}\n"
    "- Test data: {legacy_test_data}\n"
    "- `.timelimit`: the time limit in seconds, for DOMjudge (the legacy format has no "
    "time-limit key; problemtools derives its own from the accepted submissions).\n"
    "- Python submissions run on `pypy3` under problemtools (Debian: `apt-get install pypy3`); "
    "without it they are not judged.\n";

constexpr const char* kReadmeBody2025 =
    "- `output_validator/interactor.cpp`: the interactor, one self-contained C++14 file, "
    "standard library only (exit 42 accepted, 43 wrong answer, reason in "
    "`judgemessage.txt`).\n"
    "- `input_validators/input_validator/input_validator.cpp`: the input validator (exit 42 "
    "valid, 43 invalid); every file of `data/invalid_input/` must fail it.\n"
    "- Test data: each `.in` is a whole test file, {test_2025}. What "
    "contestants download of a sample is its `.in.download`, {view_alone}, and its "
    "`.interaction`. Every `.ans` is empty, BAPCtools' convention for interactive problems: the "
    "interactor needs no answer.\n"
    "- `{statement}`: the statement (LaTeX, which BAPCtools needs, unless exported with "
    "`--statement markdown`); systems append the samples.\n"
    "- `submissions/submissions.yaml`: the verdicts each directory permits, where they differ "
    "from the format's defaults.\n";

constexpr const char* kPassFail =
    "pass or fail, as in the ICPC: a submission is accepted only when every test case is "
    "(no partial score).";

// What problem.yaml says, whatever its limits are: the setter may have changed them.
std::string limits_text(const SourcePackage& source) {
  return fmt::format("{} s and {} MiB, the limits in `problem.yaml`",
                     format_time_limit(source.config.time_limit_s), source.config.memory_mib);
}

// The README's settings section of the legacy layout, for the system `format` is meant for.
SystemSettings legacy_settings(const SourcePackage& source, Layout format) {
  const std::string memory = std::to_string(source.config.memory_mib) + " MiB";
  if (format == Layout::DOMjudge)
    return {"DOMjudge",
            limits_text(source) +
                ": DOMjudge's importer (ImportProblemService) reads the time limit from "
                "`.timelimit`, written from them, and the memory limit from this package's "
                "`problem.yaml` (`limits.memory`); check them on the problem's page after the "
                "import.",
            "the judgehost compiles `output_validators/" + source.short_name +
                "_interactor/` (no build "
                "script) as `g++ -Wall -O2 -std=gnu++20`: one self-contained C++14 file, no "
                "warning.",
            kPassFail,
            "`attachments/testing_tool.py`, which the importer takes as a problem attachment, "
            "and the statement you give the problem: DOMjudge shows a PDF, HTML or text "
            "statement, and this package's is LaTeX (`problem_statement/problem.en.tex`, "
            "rendered by `judge export` from `statement/statement.en.md`). For a PDF, "
            "`judge export --format cms DIR` writes `DIR/" +
                source.short_name +
                "/statement/statement.pdf` "
                "(the statement as plain text, with the limits and the samples), or problemtools' "
                "`problem2pdf` on this package typesets the LaTeX; upload it on the problem's page "
                "(Problem text). DOMjudge offers no sample files for an interactive problem."};
  return {format == Layout::Kattis ? "Kattis" : "problemtools and Kattis",
          "the memory limit " + memory +
              " from `problem.yaml` (`limits.memory`); the time limit is not in the package (see "
              "the warning at the top): problemtools and Kattis derive it from the accepted "
              "submissions unless it is fixed.",
          "problemtools compiles `output_validators/" + source.short_name +
              "_interactor/` with its C++ "
              "settings (`g++ -O2 -std=gnu++17` and the like): one self-contained C++14 file.",
          kPassFail, source.phrases.legacy_downloads};
}

// legacy: problem.yaml with legacy keys only, the time limit in .timelimit (DOMjudge; the
// legacy format has no time-limit key), problem_statement/, output_validators/<name>/. The
// same files for `kattis` (zipped in a directory of its own) and `domjudge` (the submissions
// that stop early in submissions/mixed/, see write_submissions()).
FormatResult write_legacy_layout(const SourcePackage& source, PackageWriter& out, Layout format,
                                 const ExportOptions& options, std::vector<std::string>& notes) {
  const ProblemConfig& config = source.config;  // problem.yaml, read by judge/package
  YAML::Emitter e;
  e << YAML::BeginMap;
  e << YAML::Key << "problem_format_version" << YAML::Value << "legacy";
  e << YAML::Key << "name" << YAML::Value << config.name;
  if (!config.uuid.empty()) e << YAML::Key << "uuid" << YAML::Value << config.uuid;
  std::string authors;
  for (const std::string& author : config.authors)
    authors += (authors.empty() ? "" : ", ") + author;
  if (!authors.empty()) e << YAML::Key << "author" << YAML::Value << authors;
  if (!config.source.empty()) e << YAML::Key << "source" << YAML::Value << config.source;
  if (!config.source_url.empty())
    e << YAML::Key << "source_url" << YAML::Value << config.source_url;
  if (config.license_given) e << YAML::Key << "license" << YAML::Value << config.license;
  if (!config.rights_owner.empty())
    e << YAML::Key << "rights_owner" << YAML::Value << config.rights_owner;
  if (config.memory_mib > 0) {
    e << YAML::Key << "limits" << YAML::Value << YAML::BeginMap;
    e << YAML::Key << "memory" << YAML::Value << config.memory_mib;
    e << YAML::EndMap;
  }
  e << YAML::Key << "validation" << YAML::Value << "custom interactive";
  if (!config.keywords.empty()) {
    std::string joined;
    for (const std::string& word : config.keywords) joined += (joined.empty() ? "" : " ") + word;
    e << YAML::Key << "keywords" << YAML::Value << joined;
  }
  e << YAML::EndMap;
  out.write("problem.yaml", std::string(e.c_str()) + "\n");
  out.write(".timelimit", format_time_limit(source.config.time_limit_s) + "\n");

  out.write("problem_statement/problem.en.tex",
            render_problemtools_latex(source.statement, source.config.name));
  FormatSkeleton legacy =
      kattis_skeleton(source, options.format,
                      "output_validators/" + source.short_name + "_interactor/interactor.cpp");
  // A sample's .in holds only what the contestant sees when the package's input validator
  // takes a flag for such a file (export/phrases.yaml, view_only_flag), its .ans the rest.
  const bool split_samples = !source.phrases.view_only_flag.empty();
  if (split_samples && !source.group("sample").empty())
    out.write("data/sample/testdata.yaml",
              source.phrases.legacy_sample_comment +
                  "input_validator_flags: " + source.phrases.view_only_flag + "\n");
  for (const SourceTest& test : source.tests) {
    if (test.group == "invalid_input") continue;  // not a legacy notion: see the README
    const std::string base = data_path(test);
    const std::filesystem::path& in = test.files.at(".in");
    if (test.group == "sample" && split_samples) {
      out.write(base + ".in", view_text(source, in));
      out.write(base + ".ans", judge_lines(source, in));
    } else {
      out.copy(base + ".in", in);
      if (test.has(".ans"))
        out.copy(base + ".ans", test.files.at(".ans"));
      else
        out.write(base + ".ans", answer_text(source, in));
    }
    if (test.has(".interaction")) out.copy(base + ".interaction", test.files.at(".interaction"));
    for (const char* ext : {".desc", ".hint"})
      if (test.has(ext)) out.copy(base + ext, test.files.at(ext));
    write_illustration(test, base, out);
  }
  if (!source.group("invalid_input").empty())
    notes.push_back("testdata/invalid_input (" +
                    std::to_string(source.group("invalid_input").size()) +
                    " files the input validator must reject) is not exported: the legacy "
                    "format has no place for it (problemtools would take a directory of it for "
                    "a test group). The 2025-09 export ships it as data/invalid_input, the "
                    "Polygon export as validator tests.");
  FormatResult& result = legacy.result;
  result.submissions = write_submissions(source, out, format, notes);
  result.zip_nested = format == Layout::Kattis;
  // problemtools and Kattis take the time limit from the accepted submissions' run times; only
  // DOMjudge reads .timelimit.
  if (format != Layout::DOMjudge)
    result.differences.push_back(fmt::format(
        "the time limit is not fixed at the official {0} s (problem.yaml): the legacy format has "
        "no time-limit key, so problemtools and Kattis derive it from the accepted submissions' "
        "run times (.timelimit, which holds it, is read by DOMjudge only). To judge with {0} s: "
        "`verifyproblem -t {0}` (--fixed_timelim) in problemtools; on Kattis, have the "
        "problem's time limit set to {0} s; or export with --format 2025-09, whose problem.yaml "
        "holds time_limit.",
        format_time_limit(source.config.time_limit_s)));
  ReadmeText& readme = legacy.readme;
  if (format == Layout::DOMjudge) {
    readme.title = "problem package for DOMjudge (Kattis legacy layout)";
    readme.intro =
        " Import `" + source.short_name +
        ".zip` (`judge export --format domjudge --zip`: `problem.yaml` at the "
        "archive's root, where DOMjudge's importer reads it) in DOMjudge's jury interface under "
        "Problems, Import problem, or with its API (`POST /api/v4/contests/{cid}/problems`). The "
        "jury submissions are submitted with it when the problem is imported into a contest and "
        "the importing user has a team; the judging verifier then compares each verdict with "
        "the expected ones.";
  } else if (format == Layout::Kattis) {
    readme.title = "Kattis problem package, legacy format (Kattis upload)";
    readme.intro =
        " `" + source.short_name + ".zip` (`--zip`) holds this directory as `" + source.short_name +
        "/`, the layout Kattis "
        "takes for an upload (BAPCtools' `bt zip --kattis` writes the same); check it first "
        "with problemtools: `verifyproblem " +
        source.short_name + "`.";
  } else {
    readme.title = "Kattis problem package, legacy format";
    readme.intro =
        " It imports unchanged into problemtools (`verifyproblem`) and Kattis; `" +
        source.short_name +
        ".zip` "
        "(`--zip`) has `problem.yaml` at its root, as DOMjudge's importer reads it, but for "
        "DOMjudge prefer `--format domjudge`, which declares the verdicts DOMjudge may give the "
        "submissions that crash or time out.";
  }
  readme.body = fmt::format(kLegacyReadmeBody, fmt::arg("package", source.short_name),
                            fmt::arg("legacy_validator", source.phrases.legacy_validator),
                            fmt::arg("legacy_test_data", source.phrases.legacy_test_data)) +
                exhaustive_note(source);
  readme.settings = legacy_settings(source, format);
  return write_format(source, out, legacy, notes);
}

}  // namespace

FormatResult write_legacy(const SourcePackage& source, PackageWriter& out,
                          const ExportOptions& options, std::vector<std::string>& notes) {
  return write_legacy_layout(source, out, Layout::Legacy, options, notes);
}

FormatResult write_kattis(const SourcePackage& source, PackageWriter& out,
                          const ExportOptions& options, std::vector<std::string>& notes) {
  return write_legacy_layout(source, out, Layout::Kattis, options, notes);
}

FormatResult write_domjudge(const SourcePackage& source, PackageWriter& out,
                            const ExportOptions& options, std::vector<std::string>& notes) {
  return write_legacy_layout(source, out, Layout::DOMjudge, options, notes);
}

// 2025-09: problem.yaml as in the repository (it is written in this version), statement/,
// output_validator/, data/invalid_input/, samples with .in.download and .ans.download (required
// beside an .interaction), descriptions and hints in the test case's .yaml.
FormatResult write_kattis_2025(const SourcePackage& source, PackageWriter& out,
                               const ExportOptions& options, std::vector<std::string>& notes) {
  const StatementFormat statement = options.statement;
  // load_problem_yaml() (judge/package) has already refused unknown keys and bad values.
  if (source.config.problem_format_version != "2025-09")
    throw ExportError(
        "problem.yaml: problem_format_version: the 2025-09 export copies problem.yaml, "
        "which must then be written in 2025-09 (it is '" +
        source.config.problem_format_version + "')");
  out.copy("problem.yaml", source.root / "problem.yaml");

  // One statement per language (the format's rule): LaTeX unless Markdown was asked for.
  const std::string statement_file = statement == StatementFormat::Markdown
                                         ? "statement/problem.en.md"
                                         : "statement/problem.en.tex";
  out.write(statement_file, statement == StatementFormat::Markdown
                                ? render_markdown(source.statement)
                                : render_problemtools_latex(source.statement, source.config.name));
  FormatSkeleton kattis =
      kattis_skeleton(source, options.format, "output_validator/interactor.cpp");
  for (const SourceTest& test : source.tests) {
    const std::string base = data_path(test);
    const std::filesystem::path& in = test.files.at(".in");
    out.copy(base + ".in", in);
    if (test.group != "invalid_input") out.write(base + ".ans", "");  // BAPCtools' convention
    if (test.has(".interaction")) out.copy(base + ".interaction", test.files.at(".interaction"));
    if (test.group == "sample") {  // what contestants download: the board, never the judge's lines
      out.write(base + ".in.download", view_text(source, in));
      if (test.has(".ans.download"))
        out.copy(base + ".ans.download", test.files.at(".ans.download"));
      else
        out.write(base + ".ans.download", "");
    }
    if (test.has(".desc") || test.has(".hint")) {
      YAML::Emitter e;
      e << YAML::BeginMap;
      if (test.has(".desc"))
        e << YAML::Key << "description" << YAML::Value << read_text(test.files.at(".desc"));
      if (test.has(".hint"))
        e << YAML::Key << "hint" << YAML::Value << read_text(test.files.at(".hint"));
      e << YAML::EndMap;
      out.write(base + ".yaml", std::string(e.c_str()) + "\n");
    }
    write_illustration(test, base, out);
  }
  kattis.result.submissions = write_submissions(source, out, Layout::Kattis2025, notes);
  write_submissions_yaml(source, out, notes);
  kattis.readme = {
      "Kattis problem package, format 2025-09",
      " It imports unchanged into BAPCtools (`bt validate`, `bt run`) and DOMjudge "
      "(`" +
          source.short_name +
          ".zip`, written with `--zip`, has `problem.yaml` at its root, where DOMjudge's "
          "importer reads it).",
      fmt::format(kReadmeBody2025, fmt::arg("statement", statement_file),
                  fmt::arg("test_2025", source.phrases.test_2025),
                  fmt::arg("view_alone", source.phrases.view_alone)) +
          exhaustive_note(source),
      {"BAPCtools and DOMjudge",
       limits_text(source) +
           " (`limits.time_limit`, `limits.memory`), which both read from this package's "
           "`problem.yaml`; DOMjudge shows them on the problem's page after the import.",
       "BAPCtools and DOMjudge compile `output_validator/interactor.cpp` with their own C++ "
       "command (DOMjudge's judgehost, for a validator without a build script: `g++ -Wall -O2 "
       "-std=gnu++20`); one self-contained C++14 file.",
       kPassFail,
       "each sample's `.in.download` (" + source.phrases.view_alone +
           ") and `.interaction`, and "
           "`attachments/testing_tool.py`; never a `.in` (the judge's lines). DOMjudge offers no "
           "sample files for an interactive problem."}};
  return write_format(source, out, kattis, notes);
}

}  // namespace entrapment
