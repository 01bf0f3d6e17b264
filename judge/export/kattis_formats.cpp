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
#include <fstream>
#include <sstream>

#include "export.hpp"
#include "formats.hpp"
#include "output_directory.hpp"

namespace entrapment {

namespace {

std::string scalar(const YAML::Node& node) {
  return node && node.IsScalar() ? node.as<std::string>() : "";
}

// A person of `credits` ("Name <mail>" or {name: ...}) as a plain name list item.
std::string person(const YAML::Node& node) {
  if (node.IsMap()) return scalar(node["name"]);
  return scalar(node);
}

std::string persons(const YAML::Node& node) {
  if (!node) return "";
  if (!node.IsSequence()) return person(node);
  std::string out;
  for (const YAML::Node& item : node) out += (out.empty() ? "" : ", ") + person(item);
  return out;
}

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

// The first line of a submission's (main) file: where its author says how it fails.
std::string first_line(const std::filesystem::path& path) {
  std::filesystem::path file = path;
  if (std::filesystem::is_directory(path)) {
    file.clear();
    for (const auto& entry : std::filesystem::directory_iterator(path))
      if (entry.is_regular_file() && (file.empty() || entry.path() < file)) file = entry.path();
  }
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  return line;
}

// A run_time_error submission that fails by exceeding the memory limit. Every file of
// solutions/ starts with a comment naming its verdict and how it fails; "RUN TIME ERROR
// (memory)" there marks one that fails by its memory.
bool fails_by_memory(const SourceSubmission& submission) {
  return submission.verdict == "run_time_error" &&
         first_line(submission.path).find("RUN TIME ERROR (memory)") != std::string::npos;
}

std::size_t write_submissions(const SourcePackage& source, PackageWriter& out, bool legacy,
                              std::vector<std::string>& notes) {
  for (const SourceSubmission& submission : source.submissions) {
    std::string verdict = submission.verdict;
    if (legacy && fails_by_memory(submission)) {
      // problemtools runs interactive submissions without a memory limit, so such a
      // submission runs on (and times out) instead of failing there: the verdict it gets is
      // TLE, and that is where it must be expected.
      verdict = "time_limit_exceeded";
      notes.push_back("submissions/time_limit_exceeded/" + submission.name() +
                      " is solutions/run_time_error/" + submission.name() +
                      " (it fails by exceeding the memory limit): problemtools enforces no "
                      "memory limit on interactive problems, so there it runs out of time "
                      "instead.");
    }
    out.copy_tree("submissions/" + verdict + "/" + submission.name(), submission.path);
  }
  return source.submissions.size();
}

void write_common(const SourcePackage& source, PackageWriter& out) {
  for (const auto& attachment : source.attachments)
    out.copy("attachments/" + attachment.filename().string(), attachment);
  out.copy("input_validators/input_validator/input_validator.cpp", source.input_validator);
}

std::string exhaustive_note(const SourcePackage& source) {
  if (source.group("exhaustive").empty()) return "";
  return "\nThe exhaustive tier (testdata/exhaustive, " +
         std::to_string(source.group("exhaustive").size()) +
         " tests, exported on request with --exhaustive) is data/secret/exhaustive/.\n";
}

}  // namespace

std::string format_time_limit(double seconds) {
  std::ostringstream text;
  text << seconds;
  return text.str();
}

void write_package_readme(PackageWriter& out, const std::string& body,
                          const std::vector<std::string>& notes) {
  std::string text = std::string(kExportMarker) + "\n\n" + body;
  if (!notes.empty()) {
    text += "\n## Adapted or left out in this export\n\n";
    for (const std::string& note : notes) text += "- " + note + "\n";
  }
  out.write("README.md", text);
}

// legacy: problem.yaml with legacy keys only, the time limit in .timelimit (DOMjudge; the
// legacy format has no time-limit key), problem_statement/, output_validators/<name>/.
std::size_t write_legacy(const SourcePackage& source, PackageWriter& out,
                         std::vector<std::string>& notes) {
  const YAML::Node& yaml = source.problem_yaml;
  YAML::Emitter e;
  e << YAML::BeginMap;
  e << YAML::Key << "problem_format_version" << YAML::Value << "legacy";
  e << YAML::Key << "name" << YAML::Value << source.config.name;
  if (!source.config.uuid.empty()) e << YAML::Key << "uuid" << YAML::Value << source.config.uuid;
  const YAML::Node credits = yaml["credits"];
  const std::string author =
      credits && credits.IsMap() ? persons(credits["authors"]) : persons(credits);
  if (!author.empty()) e << YAML::Key << "author" << YAML::Value << author;
  if (!source.config.source.empty())
    e << YAML::Key << "source" << YAML::Value << source.config.source;
  const YAML::Node source_node = yaml["source"];
  if (source_node && source_node.IsMap() && source_node["url"])
    e << YAML::Key << "source_url" << YAML::Value << scalar(source_node["url"]);
  if (yaml["license"]) e << YAML::Key << "license" << YAML::Value << scalar(yaml["license"]);
  if (yaml["rights_owner"])
    e << YAML::Key << "rights_owner" << YAML::Value << scalar(yaml["rights_owner"]);
  if (source.config.memory_mib > 0) {
    e << YAML::Key << "limits" << YAML::Value << YAML::BeginMap;
    e << YAML::Key << "memory" << YAML::Value << source.config.memory_mib;
    e << YAML::EndMap;
  }
  e << YAML::Key << "validation" << YAML::Value << "custom interactive";
  const YAML::Node keywords = yaml["keywords"];
  if (keywords && keywords.IsSequence() && keywords.size() > 0) {
    std::string joined;
    for (const YAML::Node& word : keywords) joined += (joined.empty() ? "" : " ") + scalar(word);
    e << YAML::Key << "keywords" << YAML::Value << joined;
  }
  e << YAML::EndMap;
  out.write("problem.yaml", std::string(e.c_str()) + "\n");
  out.write(".timelimit", format_time_limit(source.config.time_limit_s) + "\n");

  out.write("problem_statement/problem.en.tex",
            render_problemtools_latex(source.statement, source.config.name));
  write_common(source, out);
  out.copy("output_validators/entrapment_interactor/interactor.cpp", source.interactor);
  if (!source.group("sample").empty())
    out.write("data/sample/testdata.yaml",
              "# The sample inputs hold the board alone (the judge's lines are in the .ans).\n"
              "input_validator_flags: --board-only\n");
  for (const SourceTest& test : source.tests) {
    if (test.group == "invalid_input") continue;  // not a legacy notion: see the README
    const std::string base = data_path(test);
    const std::filesystem::path& in = test.files.at(".in");
    if (test.group == "sample") {
      out.write(base + ".in", board_text(in));
      out.write(base + ".ans", judge_lines(in));
    } else {
      out.copy(base + ".in", in);
      if (test.has(".ans"))
        out.copy(base + ".ans", test.files.at(".ans"));
      else
        out.write(base + ".ans", winner_line(in));
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
  const std::size_t submissions = write_submissions(source, out, true, notes);
  write_package_readme(
      out,
      "# " + source.config.name +
          " — Kattis problem package, legacy format\n\n"
          "Written by `judge export --format legacy` from the Entrapment judging package; do "
          "not edit it here. It imports unchanged into problemtools (`verifyproblem`), Kattis "
          "and DOMjudge.\n\n"
          "- `output_validators/entrapment_interactor/interactor.cpp`: the interactor, one "
          "self-contained C++17 file (exit 42 accepted, 43 wrong answer, reason in "
          "`judgemessage.txt`).\n"
          "- `input_validators/input_validator/input_validator.cpp`: the input validator "
          "(exit 42 valid, 43 invalid); with `--board-only` it checks a file that holds the "
          "board alone.\n"
          "- Test data: a test is the board (the first line or two the program reads), then "
          "lines for the judge alone (the adversary it plays, a script). Contest systems must "
          "not show an interactive problem's `.in` and `.ans` to contestants, but so that a "
          "downloadable sample could never reveal the judge's plan, each sample's `.in` holds "
          "the board alone and its `.ans` the judge's lines (the interactor reads both; "
          "`data/sample/testdata.yaml` passes `--board-only` to the input validator). Secret "
          "`.in` files are whole test files and their `.ans` names the winning side.\n"
          "- `.timelimit`: the time limit in seconds, for DOMjudge (the legacy format has no "
          "time-limit key; problemtools derives its own from the accepted submissions).\n" +
          exhaustive_note(source),
      notes);
  return submissions;
}

// 2025-09: problem.yaml as in the repository (it is written in this version), statement/,
// output_validator/, data/invalid_input/, samples with .in.download and .ans.download (required
// beside an .interaction), descriptions and hints in the test case's .yaml.
std::size_t write_kattis_2025(const SourcePackage& source, PackageWriter& out,
                              StatementFormat statement, std::vector<std::string>& notes) {
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
  write_common(source, out);
  out.copy("output_validator/interactor.cpp", source.interactor);
  for (const SourceTest& test : source.tests) {
    const std::string base = data_path(test);
    const std::filesystem::path& in = test.files.at(".in");
    out.copy(base + ".in", in);
    if (test.group != "invalid_input") out.write(base + ".ans", "");  // BAPCtools' convention
    if (test.has(".interaction")) out.copy(base + ".interaction", test.files.at(".interaction"));
    if (test.group == "sample") {  // what contestants download: the board, never the judge's lines
      out.write(base + ".in.download", board_text(in));
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
  const std::size_t submissions = write_submissions(source, out, false, notes);
  write_package_readme(
      out,
      "# " + source.config.name +
          " — Kattis problem package, format 2025-09\n\n"
          "Written by `judge export --format 2025-09` from the Entrapment judging package; do "
          "not edit it here. It imports unchanged into BAPCtools (`bt validate`, `bt run`) and "
          "DOMjudge.\n\n"
          "- `output_validator/interactor.cpp`: the interactor, one self-contained C++17 file "
          "(exit 42 accepted, 43 wrong answer, reason in `judgemessage.txt`).\n"
          "- `input_validators/input_validator/input_validator.cpp`: the input validator "
          "(exit 42 valid, 43 invalid); every file of `data/invalid_input/` must fail it.\n"
          "- Test data: each `.in` is a whole test file, the board (the first line or two the "
          "program reads) and then lines for the judge alone (the adversary it plays, a "
          "script). What contestants download of a sample is its `.in.download`, the board "
          "alone, and its `.interaction`. Every `.ans` is empty, BAPCtools' convention for "
          "interactive problems: the interactor needs no answer.\n"
          "- `" +
          statement_file +
          "`: the statement (LaTeX, which BAPCtools needs, unless exported with `--statement "
          "markdown`); systems append the samples.\n" +
          exhaustive_note(source),
      notes);
  return submissions;
}

}  // namespace entrapment
