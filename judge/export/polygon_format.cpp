// The Polygon package layout (Codeforces, Polygon and the judges that import its packages):
// problem.xml describing everything; tests numbered tests/01 with answers tests/01.a (samples
// first); under files/ the testlib-convention interactor, its checker and the input validator
// with its own tests (files/tests/validator-tests: the samples, valid, and invalid_input,
// invalid); solutions/ tagged by verdict; the statement as Polygon's sections
// (statement-sections/english/) and as a whole olymp.sty problem (statements/english/). Polygon
// compiles every program as one file; testlib.h is not shipped since none of them uses it.
//
// Polygon passes the interactor the test's input and answer files and never shows a test to
// contestants (the statement's examples are files of their own), so each test is the whole
// test file and its answer the winning side.
#include <fmt/format.h>

#include <map>

#include "export.hpp"
#include "format_skeleton.hpp"
#include "pdf_writer.hpp"
#include "protocol/tokens.hpp"

namespace entrapment {

namespace {

constexpr const char* kPdfStatement = "statements/.pdf/english/problem.pdf";

const TestLayout kTests = {"tests/{number}", "tests/{number}.a"};

// Every program compiled from files/ is an executable, as in Polygon's own packages.
constexpr const char* kProblemXml = R"(<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem short-name="{package}">
  <names>
    <name language="english" value="{name}"/>
  </names>
  <statements>
    <statement charset="UTF-8" language="english" mathjax="true" path="statements/english/problem.tex" type="application/x-tex"/>
    <statement language="english" path="{pdf}" type="application/pdf"/>
  </statements>
  <judging input-file="" output-file="">
    <testset name="tests">
      <time-limit>{time_ms}</time-limit>
{memory_limit}      <test-count>{tests}</test-count>
      <input-path-pattern>tests/%0{width}d</input-path-pattern>
      <answer-path-pattern>tests/%0{width}d.a</answer-path-pattern>
      <tests>
{test_list}      </tests>
    </testset>
  </judging>
  <files>
    <executables>
{executables}    </executables>
  </files>
  <assets>
    <checker type="testlib">
      <source path="files/check.cpp" type="cpp.g++17"/>
      <copy path="check.cpp" type="cpp.g++17"/>
    </checker>
    <interactor>
      <source path="files/interactor.cpp" type="cpp.g++17"/>
    </interactor>
{validators}    <solutions>
{solutions}    </solutions>
  </assets>
  <tags>
    <tag value="interactive"/>
  </tags>
</problem>
)";
constexpr const char* kMemoryLimit = "      <memory-limit>{}</memory-limit>\n";
constexpr const char* kTest = "        <test method=\"manual\"{sample} description=\"{name}\"/>\n";
constexpr const char* kExecutable =
    "      <executable>\n"
    "        <source path=\"{}\" type=\"cpp.g++17\"/>\n"
    "      </executable>\n";
constexpr const char* kValidatorTest = "            <test verdict=\"{}\"/>\n";
constexpr const char* kSolution =
    "      <solution tag=\"{tag}\">\n"
    "        <source path=\"{path}\" type=\"{type}\"/>\n"
    "      </solution>\n";

constexpr const char* kReadmeIntro =
    " `problem.xml` describes everything. `{package}.zip` (`--zip`) has `problem.xml` at its "
    "root, as Polygon packages do: upload it in Polygon (Package, Upload package), or give it to "
    "the tools that read Polygon packages. Tick the problem's Interactive box in Polygon's "
    "General info: the interactor is declared, but Polygon keeps that box apart. For DOMjudge "
    "use `--format domjudge`, not this package through Polygon2DOMjudge (which would run this "
    "interactor under DOMjudge's conventions).";

// The <validators> of problem.xml, when the module has a testlib input validator.
constexpr const char* kValidators = R"(    <validators>
      <validator>
        <source path="files/validator.cpp" type="cpp.g++17"/>
        <testset>
          <test-count>{validator_tests}</test-count>
          <input-path-pattern>files/tests/validator-tests/%0{validator_width}d</input-path-pattern>
          <tests>
{validator_list}          </tests>
        </testset>
      </validator>
    </validators>
)";

