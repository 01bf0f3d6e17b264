// judge export, end to end: exports every format of the repository to a temporary directory
// (export_fixture.hpp), checks the Kattis and Polygon layouts against their formats' rules and
// this package's choices (where the judge-only lines go, what contestants can see, expected
// verdicts, the statement), the format names users type and the zips every importer reads;
// compiles each exported program alone with the command its contest system uses, replays the
// samples in each format's own files, and runs the validators on the data. The hosted formats'
// layouts are in hosted_formats_test.cpp, every test played in every format in
// play_formats_test.cpp. No count is assumed: every expectation is derived from testdata/ and
// solutions/.
#include "export_fixture.hpp"

namespace entrapment::export_test {
namespace {

class RemoveExports : public ::testing::Environment {
 public:
  void TearDown() override { ExportTest::remove_exports(); }
};
::testing::Environment* const remove_exports =
    ::testing::AddGlobalTestEnvironment(new RemoveExports);

TEST_F(ExportTest, EveryFormatExports) {
  for (const char* format : {"legacy", "2025-09", "polygon"}) {
    EXPECT_EQ(export_status_[format], 0)
        << format << ": " << read_text(tmp_ / (std::string(format) + ".err"));
    EXPECT_TRUE(fs::is_regular_file(tmp_ / format / "entrapment.zip")) << format;
    // The README marks the directory as judge export's (the next export may replace it).
    const std::string readme = read_text(package(format) / "README.md");
    EXPECT_EQ(readme.rfind("<!-- Written by `judge export`", 0), 0u) << format;
    // Nothing left next to the package: the staging directory was renamed into place.
    for (const auto& entry : fs::directory_iterator(tmp_ / format))
      EXPECT_TRUE(entry.path().filename() == "entrapment" ||
                  entry.path().filename() == "entrapment.zip")
          << entry.path();
  }
}

// The names users type: the canonical ones, other names of the same systems in any case, and
// for a near miss an error that names the right one (exit 2, nothing written).
TEST_F(ExportTest, FormatNamesUsersType) {
  const auto run = [&](const std::string& format, const std::string& dir) {
    const testing::ProcessResult result = judge_export({"--format", format, (tmp_ / dir).string()});
    return std::make_pair(result.status, result.err);
  };
  for (const std::string alias : {"DOMjudge", "problemtools", "BAPCtools", "codeforces", "QOJ"}) {
    EXPECT_EQ(run(alias, "alias").first, 0) << alias;
    fs::remove_all(tmp_ / "alias");
  }
  const auto typo = run("domjuge", "typo");
  EXPECT_EQ(typo.first, 2);
  EXPECT_NE(typo.second.find("did you mean domjudge?"), std::string::npos) << typo.second;
  const auto alias_typo = run("problemtool", "typo");
  EXPECT_NE(alias_typo.second.find("did you mean problemtools (--format legacy)?"),
            std::string::npos)
      << alias_typo.second;
  const auto unknown = run("icpc", "unknown");
  EXPECT_EQ(unknown.first, 2);
  EXPECT_EQ(unknown.second.find("did you mean"), std::string::npos) << unknown.second;
  for (const std::string& format : all_formats())
    EXPECT_NE(unknown.second.find(format), std::string::npos) << unknown.second;
  EXPECT_FALSE(fs::exists(tmp_ / "typo" / "entrapment"));
  EXPECT_FALSE(fs::exists(tmp_ / "unknown" / "entrapment"));
}

// Every importer reads its zip at the root (DOMjudge's ImportProblemService finds problem.yaml
// there, Polygon problem.xml, Hydro problem.yaml, UOJ problem.conf, Luogu the tests); Kattis'
// upload and `bt zip --kattis` keep the package in a directory of its own; Luogu's and UOJ's
// zips are their data alone. Each zip holds exactly those files, and judge export's mark.
TEST_F(ExportTest, ZipsHoldWhatEachImporterReads) {
  for (const std::string& format : all_formats()) {
    const std::string zip = read_text(tmp_ / format / "entrapment.zip");
    ASSERT_GE(zip.size(), 22u) << format;
    EXPECT_EQ(zip.substr(0, 4), std::string("PK\x03\x04", 4));
    const std::string root = format == "luogu" || format == "uoj" ? "data/"
                             : format == "libreoj"                ? "testdata/"
                                                                  : "";
    const std::string prefix = format == "kattis" ? "entrapment/" : "";
    std::vector<std::string> expected;
    for (const fs::path& file : all_files(package(format))) {
      const std::string relative = fs::relative(file, package(format)).generic_string();
      if (relative.compare(0, root.size(), root) == 0)
        expected.push_back(prefix + relative.substr(root.size()));
    }
    std::sort(expected.begin(), expected.end());
    std::vector<std::string> names = zip_entry_names(zip);
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, expected) << format;
    const std::string first = format == "kattis"    ? "entrapment/problem.yaml"
                              : format == "polygon" ? "problem.xml"
                              : format == "luogu"   ? "checker.cpp"
                              : format == "uoj"     ? "problem.conf"
                              : format == "cms"     ? "task.yaml"
                              : format == "libreoj" ? "interactor.cpp"
                                                    : "problem.yaml";
    EXPECT_NE(std::find(names.begin(), names.end(), first), names.end()) << format;
    const std::size_t end_at = zip.rfind(std::string("PK\x05\x06", 4));
    ASSERT_NE(end_at, std::string::npos);
    EXPECT_NE(zip.substr(end_at).find("judge export"), std::string::npos) << format;
  }
}

// spec/legacy.md: problem.yaml keys, problem_statement/, data/, output_validators/<name>/,
// submissions/<verdict>/; DOMjudge's .timelimit. Samples: the board in .in, the judge's lines
// in .ans; secret tests whole.
TEST_F(ExportTest, LegacyLayout) {
  const fs::path p = package("legacy");
  const YAML::Node yaml = YAML::LoadFile((p / "problem.yaml").string());
  const std::set<std::string> legacy_keys = {"problem_format_version",
                                             "type",
                                             "name",
                                             "uuid",
                                             "author",
                                             "source",
                                             "source_url",
                                             "license",
                                             "rights_owner",
                                             "limits",
                                             "validation",
                                             "validator_flags",
                                             "grading",
                                             "keywords"};
  for (const auto& entry : yaml)
    EXPECT_TRUE(legacy_keys.count(entry.first.as<std::string>()))
        << "not a legacy key: " << entry.first.as<std::string>();
  EXPECT_EQ(yaml["validation"].as<std::string>(), "custom interactive");
  EXPECT_EQ(yaml["problem_format_version"].as<std::string>(), "legacy");
  // problemtools warns about a missing or unknown license.
  ASSERT_TRUE(yaml["license"]);
  EXPECT_NE(yaml["license"].as<std::string>(), "unknown");
  EXPECT_FALSE(yaml["limits"]["time_limit"]);
  const YAML::Node repo = YAML::LoadFile((root_ / "problem.yaml").string());
  EXPECT_EQ(read_text(p / ".timelimit"), repo["limits"]["time_limit"].as<std::string>() + "\n");
  const std::string statement = read_text(p / "problem_statement" / "problem.en.tex");
  EXPECT_EQ(count(statement, "\\problemname{" + repo["name"].as<std::string>() + "}"), 1u);
  EXPECT_NE(statement.find("\\section*{Interaction}"), std::string::npos);
  EXPECT_TRUE(
      fs::is_regular_file(p / "output_validators" / "entrapment_interactor" / "interactor.cpp"));
  EXPECT_TRUE(
      fs::is_regular_file(p / "input_validators" / "input_validator" / "input_validator.cpp"));
  EXPECT_TRUE(fs::is_regular_file(p / "attachments" / "testing_tool.py"));
  // No invalid_input anywhere: the legacy format has no place for it.
  EXPECT_FALSE(fs::exists(p / "invalid_input"));
  EXPECT_FALSE(fs::exists(p / "data" / "invalid_input"));
  for (const auto& entry : fs::directory_iterator(p / "data"))
    EXPECT_TRUE(entry.path().filename() == "sample" || entry.path().filename() == "secret")
        << entry.path();

  // Samples: board in .in, judge lines in .ans, together the test file.
  EXPECT_NE(read_text(p / "data" / "sample" / "testdata.yaml")
                .find("input_validator_flags: --board-only"),
            std::string::npos);
  const std::vector<fs::path> samples = files_with(testdata() / "sample", ".in");
  ASSERT_FALSE(samples.empty());
  for (const fs::path& in : samples) {
    const fs::path exported = p / "data" / "sample" / in.filename();
    const std::string test = read_text(in);
    EXPECT_EQ(read_text(exported), board_of(test)) << in;
    EXPECT_EQ(read_text(exported) + read_text(with(exported, ".ans")), test) << in;
    EXPECT_EQ(read_text(with(exported, ".interaction")), read_text(with(in, ".interaction"))) << in;
  }
  // Secret: every test, whole, with an answer.
  const std::vector<fs::path> secret = files_with(testdata() / "secret", ".in");
  ASSERT_FALSE(secret.empty());
  EXPECT_EQ(files_with(p / "data" / "secret", ".in").size(), secret.size());
  EXPECT_EQ(files_with(p / "data" / "secret", ".ans").size(), secret.size());
  for (std::size_t i = 0; i < secret.size(); i += std::max<std::size_t>(1, secret.size() / 50)) {
    const fs::path exported = p / "data" / fs::relative(secret[i], testdata());
    EXPECT_EQ(read_text(exported), read_text(secret[i])) << secret[i];
  }

  // Every solution in its verdict's directory, except those that fail by memory: problemtools
  // runs interactive submissions without a memory limit, so their verdict there depends on the
  // machine; they are left out and the README says so.
  const std::string readme = read_text(p / "README.md");
  for (const std::string& solution : solutions(root_)) {
    const std::string verdict = solution.substr(0, solution.find('/'));
    const std::string name = solution.substr(solution.find('/') + 1);
    const bool memory =
        verdict == "run_time_error" && fails_by_memory(root_ / "solutions" / solution);
    EXPECT_EQ(fs::exists(p / "submissions" / verdict / name), !memory) << solution;
    for (const std::string elsewhere : {"time_limit_exceeded", "mixed"})
      if (elsewhere != verdict) {
        EXPECT_FALSE(fs::exists(p / "submissions" / elsewhere / name));
      }
    if (memory) {
      EXPECT_NE(readme.find(name + " is left out"), std::string::npos)
          << "the README does not explain " << name;
    }
  }
  EXPECT_NE(readme.find("pypy3"), std::string::npos) << "problemtools runs Python with pypy3";
}

// spec/2025-09.md: problem_format_version, type, limits.time_limit, statement/,
// output_validator/, samples with .interaction, .in.download and .ans.download;
// data/invalid_input/; empty .ans files (BAPCtools' convention for interactive problems).
TEST_F(ExportTest, Kattis2025Layout) {
  const fs::path p = package("2025-09");
  const YAML::Node yaml = YAML::LoadFile((p / "problem.yaml").string());
  EXPECT_EQ(yaml["problem_format_version"].as<std::string>(), "2025-09");
  EXPECT_EQ(yaml["type"].as<std::string>(), "interactive");
  EXPECT_GT(yaml["limits"]["time_limit"].as<double>(), 0);
  ASSERT_TRUE(yaml["license"]);
  EXPECT_NE(yaml["license"].as<std::string>(), "unknown");
  EXPECT_FALSE(yaml["validation"]);
  // No comment naming a file that does not exist.
  const std::string yaml_text = read_text(p / "problem.yaml");
  for (const std::string& file : file_paths_in(yaml_text))
    EXPECT_TRUE(fs::exists(root_ / file)) << "problem.yaml names " << file;
  EXPECT_FALSE(fs::exists(p / ".timelimit"));
  // One statement per language: LaTeX by default (BAPCtools reads no other); Markdown on request
  // (ExportTest.Kattis2025MarkdownStatement).
  EXPECT_EQ(all_files(p / "statement"), std::vector<fs::path>{p / "statement" / "problem.en.tex"});
  EXPECT_EQ(read_text(p / "statement" / "problem.en.tex"),
            read_text(package("legacy") / "problem_statement" / "problem.en.tex"));
  EXPECT_TRUE(fs::is_regular_file(p / "output_validator" / "interactor.cpp"));
  EXPECT_FALSE(fs::exists(p / "output_validators"));
  EXPECT_TRUE(fs::is_regular_file(p / "attachments" / "testing_tool.py"));
  const std::vector<fs::path> samples = files_with(p / "data" / "sample", ".in");
  EXPECT_EQ(samples.size(), files_with(testdata() / "sample", ".in").size());
  for (const fs::path& in : samples) {
    const std::string test = read_text(testdata() / "sample" / in.filename());
    EXPECT_EQ(read_text(in), test) << in;  // whole, for the judge
    EXPECT_EQ(read_text(fs::path(in.string() + ".download")), board_of(test)) << in;  // the board
    for (const char* ext : {".ans", ".interaction", ".ans.download"})
      EXPECT_TRUE(fs::is_regular_file(with(in, ext))) << in << ext;
  }
  const std::vector<fs::path> secret = files_with(testdata() / "secret", ".in");
  EXPECT_EQ(files_with(p / "data" / "secret", ".in").size(), secret.size());
  for (const fs::path& ans : files_with(p / "data", ".ans")) {
    if (ans.string().find("/invalid_input/") == std::string::npos) {
      EXPECT_EQ(fs::file_size(ans), 0u) << ans;
    }
  }
  EXPECT_EQ(files_with(p / "data" / "invalid_input", ".in").size(),
            files_with(testdata() / "invalid_input", ".in").size());
  EXPECT_TRUE(files_with(p / "data" / "invalid_input", ".ans").empty());
  for (const std::string& solution : solutions(root_))
    EXPECT_TRUE(fs::exists(p / "submissions" / solution)) << solution;
}

TEST_F(ExportTest, Kattis2025MarkdownStatement) {
  const fs::path out = tmp_ / "2025-09 markdown";
  ASSERT_EQ(judge_export({"--format", "2025-09", "--statement", "markdown", out.string()}).status,
            0);
  const fs::path p = out / "entrapment";
  EXPECT_EQ(all_files(p / "statement"), std::vector<fs::path>{p / "statement" / "problem.en.md"});
  const std::string md = read_text(p / "statement" / "problem.en.md");
  EXPECT_NE(md.find("## Interaction"), std::string::npos);
  EXPECT_EQ(md.find("\\problemname"), std::string::npos);
  EXPECT_EQ(md.find("# Entrapment"), std::string::npos);  // the system prepends the name
  EXPECT_NE(read_text(p / "README.md").find("statement/problem.en.md"), std::string::npos);
  // Only 2025-09 takes Markdown.
  EXPECT_EQ(judge_export({"--format", "legacy", "--statement", "markdown",
                          (tmp_ / "legacy markdown").string()},
                         false)
                .status,
            2);
  EXPECT_FALSE(fs::exists(tmp_ / "legacy markdown"));
  fs::remove_all(out);
}

TEST_F(ExportTest, PolygonLayout) {
  const fs::path p = package("polygon");
  const std::string xml = read_text(p / "problem.xml");
  const std::size_t samples = files_with(testdata() / "sample", ".in").size();
  const std::size_t tests = samples + files_with(testdata() / "secret", ".in").size();
  EXPECT_NE(xml.find("<test-count>" + std::to_string(tests) + "</test-count>"), std::string::npos);
  EXPECT_NE(xml.find("<interactor>"), std::string::npos);
  EXPECT_NE(xml.find("<checker type=\"testlib\">"), std::string::npos);
  EXPECT_EQ(count(xml, "sample=\"true\""), samples);
  const YAML::Node repo = YAML::LoadFile((root_ / "problem.yaml").string());
  const long long time_ms =
      static_cast<long long>(repo["limits"]["time_limit"].as<double>() * 1000);
  EXPECT_NE(xml.find("<time-limit>" + std::to_string(time_ms) + "</time-limit>"),
            std::string::npos);
  EXPECT_TRUE(fs::is_regular_file(p / "files" / "interactor.cpp"));
  EXPECT_TRUE(fs::is_regular_file(p / "files" / "check.cpp"));
  EXPECT_FALSE(fs::exists(p / "files" / "testlib.h"));
  std::size_t numbered = 0;
  for (const auto& entry : fs::directory_iterator(p / "tests"))
    numbered += entry.path().extension().empty();
  EXPECT_EQ(numbered, tests);
  // Samples come first.
  const fs::path first = files_with(testdata() / "sample", ".in").front();
  EXPECT_EQ(read_text(p / "tests" /
                      (std::string(tests >= 100 ? tests >= 1000 ? "000" : "00" : "0") + "1")),
            read_text(first));

  // The validator, declared with its tests: the samples valid, invalid_input invalid.
  const std::size_t invalid = files_with(testdata() / "invalid_input", ".in").size();
  EXPECT_NE(xml.find("<validators>"), std::string::npos);
  EXPECT_NE(xml.find("<source path=\"files/validator.cpp\" type=\"cpp.g++17\"/>"),
            std::string::npos);
  EXPECT_EQ(count(xml, "<test verdict=\"valid\"/>"), samples);
  EXPECT_EQ(count(xml, "<test verdict=\"invalid\"/>"), invalid);
  EXPECT_EQ(all_files(p / "files" / "tests" / "validator-tests").size(), samples + invalid);
  EXPECT_FALSE(fs::exists(p / "files" / "input_validator.cpp"));  // the Kattis one: not here

  // Solutions: main is the C++ reference, once; only Polygon's tags; known types only.
  EXPECT_EQ(count(xml, "tag=\"main\""), 1u);
  EXPECT_NE(xml.find("<solution tag=\"main\">\n        <source path=\"solutions/reference.cpp\""),
            std::string::npos)
      << xml;
  const std::set<std::string> tags = {"main", "accepted", "wrong-answer", "time-limit-exceeded",
                                      "rejected"};
  const std::vector<std::string> solution_tags = attribute_values(xml, "tag");
  for (const std::string& tag : solution_tags) EXPECT_TRUE(tags.count(tag)) << tag;
  EXPECT_EQ(solution_tags.size(), solutions(root_).size());
  std::size_t typed_solutions = 0;
  for (std::size_t at = xml.find("<source path=\"solutions/"); at != std::string::npos;
       at = xml.find("<source path=\"solutions/", at + 1)) {
    const std::vector<std::string> type =
        attribute_values(xml.substr(at, xml.find('>', at) - at), "type");
    ASSERT_EQ(type.size(), 1u) << xml.substr(at, 80);
    EXPECT_TRUE(type[0] == "cpp.g++17" || type[0] == "python.3" || type[0] == "c.gcc" ||
                type[0] == "java11")
        << type[0];
    ++typed_solutions;
  }
  EXPECT_EQ(typed_solutions, solutions(root_).size());

  // The statement also as a PDF in statements/.pdf/, declared as Polygon packages declare it
  // (Polygon2DOMjudge takes the statement only from an application/pdf entry).
  EXPECT_NE(xml.find("<statement language=\"english\" path=\"statements/.pdf/english/problem.pdf\" "
                     "type=\"application/pdf\"/>"),
            std::string::npos)
      << xml;
  EXPECT_EQ(read_text(p / "statements" / ".pdf" / "english" / "problem.pdf").rfind("%PDF-", 0), 0u);

  // The statement in Polygon's sections, examples from the samples' transcripts.
  const fs::path sections = p / "statement-sections" / "english";
  for (const char* file :
       {"name.tex", "legend.tex", "input.tex", "output.tex", "interaction.tex", "notes.tex"})
    EXPECT_TRUE(fs::is_regular_file(sections / file)) << file;
  EXPECT_EQ(read_text(sections / "name.tex"), repo["name"].as<std::string>() + "\n");
  const std::vector<fs::path> interactions = files_with(testdata() / "sample", ".interaction");
  for (std::size_t i = 0; i < interactions.size(); ++i) {
    std::string reads, writes, line;
    std::istringstream in(read_text(interactions[i]));
    while (std::getline(in, line)) (line[0] == '<' ? reads : writes) += line.substr(1) + "\n";
    const std::string n = (i < 9 ? "0" : "") + std::to_string(i + 1);
    EXPECT_EQ(read_text(sections / ("example." + n)), reads) << interactions[i];
    EXPECT_EQ(read_text(sections / ("example." + n + ".a")), writes) << interactions[i];
  }
  const std::string problem = read_text(p / "statements" / "english" / "problem.tex");
  EXPECT_NE(problem.find("\\begin{problem}{" + repo["name"].as<std::string>() + "}"),
            std::string::npos);
  EXPECT_EQ(count(problem, "\\exmpfile{"), interactions.size());
  EXPECT_NE(xml.find("path=\"statements/english/problem.tex\""), std::string::npos);
}

// The statement is rendered from statement/statement.en.md for every format: the same words.
// The exhaustive tier (testdata/exhaustive) ships only with --exhaustive: the default exports
// above hold the samples and the contest set alone; with the flag every exhaustive test is added,
// numbered after the secret tests in Polygon's layout (named in tests-origin.txt). Counts come
// from testdata/. How legacy and 2025-09 ship it (whole, under data/secret/exhaustive/) is
// tests/export/export_safety_test's, on a tier of one test: the whole tier is copied once, here.
TEST_F(ExportTest, TheExhaustiveTierShipsOnlyOnRequest) {
  const std::vector<fs::path> exhaustive = files_with(testdata() / "exhaustive", ".in");
  if (exhaustive.empty()) GTEST_SKIP() << "no testdata/exhaustive in this checkout";
  for (const char* format : {"legacy", "2025-09"})
    EXPECT_FALSE(fs::exists(package(format) / "data" / "secret" / "exhaustive")) << format;
  const std::size_t sample_and_secret = files_with(testdata() / "sample", ".in").size() +
                                        files_with(testdata() / "secret", ".in").size();
  EXPECT_EQ(all_files(package("polygon") / "tests").size(), 2 * sample_and_secret);

  const fs::path out = tmp_ / "exhaustive-polygon";
  const testing::ProcessResult run =
      judge_export({"--exhaustive", "--format", "polygon", out.string()});
  ASSERT_EQ(run.status, 0) << run.err;
  const fs::path p = out / "entrapment";
  const std::string xml = read_text(p / "problem.xml");
  const std::size_t tests = sample_and_secret + exhaustive.size();
  EXPECT_NE(xml.find("<test-count>" + std::to_string(tests) + "</test-count>"), std::string::npos);
  EXPECT_EQ(all_files(p / "tests").size(), 2 * tests);
  const std::string origin = read_text(p / "tests-origin.txt");
  EXPECT_EQ(count(origin, " exhaustive/"), exhaustive.size());
  fs::remove_all(out);
}

TEST_F(ExportTest, OneStatementInEveryFormat) {
  std::string source = read_text(root_ / "statement" / "statement.en.md");
  source = source.substr(source.find("-->") + 3);  // the source's own documentation
  // A plain sentence of each section of the source, found in every rendering.
  std::vector<std::string> sentences;
  for (const char* heading : {"## Input", "## Interaction", "## Notes"}) {
    const std::size_t at = source.find(heading);
    ASSERT_NE(at, std::string::npos) << heading;
    // The section's first paragraph, its lines joined as every rendering joins them; its
    // longest stretch without markup.
    std::string paragraph = source.substr(at + std::string(heading).size());
    paragraph = paragraph.substr(paragraph.find_first_not_of('\n'));
    paragraph = paragraph.substr(0, paragraph.find("\n\n"));
    std::replace(paragraph.begin(), paragraph.end(), '\n', ' ');
    std::string longest, current;
    for (char c : paragraph + "$") {
      if (std::string("$`*\"").find(c) != std::string::npos) {
        if (current.size() > longest.size()) longest = current;
        current.clear();
      } else {
        current += c;
      }
    }
    const std::size_t begin = longest.find_first_not_of(' ');
    longest = longest.substr(begin, longest.find_last_not_of(' ') - begin + 1);
    ASSERT_GT(longest.size(), 20u) << heading;
    sentences.push_back(longest);
  }
  for (const fs::path& rendering :
       {package("legacy") / "problem_statement" / "problem.en.tex",
        package("2025-09") / "statement" / "problem.en.tex",
        package("polygon") / "statements" / "english" / "problem.tex"}) {
    const std::string text = read_text(rendering);
    for (const std::string& sentence : sentences)
      EXPECT_NE(text.find(sentence), std::string::npos) << rendering << " lacks: " << sentence;
  }
}

// Where contestants can look, a file holds what a contestant reads and nothing of the judge's
// plan: no adversary line, no script.
TEST_F(ExportTest, ContestantVisibleFilesHoldNoJudgeLines) {
  std::vector<fs::path> visible;
  auto add = [&](const std::vector<fs::path>& files) {
    visible.insert(visible.end(), files.begin(), files.end());
  };
  add(files_with(package("legacy") / "data" / "sample", ".in"));  // no .download in legacy
  add(files_with(package("legacy") / "data" / "sample", ".interaction"));
  add(all_files(package("legacy") / "problem_statement"));
  add(files_with(package("2025-09") / "data" / "sample", ".download"));
  add(files_with(package("2025-09") / "data" / "sample", ".interaction"));
  add(all_files(package("2025-09") / "statement"));
  add(all_files(package("polygon") / "statement-sections"));
  add(all_files(package("polygon") / "statements"));
  for (const char* format : {"legacy", "2025-09", "polygon"})
    add(all_files(package(format) / "attachments"));
  ASSERT_FALSE(visible.empty());
  for (const fs::path& file : visible) EXPECT_FALSE(has_judge_line(read_text(file))) << file;
  // And the samples' downloads are exactly the boards the programs receive.
  for (const fs::path& in : files_with(package("legacy") / "data" / "sample", ".in"))
    EXPECT_EQ(read_text(in), board_of(read_text(testdata() / "sample" / in.filename()))) << in;
}

TEST_F(ExportedPrograms, CompileAloneWithTheContestSystemsCommands) {
  ASSERT_GE(logs_.size(), 16u);
  for (const auto& [program, log] : logs_) EXPECT_EQ(log, "") << program;  // not even a warning
}

// Every format's samples, as each format stores them: legacy's split files included.
TEST_F(ExportedPrograms, SamplesReplayToAccepted) {
  const std::vector<fs::path> samples = files_with(testdata() / "sample", ".in");
  ASSERT_FALSE(samples.empty());
  for (const fs::path& source : samples) {
    const auto contestant = replay(with(source, ".interaction"));
    const fs::path legacy = package("legacy") / "data" / "sample" / source.filename();
    const fs::path kattis = package("2025-09") / "data" / "sample" / source.filename();
    EXPECT_EQ(legacy_exit(legacy, contestant), 42) << legacy;
    EXPECT_EQ(kattis_2025_exit(kattis, contestant), 42) << kattis;
    EXPECT_EQ(testlib(kattis, with(kattis, ".ans"), contestant), std::make_pair(0, 0)) << kattis;
  }
}

TEST_F(ExportedPrograms, WrongClaimIsRejectedByEveryBuild) {
  const fs::path source = files_with(testdata() / "sample", ".in").front();
  const fs::path legacy = package("legacy") / "data" / "sample" / source.filename();
  const fs::path kattis = package("2025-09") / "data" / "sample" / source.filename();
  const std::string winner = read_text(with(source, ".ans"));
  const std::string claim = winner.rfind("Runner", 0) == 0 ? "Trapper" : "Runner";
  // The contestant reads the board, then claims the losing side.
  const fs::path lines = tmp_ / "wrong.interaction";
  std::string transcript;
  std::istringstream in(board_of(read_text(source)));
  for (std::string line; std::getline(in, line);) transcript += "<" + line + "\n";
  write_text(lines, transcript + ">" + claim + "\n<-1\n");
  const std::vector<std::string> contestant = replay(lines);
  EXPECT_EQ(legacy_exit(legacy, contestant), 43);
  EXPECT_EQ(kattis_2025_exit(kattis, contestant), 43);
  EXPECT_EQ(testlib(kattis, with(kattis, ".ans"), contestant).first, 1);
}

// A broken test is the judge's fault: neither accepted nor wrong answer.
TEST_F(ExportedPrograms, BrokenTestFilesAreJudgeFailures) {
  const fs::path in = tmp_ / "broken.in", ans = tmp_ / "broken.ans";
  const std::vector<std::string> contestant = {"/bin/true"};
  struct Case {
    std::string in, ans;
  };
  const std::vector<Case> cases = {
      {"3 6\n1 2\n", ""},                                             // a broken board
      {"3 6\n1 2 3 7 8 9\n", ""},                                     // a board without judge lines
      {"3 6\n1 2 3 7 8 9\n", "Trapper\n"},                            // a winner, not judge lines
      {"3 6\n1 2 3 7 8 9\n", "adversary scripted 1\nanswers Yes\n"},  // a short script
  };
  const fs::path err = tmp_ / "broken.err";
  for (const Case& c : cases) {
    write_text(in, c.in);
    write_text(ans, c.ans);
    for (const char* interactor :
         {"kattis_interactor", "legacy_interactor", "domjudge_interactor"}) {
      const int code = kattis(tmp_ / interactor, in, ans, contestant);
      EXPECT_TRUE(code != 42 && code != 43) << interactor << " on " << c.in << "|" << c.ans;
      EXPECT_FALSE(read_text(tmp_ / "feedback" / "judgeerror.txt").empty()) << interactor;
    }
    EXPECT_EQ(testlib(in, ans, contestant), std::make_pair(3, 3)) << c.in << "|" << c.ans;
    // Luogu's checker and Hydro's interactor (testlib conventions), UOJ's: FAIL on stderr.
    for (const char* interactor : {"luogu_checker", "hydro_interactor", "uoj_interactor"}) {
      const std::string second =
          std::string(interactor) == "uoj_interactor" ? "/dev/stdin" : (tmp_ / "out").string();
      EXPECT_EQ(run_pair({(tmp_ / interactor).string(), in.string(), second, ans.string()},
                         contestant, err)
                    .code,
                3)
          << interactor;
      EXPECT_EQ(read_text(err).rfind("FAIL ", 0), 0u) << interactor << ": " << read_text(err);
    }
    // CMS's manager: exit 1, never a score (it reads the whole test on stdin: no answer file).
    if (c.ans.empty()) {
      EXPECT_EQ(run_cms(package("cms") / "check" / "manager", in, contestant, tmp_).code, 1);
      EXPECT_EQ(read_text(tmp_ / "manager.out"), "");
    }
  }
  // The message names the answer file when the fault is there.
  write_text(in, "3 6\n1 2 3 7 8 9\n");
  write_text(ans, "Trapper\n");
  kattis(tmp_ / "kattis_interactor", in, ans, contestant);
  EXPECT_NE(read_text(tmp_ / "feedback" / "judgeerror.txt").find(ans.string()), std::string::npos)
      << read_text(tmp_ / "feedback" / "judgeerror.txt");
}

// The testing tool shipped with every package reads the sample files contestants download
// (legacy's board-only .in, 2025-09's .in.download) and plays them with the reference.
TEST_F(ExportedPrograms, TheTestingToolReadsTheDownloadableSamples) {
  std::vector<fs::path> downloads = files_with(package("legacy") / "data" / "sample", ".in");
  const std::vector<fs::path> kattis =
      files_with(package("2025-09") / "data" / "sample", ".download");
  for (const fs::path& file : kattis)
    if (file.string().find(".in.download") != std::string::npos) downloads.push_back(file);
  ASSERT_FALSE(downloads.empty());
  for (const fs::path& file : downloads)
    EXPECT_EQ(shell("python3 " +
                    shell_quote((package("legacy") / "attachments" / "testing_tool.py").string()) +
                    " -f " + shell_quote(file.string()) + " " +
                    shell_quote((tmp_ / "reference").string()) + " > /dev/null"),
              0)
        << file;
}

TEST_F(ExportedPrograms, ExportedValidatorsAcceptTheDataAndRejectInvalidInput) {
  const fs::path kattis = tmp_ / "validator", legacy = tmp_ / "legacy_validator";
  for (const fs::path& in : files_with(package("2025-09") / "data" / "sample", ".in"))
    EXPECT_EQ(validate(kattis, in), 42) << in;
  for (const fs::path& in : files_with(package("2025-09") / "data" / "invalid_input", ".in"))
    EXPECT_EQ(validate(kattis, in), 43) << in;
  // legacy: board-only samples with the flag data/sample/testdata.yaml sets; whole secret files
  // without it; and the flag matters.
  for (const fs::path& in : files_with(package("legacy") / "data" / "sample", ".in")) {
    EXPECT_EQ(validate(legacy, in, " --board-only"), 42) << in;
    EXPECT_EQ(validate(legacy, in), 43) << in;
  }
  const std::vector<fs::path> secret = files_with(package("legacy") / "data" / "secret", ".in");
  for (std::size_t i = 0; i < secret.size(); i += std::max<std::size_t>(1, secret.size() / 20)) {
    EXPECT_EQ(validate(legacy, secret[i]), 42) << secret[i];
    EXPECT_EQ(validate(legacy, secret[i], " --board-only"), 43) << secret[i];
  }
  // Polygon: each validator test gets the verdict problem.xml declares for it.
  const std::string xml = read_text(package("polygon") / "problem.xml");
  const std::vector<std::string> verdicts = attribute_values(xml, "verdict");
  const std::vector<fs::path> tests =
      all_files(package("polygon") / "files" / "tests" / "validator-tests");
  ASSERT_EQ(verdicts.size(), tests.size());
  for (std::size_t i = 0; i < tests.size(); ++i) {
    ASSERT_TRUE(verdicts[i] == "valid" || verdicts[i] == "invalid") << verdicts[i];
    EXPECT_EQ(validate(tmp_ / "testlib_validator", tests[i]), verdicts[i] == "valid" ? 0 : 3)
        << tests[i];
  }
}

}  // namespace
}  // namespace entrapment::export_test