constexpr const char* kReadmeBody =
    "- `files/interactor.cpp`: the interactor under testlib's conventions (exit 0 ok, 1 wrong "
    "answer, 3 judge failure), writing a log the checker `files/check.cpp` accepts; both "
    "self-contained C++14, standard library only: no testlib.h needed (Polygon supplies its own "
    "for the programs that include it, so the package ships none and declares no resource).\n"
    "- `files/validator.cpp`: the input validator under testlib's conventions (exit 0 valid; "
    "otherwise `FAIL <reason> (stdin, line N)` and exit 3), built from the same parser as the "
    "interactor; its tests are `files/tests/validator-tests/` (the samples, valid; "
    "testdata/invalid_input, invalid; `validator-tests-origin.txt` names them).\n"
    "- `tests/NN`: whole test files ({test_parts}: Polygon shows tests to "
    "no contestant), samples first; `tests/NN.a` names {answer}; `tests-origin.txt` maps "
    "the numbers to the test names.\n"
    "- `solutions/`: tagged `main` (the reference), `accepted`, `wrong-answer`, "
    "`time-limit-exceeded`, and `rejected` for those that fail at run time (Polygon has no "
    "run-time-error tag).\n"
    "- The statement as Polygon's sections in `statement-sections/english/` (legend, input, "
    "output, interaction, notes; the examples `example.NN` hold the lines the program reads, "
    "`example.NN.a` the lines it prints, and the notes show each exchange in order), as one "
    "olymp.sty problem in `statements/english/problem.tex`, and as plain text in "
    "`statements/.pdf/english/problem.pdf` (the PDF importers such as Polygon2DOMjudge read; for "
    "a typeset one, compile the LaTeX).\n"
    "- `attachments/`: the contestants' testing tool (Polygon has no place for attachments; hand "
    "it out with the statement).\n"
    "- Limits as in the official problem ({time_s} s, {memory_mib} MiB). Polygon's form may cap "
    "the memory limit lower; if it does, set its maximum: the reference solution needs a few "
    "MiB.\n";

// Polygon's source types for the languages judge run runs (SourceSubmission::language).
std::string source_type(const SourceSubmission& submission) {
  static const std::map<std::string, std::string> types = {
      {"cpp", "cpp.g++17"}, {"c", "c.gcc"}, {"python3", "python.3"}, {"java", "java11"}};
  const auto it = types.find(submission.language);
  if (it == types.end())
    throw ExportError(submission.path.string() + ": no Polygon source type for language " +
                      submission.language);
  return it->second;
}

// Polygon's solution tags. It has no run-time-error tag: such a solution is "rejected" (any
// failure), which also covers a memory-limit failure reported either way.
std::string solution_tag(const std::string& verdict) {
  if (verdict == "accepted") return "accepted";
  if (verdict == "wrong_answer") return "wrong-answer";
  if (verdict == "time_limit_exceeded") return "time-limit-exceeded";
  return "rejected";
}

// The main solution: accepted/reference.cpp, else another accepted reference.*, else the first
// accepted C++ one, else the first accepted one.
const SourceSubmission* main_solution(const std::vector<const SourceSubmission*>& exported) {
  const SourceSubmission* best = nullptr;
  int best_rank = 5;
  for (const SourceSubmission* s : exported) {
    if (s->verdict != "accepted") continue;
    const std::string stem = s->path.stem().string();
    const int rank = stem == "reference" && s->language == "cpp" ? 0
                     : stem == "reference"                       ? 1
                     : s->language == "cpp"                      ? 2
                                                                 : 3;
    if (rank < best_rank) {
      best = s;
      best_rank = rank;
    }
  }
  return best;
}

}  // namespace

FormatResult write_polygon(const SourcePackage& source, PackageWriter& out, const ExportOptions&,
                           std::vector<std::string>& notes) {
  FormatSkeleton polygon{source, "polygon", kTests, {}, "attachments"};
  std::vector<CopiedFile>& copies = polygon.copies;
  std::vector<WrittenFile>& files = polygon.files;

  // ---- tests ----
  std::string test_list;
  for (const NumberedTest& numbered : polygon.numbered)
    test_list += fmt::format(
        kTest, fmt::arg("sample", numbered.test->group == "sample" ? " sample=\"true\"" : ""),
        fmt::arg("name", xml_escape(numbered.test->group + "/" + numbered.test->name)));

  // ---- the validator and its tests: the samples are valid, invalid_input is not ----
  // (The testlib input validator is Entrapment's alone: a module without one has neither.)
  const bool validator = !source.input_validator_testlib.empty();
  std::vector<std::pair<const SourceTest*, bool>> validator_tests;
  for (const SourceTest* test : source.group("sample"))
    if (validator) validator_tests.push_back({test, true});
  for (const SourceTest* test : source.group("invalid_input"))
    if (validator) validator_tests.push_back({test, false});
  const int validator_width = width_for(validator_tests.size());
  std::string validator_list, validator_names;
  for (std::size_t i = 0; i < validator_tests.size(); ++i) {
    const auto& [test, valid] = validator_tests[i];
    const std::string number = padded(i + 1, validator_width);
    copies.push_back({"files/tests/validator-tests/" + number, test->files.at(".in")});
    validator_list += fmt::format(kValidatorTest, valid ? "valid" : "invalid");
    validator_names += fmt::format("{} {}/{}\n", number, test->group, test->name);
  }
  if (validator) {
    files.push_back({"files/tests/validator-tests-origin.txt", validator_names});
  } else {
    polygon.notes.push_back(
        "No input validator: this problem's module has no testlib input validator (Entrapment's "
        "alone has one), so problem.xml declares none; add one in Polygon if it needs one.");
  }

  // ---- programs ----
  copies.push_back({"files/interactor.cpp", source.interactor_testlib});
  copies.push_back({"files/check.cpp", source.testlib_checker});
  copies.push_back({"check.cpp", source.testlib_checker});  // Polygon packages keep it here too
  if (validator) copies.push_back({"files/validator.cpp", source.input_validator_testlib});

  // ---- statement: sections, examples, and the whole olymp problem ----
  const std::vector<std::string> interactions = sample_interactions(source);
  const std::string examples_note = render_examples_note(interactions);
  for (const char* dir : {"statement-sections/english/", "statements/english/"})
    for (std::size_t i = 0; i < interactions.size(); ++i) {
      const PolygonExample example = polygon_example(interactions[i]);
      const std::string number = padded(i + 1, 2);
      files.push_back({std::string(dir) + "example." + number, example.input});
      files.push_back({std::string(dir) + "example." + number + ".a", example.output});
    }
  const std::string sections = "statement-sections/english/";
  files.push_back({sections + "name.tex", source.config.name + "\n"});
  const std::map<std::string, std::string> section_files = {{"Legend", "legend.tex"},
                                                            {"Input", "input.tex"},
                                                            {"Output", "output.tex"},
                                                            {"Interaction", "interaction.tex"},
                                                            {"Notes", "notes.tex"}};
  for (const auto& [section, file] : section_files) {
    const StatementSection* s = source.statement.find(section);
    std::string text = s ? render_section_latex(*s) : "";
    if (section == "Notes" && !examples_note.empty())
      text += (text.empty() ? "" : "\n") + examples_note;
    files.push_back({sections + file, text});
  }
  files.push_back(
      {"statements/english/problem.tex",
       render_olymp_problem(source.statement, source.config.name, source.config.time_limit_s,
                            source.config.memory_mib, interactions.size(), examples_note)});
  // A PDF as Polygon packages carry one (statements/.pdf/): importers such as
  // Polygon2DOMjudge take the statement only from there.
  files.push_back({kPdfStatement, statement_pdf(source)});

  // ---- solutions ----
  std::vector<const SourceSubmission*> exported;
  for (const SourceSubmission& submission : source.submissions) {
    if (std::filesystem::is_directory(submission.path)) {
      polygon.notes.push_back("solutions/" + submission.verdict + "/" + submission.name() +
                              " is left out: Polygon takes single-file solutions only.");
      continue;
    }
    exported.push_back(&submission);
  }
  const SourceSubmission* main = main_solution(exported);
  if (!main) throw ExportError("solutions/accepted/: Polygon needs a single-file main solution");
  std::string solutions;
  for (const SourceSubmission* submission : exported) {
    const std::string path = "solutions/" + submission->name();
    copies.push_back({path, submission->path});
    solutions += fmt::format(
        kSolution, fmt::arg("tag", submission == main ? "main" : solution_tag(submission->verdict)),
        fmt::arg("path", xml_escape(path)), fmt::arg("type", source_type(*submission)));
  }
  polygon.result.submissions = exported.size();

  // ---- problem.xml ----
  const long long memory_bytes = polygon.limits.memory_kib * 1024;
  std::string executables;
  for (const char* program : {"files/check.cpp", "files/interactor.cpp", "files/validator.cpp"})
    if (validator || std::string(program) != "files/validator.cpp")
      executables += fmt::format(kExecutable, program);
  files.push_back(
      {"problem.xml",
       fmt::format(
           kProblemXml, fmt::arg("package", source.short_name),
           fmt::arg("name", xml_escape(source.config.name)), fmt::arg("pdf", kPdfStatement),
           fmt::arg("time_ms", polygon.limits.time_ms),
           fmt::arg("memory_limit",
                    memory_bytes > 0 ? fmt::format(kMemoryLimit, memory_bytes) : ""),
           fmt::arg("tests", polygon.numbered.size()),
           fmt::arg("width", width_for(polygon.numbered.size())), fmt::arg("test_list", test_list),
           fmt::arg("executables", executables),
           fmt::arg("validators",
                    validator ? fmt::format(kValidators,
                                            fmt::arg("validator_tests", validator_tests.size()),
                                            fmt::arg("validator_width", validator_width),
                                            fmt::arg("validator_list", validator_list))
                              : std::string()),
           fmt::arg("solutions", solutions))});

  polygon.readme = {
      "Polygon package",
      fmt::format(kReadmeIntro, fmt::arg("package", source.short_name)),
      fmt::format(kReadmeBody, fmt::arg("test_parts", source.phrases.test_parts),
                  fmt::arg("answer", source.phrases.answer),
                  fmt::arg("time_s", polygon.limits.time_s),
                  fmt::arg("memory_mib", polygon.limits.memory_mib)),
      {"Polygon",
       fmt::format("{} s and {} MiB, the official limits, from `problem.xml` (the testset's "
                   "`time-limit` and `memory-limit`); check General info after the upload, "
                   "where Polygon may cap the memory limit lower.",
                   polygon.limits.time_s, polygon.limits.memory_mib),
       "Polygon compiles `files/interactor.cpp`, `files/check.cpp` and `files/validator.cpp` as "
       "declared (`cpp.g++17`) with its testlib.h, which they do not need; any C++14 or newer "
       "compiler takes them.",
       "pass or fail, as in the ICPC: a submission is accepted only when every test is; tick "
       "Interactive in General info.",
       "the statement's examples; no test file (Polygon shows none to contestants). Hand out "
       "`attachments/testing_tool.py` with the statement."}};
  return write_format(source, out, polygon, notes);
}

}  // namespace entrapment
