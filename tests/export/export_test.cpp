// judge export, end to end: exports every format of the repository to a temporary directory,
// checks each layout against its format's rules and this package's choices (where the judge-only
// lines go, what contestants can see, expected verdicts, the statement), compiles each exported
// program alone with the command its contest system uses, and plays the samples and a slice of
// the secret data through the compiled programs (Kattis exit codes 42/43, testlib 0/1/3 and the
// checker). No count is assumed: every expectation is derived from testdata/ and solutions/.
#include <gtest/gtest.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "process.hpp"

namespace fs = std::filesystem;
using entrapment::export_test::read_file;
using entrapment::export_test::run_pair;
using entrapment::export_test::run_shell;
using entrapment::export_test::shell_quote;
using entrapment::export_test::write_file;

namespace {

std::vector<fs::path> files_with(const fs::path& dir, const std::string& extension) {
  std::vector<fs::path> out;
  if (!fs::is_directory(dir)) return out;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file() && name.size() > extension.size() &&
        name.compare(name.size() - extension.size(), extension.size(), extension) == 0)
      out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<fs::path> all_files(const fs::path& dir) {
  std::vector<fs::path> out;
  if (!fs::is_directory(dir)) return out;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    if (entry.is_regular_file()) out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

// `path` with its last extension replaced (".in" -> ".ans").
fs::path with(const fs::path& path, const std::string& extension) {
  return fs::path(path).replace_extension(extension);
}

// The board of a test file: its first line, and its second when U > 0.
std::string board_of(const std::string& test) {
  const std::size_t first = test.find('\n') + 1;
  std::istringstream head(test.substr(0, first));
  int rounds = 0, unavailable = 0;
  head >> rounds >> unavailable;
  return test.substr(0, unavailable > 0 ? test.find('\n', first) + 1 : first);
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The values of every ` attribute="value"` in `text`, in order. (No std::regex here: GCC 12 warns
// inside <regex> under the sanitizers.)
std::vector<std::string> attribute_values(const std::string& text, const std::string& attribute) {
  std::vector<std::string> out;
  const std::string key = " " + attribute + "=\"";
  for (std::size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + 1)) {
    const std::size_t begin = at + key.size(), end = text.find('"', begin);
    if (end != std::string::npos) out.push_back(text.substr(begin, end - begin));
  }
  return out;
}

// The words of `text` that look like a path to a source or YAML file ("judge/x/y.hpp").
std::vector<std::string> file_paths_in(const std::string& text) {
  std::vector<std::string> out;
  std::string word;
  const auto flush = [&] {
    while (!word.empty() && word.back() == '.') word.pop_back();
    for (const std::string ext : {".yaml", ".hpp", ".cpp"})
      if (word.find('/') != std::string::npos && word.size() > ext.size() &&
          word.compare(word.size() - ext.size(), std::string::npos, ext) == 0)
        out.push_back(word);
    word.clear();
  };
  for (const char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '/' || c == '.' || c == '-')
      word += c;
    else
      flush();
  }
  flush();
  return out;
}

// Whether a line of `text` starts with a judge-only keyword (after an optional "<" or ">" and
// a space, as in a transcript).
bool has_judge_line(const std::string& text) {
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::size_t at = 0;
    if (at < line.size() && (line[at] == '<' || line[at] == '>')) ++at;
    if (at < line.size() && line[at] == ' ') ++at;
    for (const std::string word : {"adversary ", "ask ", "answers "})
      if (line.compare(at, word.size(), word) == 0) return true;
  }
  return false;
}

// Every solution of the repository (file or directory directly below solutions/<verdict>/),
// as "verdict/name".
std::vector<std::string> solutions(const fs::path& root) {
  std::vector<std::string> out;
  for (const char* verdict : {"accepted", "wrong_answer", "time_limit_exceeded", "run_time_error"})
    if (fs::is_directory(root / "solutions" / verdict))
      for (const auto& entry : fs::directory_iterator(root / "solutions" / verdict)) {
        const std::string ext = entry.path().extension().string();
        if (ext == ".cpp" || ext == ".py" || ext == ".c" || ext == ".java" || entry.is_directory())
          out.push_back(std::string(verdict) + "/" + entry.path().filename().string());
      }
  std::sort(out.begin(), out.end());
  return out;
}

// A solution that fails by exceeding the memory limit says so on its first line.
bool fails_by_memory(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  return line.find("RUN TIME ERROR (memory)") != std::string::npos;
}

class ExportTest : public ::testing::Test {
 protected:
  // Exports once for every suite of this binary; the directory goes at the end of the run.
  static void SetUpTestSuite() {
    if (!tmp_.empty()) return;
    root_ = entrapment::export_test::repository_root();
    bin_ = entrapment::export_test::bin_dir();
    char pattern[] = "/tmp/entrapment export-XXXXXX";  // a space: paths are quoted everywhere
    ASSERT_NE(mkdtemp(pattern), nullptr);
    tmp_ = pattern;
    for (const char* format : {"legacy", "2025-09", "polygon"}) {
      const std::string command = shell_quote((bin_ / "judge").string()) + " --root " +
                                  shell_quote(root_.string()) + " export --format " + format + " " +
                                  shell_quote((tmp_ / format).string()) + " --zip --build-dir " +
                                  shell_quote(bin_.parent_path().string()) + " > /dev/null 2> " +
                                  shell_quote((tmp_ / (std::string(format) + ".err")).string());
      export_status_[format] = run_shell(command);
    }
  }

  static fs::path package(const std::string& format) { return tmp_ / format / "entrapment"; }
  static fs::path testdata() { return root_ / "testdata"; }

  // Compiles `source` with `command` (the contest system's); "" when it worked, else the
  // compiler's output.
  static std::string compile(const std::string& command, const fs::path& source,
                             const fs::path& binary) {
    const fs::path log = tmp_ / (binary.filename().string() + ".log");
    const int status =
        run_shell(command + " -o " + shell_quote(binary.string()) + " " +
                  shell_quote(source.string()) + " > " + shell_quote(log.string()) + " 2>&1");
    return status == 0 ? read_file(log) : "exit " + std::to_string(status) + ": " + read_file(log);
  }

  static inline fs::path root_, bin_, tmp_;
  static inline std::map<std::string, int> export_status_;
  friend class RemoveExports;
};

class RemoveExports : public ::testing::Environment {
 public:
  void TearDown() override {
    if (!ExportTest::tmp_.empty()) fs::remove_all(ExportTest::tmp_);
  }
};
::testing::Environment* const remove_exports =
    ::testing::AddGlobalTestEnvironment(new RemoveExports);

TEST_F(ExportTest, EveryFormatExports) {
  for (const char* format : {"legacy", "2025-09", "polygon"}) {
    EXPECT_EQ(export_status_[format], 0)
        << format << ": " << read_file(tmp_ / (std::string(format) + ".err"));
    EXPECT_TRUE(fs::is_regular_file(tmp_ / format / "entrapment.zip")) << format;
    // The README marks the directory as judge export's (the next export may replace it).
    const std::string readme = read_file(package(format) / "README.md");
    EXPECT_EQ(readme.rfind("<!-- Written by `judge export`", 0), 0u) << format;
    // Nothing left next to the package: the staging directory was renamed into place.
    for (const auto& entry : fs::directory_iterator(tmp_ / format))
      EXPECT_TRUE(entry.path().filename() == "entrapment" ||
                  entry.path().filename() == "entrapment.zip")
          << entry.path();
  }
}

TEST_F(ExportTest, RejectsAnUnknownFormat) {
  EXPECT_NE(run_shell(shell_quote((bin_ / "judge").string()) + " export --format icpc " +
                      shell_quote((tmp_ / "unknown").string()) + " 2> /dev/null"),
            0);
  EXPECT_FALSE(fs::exists(tmp_ / "unknown" / "entrapment"));
}

TEST_F(ExportTest, ZipHoldsThePackageDirectoryAndItsMark) {
  for (const char* format : {"legacy", "2025-09", "polygon"}) {
    const std::string zip = read_file(tmp_ / format / "entrapment.zip");
    ASSERT_GE(zip.size(), 22u);
    EXPECT_EQ(zip.substr(0, 4), std::string("PK\x03\x04", 4));
    EXPECT_NE(zip.find("entrapment/README.md"), std::string::npos);
    // The end record counts every file of the package and carries judge export's comment.
    const std::size_t end_at = zip.rfind(std::string("PK\x05\x06", 4));
    ASSERT_NE(end_at, std::string::npos);
    const std::string end = zip.substr(end_at);
    const unsigned entries =
        static_cast<unsigned char>(end[10]) | static_cast<unsigned char>(end[11]) << 8;
    EXPECT_EQ(entries, all_files(package(format)).size()) << format;
    EXPECT_NE(end.find("judge export"), std::string::npos) << format;
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
  EXPECT_EQ(read_file(p / ".timelimit"), repo["limits"]["time_limit"].as<std::string>() + "\n");
  const std::string statement = read_file(p / "problem_statement" / "problem.en.tex");
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
  EXPECT_NE(read_file(p / "data" / "sample" / "testdata.yaml")
                .find("input_validator_flags: --board-only"),
            std::string::npos);
  const std::vector<fs::path> samples = files_with(testdata() / "sample", ".in");
  ASSERT_FALSE(samples.empty());
  for (const fs::path& in : samples) {
    const fs::path exported = p / "data" / "sample" / in.filename();
    const std::string test = read_file(in);
    EXPECT_EQ(read_file(exported), board_of(test)) << in;
    EXPECT_EQ(read_file(exported) + read_file(with(exported, ".ans")), test) << in;
    EXPECT_EQ(read_file(with(exported, ".interaction")), read_file(with(in, ".interaction"))) << in;
  }
  // Secret: every test, whole, with an answer.
  const std::vector<fs::path> secret = files_with(testdata() / "secret", ".in");
  ASSERT_FALSE(secret.empty());
  EXPECT_EQ(files_with(p / "data" / "secret", ".in").size(), secret.size());
  EXPECT_EQ(files_with(p / "data" / "secret", ".ans").size(), secret.size());
  for (std::size_t i = 0; i < secret.size(); i += std::max<std::size_t>(1, secret.size() / 50)) {
    const fs::path exported = p / "data" / fs::relative(secret[i], testdata());
    EXPECT_EQ(read_file(exported), read_file(secret[i])) << secret[i];
  }

  // Every solution, with its verdict; those that fail by memory expected to time out, since
  // problemtools runs interactive submissions without a memory limit; the README says so.
  const std::string readme = read_file(p / "README.md");
  for (const std::string& solution : solutions(root_)) {
    const std::string verdict = solution.substr(0, solution.find('/'));
    const std::string name = solution.substr(solution.find('/') + 1);
    const bool memory =
        verdict == "run_time_error" && fails_by_memory(root_ / "solutions" / solution);
    const std::string expected = memory ? "time_limit_exceeded" : verdict;
    EXPECT_TRUE(fs::exists(p / "submissions" / expected / name)) << solution;
    if (memory) {
      EXPECT_FALSE(fs::exists(p / "submissions" / verdict / name)) << solution;
      EXPECT_NE(readme.find(name), std::string::npos) << "the README does not explain " << name;
    }
  }
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
  const std::string yaml_text = read_file(p / "problem.yaml");
  for (const std::string& file : file_paths_in(yaml_text))
    EXPECT_TRUE(fs::exists(root_ / file)) << "problem.yaml names " << file;
  EXPECT_FALSE(fs::exists(p / ".timelimit"));
  // One statement per language: LaTeX by default (BAPCtools reads no other); Markdown on request
  // (ExportTest.Kattis2025MarkdownStatement).
  EXPECT_EQ(all_files(p / "statement"), std::vector<fs::path>{p / "statement" / "problem.en.tex"});
  EXPECT_EQ(read_file(p / "statement" / "problem.en.tex"),
            read_file(package("legacy") / "problem_statement" / "problem.en.tex"));
  EXPECT_TRUE(fs::is_regular_file(p / "output_validator" / "interactor.cpp"));
  EXPECT_FALSE(fs::exists(p / "output_validators"));
  EXPECT_TRUE(fs::is_regular_file(p / "attachments" / "testing_tool.py"));
  const std::vector<fs::path> samples = files_with(p / "data" / "sample", ".in");
  EXPECT_EQ(samples.size(), files_with(testdata() / "sample", ".in").size());
  for (const fs::path& in : samples) {
    const std::string test = read_file(testdata() / "sample" / in.filename());
    EXPECT_EQ(read_file(in), test) << in;  // whole, for the judge
    EXPECT_EQ(read_file(fs::path(in.string() + ".download")), board_of(test)) << in;  // the board
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
  ASSERT_EQ(
      run_shell(shell_quote((bin_ / "judge").string()) + " --root " + shell_quote(root_.string()) +
                " export --format 2025-09 --statement markdown " + shell_quote(out.string()) +
                " --build-dir " + shell_quote(bin_.parent_path().string()) + " > /dev/null"),
      0);
  const fs::path p = out / "entrapment";
  EXPECT_EQ(all_files(p / "statement"), std::vector<fs::path>{p / "statement" / "problem.en.md"});
  const std::string md = read_file(p / "statement" / "problem.en.md");
  EXPECT_NE(md.find("## Interaction"), std::string::npos);
  EXPECT_EQ(md.find("\\problemname"), std::string::npos);
  EXPECT_EQ(md.find("# Entrapment"), std::string::npos);  // the system prepends the name
  EXPECT_NE(read_file(p / "README.md").find("statement/problem.en.md"), std::string::npos);
  // Only 2025-09 takes Markdown.
  EXPECT_EQ(
      run_shell(shell_quote((bin_ / "judge").string()) + " --root " + shell_quote(root_.string()) +
                " export --format legacy --statement markdown " +
                shell_quote((tmp_ / "legacy markdown").string()) + " 2> /dev/null"),
      2);
  EXPECT_FALSE(fs::exists(tmp_ / "legacy markdown"));
  fs::remove_all(out);
}

TEST_F(ExportTest, PolygonLayout) {
  const fs::path p = package("polygon");
  const std::string xml = read_file(p / "problem.xml");
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
  EXPECT_EQ(read_file(p / "tests" /
                      (std::string(tests >= 100 ? tests >= 1000 ? "000" : "00" : "0") + "1")),
            read_file(first));

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

  // The statement in Polygon's sections, examples from the samples' transcripts.
  const fs::path sections = p / "statement-sections" / "english";
  for (const char* file :
       {"name.tex", "legend.tex", "input.tex", "output.tex", "interaction.tex", "notes.tex"})
    EXPECT_TRUE(fs::is_regular_file(sections / file)) << file;
  EXPECT_EQ(read_file(sections / "name.tex"), repo["name"].as<std::string>() + "\n");
  const std::vector<fs::path> interactions = files_with(testdata() / "sample", ".interaction");
  for (std::size_t i = 0; i < interactions.size(); ++i) {
    std::string reads, writes, line;
    std::istringstream in(read_file(interactions[i]));
    while (std::getline(in, line)) (line[0] == '<' ? reads : writes) += line.substr(1) + "\n";
    const std::string n = (i < 9 ? "0" : "") + std::to_string(i + 1);
    EXPECT_EQ(read_file(sections / ("example." + n)), reads) << interactions[i];
    EXPECT_EQ(read_file(sections / ("example." + n + ".a")), writes) << interactions[i];
  }
  const std::string problem = read_file(p / "statements" / "english" / "problem.tex");
  EXPECT_NE(problem.find("\\begin{problem}{" + repo["name"].as<std::string>() + "}"),
            std::string::npos);
  EXPECT_EQ(count(problem, "\\exmpfile{"), interactions.size());
  EXPECT_NE(xml.find("path=\"statements/english/problem.tex\""), std::string::npos);
}

// The statement is rendered from statement/statement.en.md for every format: the same words.
// The exhaustive tier (testdata/exhaustive) ships only with --exhaustive: the default exports
// above hold the samples and the contest set alone; with the flag every exhaustive test is added,
// whole, under data/secret/exhaustive/ (legacy, 2025-09) or numbered after the secret tests
// (Polygon, named in tests-origin.txt). Counts come from testdata/.
TEST_F(ExportTest, TheExhaustiveTierShipsOnlyOnRequest) {
  const std::vector<fs::path> exhaustive = files_with(testdata() / "exhaustive", ".in");
  if (exhaustive.empty()) GTEST_SKIP() << "no testdata/exhaustive in this checkout";
  for (const char* format : {"legacy", "2025-09"})
    EXPECT_FALSE(fs::exists(package(format) / "data" / "secret" / "exhaustive")) << format;
  const std::size_t sample_and_secret = files_with(testdata() / "sample", ".in").size() +
                                        files_with(testdata() / "secret", ".in").size();
  EXPECT_EQ(all_files(package("polygon") / "tests").size(), 2 * sample_and_secret);

  for (const char* format : {"legacy", "2025-09", "polygon"}) {
    const fs::path out = tmp_ / (std::string("exhaustive-") + format);
    ASSERT_EQ(run_shell(shell_quote((bin_ / "judge").string()) + " --root " +
                        shell_quote(root_.string()) + " export --exhaustive --format " + format +
                        " " + shell_quote(out.string()) + " --build-dir " +
                        shell_quote(bin_.parent_path().string()) + " > /dev/null 2> " +
                        shell_quote((out.string() + ".err"))),
              0)
        << format << ": " << read_file(out.string() + ".err");
    const fs::path p = out / "entrapment";
    if (std::string(format) == "polygon") {
      const std::string xml = read_file(p / "problem.xml");
      const std::size_t tests = sample_and_secret + exhaustive.size();
      EXPECT_NE(xml.find("<test-count>" + std::to_string(tests) + "</test-count>"),
                std::string::npos);
      EXPECT_EQ(all_files(p / "tests").size(), 2 * tests);
      const std::string origin = read_file(p / "tests-origin.txt");
      EXPECT_EQ(count(origin, " exhaustive/"), exhaustive.size());
      continue;
    }
    const fs::path shipped = p / "data" / "secret" / "exhaustive";
    const std::vector<fs::path> in = files_with(shipped, ".in");
    ASSERT_EQ(in.size(), exhaustive.size()) << format;
    EXPECT_EQ(files_with(shipped, ".ans").size(), exhaustive.size()) << format;
    EXPECT_EQ(files_with(p / "data" / "secret", ".in").size(),
              files_with(testdata() / "secret", ".in").size() + exhaustive.size())
        << format;
    for (std::size_t i = 0; i < exhaustive.size();
         i += std::max<std::size_t>(1, exhaustive.size() / 40)) {
      const fs::path exported = shipped / fs::relative(exhaustive[i], testdata() / "exhaustive");
      EXPECT_EQ(read_file(exported), read_file(exhaustive[i])) << format << ": " << exhaustive[i];
    }
    fs::remove_all(out);
  }
}

TEST_F(ExportTest, OneStatementInEveryFormat) {
  std::string source = read_file(root_ / "statement" / "statement.en.md");
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
    const std::string text = read_file(rendering);
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
  for (const fs::path& file : visible) EXPECT_FALSE(has_judge_line(read_file(file))) << file;
  // And the samples' downloads are exactly the boards the programs receive.
  for (const fs::path& in : files_with(package("legacy") / "data" / "sample", ".in"))
    EXPECT_EQ(read_file(in), board_of(read_file(testdata() / "sample" / in.filename()))) << in;
}

// Compiles the exported programs as the contest systems do and plays samples and secret data
// through them.
class ExportedPrograms : public ExportTest {
 protected:
  static void SetUpTestSuite() {
    ExportTest::SetUpTestSuite();
    // problemtools (g++ -O2 -std=gnu++17) for legacy; DOMjudge (g++ -Wall -O2 -std=gnu++20)
    // for 2025-09; Polygon's g++17 for the testlib programs.
    logs_["legacy_interactor"] = compile(
        "g++ -O2 -std=gnu++17",
        package("legacy") / "output_validators" / "entrapment_interactor" / "interactor.cpp",
        tmp_ / "legacy_interactor");
    logs_["kattis_interactor"] = compile("g++ -Wall -O2 -std=gnu++20",
                                         package("2025-09") / "output_validator" / "interactor.cpp",
                                         tmp_ / "kattis_interactor");
    logs_["testlib_interactor"] =
        compile("g++ -O2 -std=gnu++17", package("polygon") / "files" / "interactor.cpp",
                tmp_ / "testlib_interactor");
    logs_["checker"] = compile("g++ -O2 -std=gnu++17", package("polygon") / "files" / "check.cpp",
                               tmp_ / "checker");
    logs_["validator"] =
        compile("g++ -Wall -O2 -std=gnu++20",
                package("2025-09") / "input_validators" / "input_validator" / "input_validator.cpp",
                tmp_ / "validator");
    logs_["legacy_validator"] =
        compile("g++ -O2 -std=gnu++17",
                package("legacy") / "input_validators" / "input_validator" / "input_validator.cpp",
                tmp_ / "legacy_validator");
    logs_["testlib_validator"] =
        compile("g++ -O2 -std=gnu++17", package("polygon") / "files" / "validator.cpp",
                tmp_ / "testlib_validator");
    logs_["reference"] =
        compile("g++ -O2 -std=gnu++17", root_ / "solutions" / "accepted" / "reference.cpp",
                tmp_ / "reference");
  }

  // The Kattis interactor's exit code on (`in`, `ans`) against a contestant.
  static int kattis(const fs::path& interactor, const fs::path& in, const fs::path& ans,
                    const std::vector<std::string>& contestant) {
    const fs::path feedback = tmp_ / "feedback";
    fs::create_directories(feedback);
    fs::remove(feedback / "judgeerror.txt");
    return run_pair({interactor.string(), in.string(), ans.string(), feedback.string() + "/"},
                    contestant);
  }
  // The testlib interactor's exit code, and then the checker's on its log.
  static std::pair<int, int> testlib(const fs::path& in, const fs::path& answer,
                                     const std::vector<std::string>& contestant) {
    const fs::path log = tmp_ / "testlib.log";
    fs::remove(log);
    const int interactor = run_pair(
        {(tmp_ / "testlib_interactor").string(), in.string(), log.string(), answer.string()},
        contestant);
    const int checker =
        run_shell(shell_quote((tmp_ / "checker").string()) + " " + shell_quote(in.string()) + " " +
                  shell_quote(log.string()) + " " + shell_quote(answer.string()) + " 2> /dev/null");
    return {interactor, checker};
  }
  // The interactors of the two Kattis exports on one of their tests, with its .ans.
  static int legacy_exit(const fs::path& in, const std::vector<std::string>& contestant) {
    return kattis(tmp_ / "legacy_interactor", in, with(in, ".ans"), contestant);
  }
  static int kattis_2025_exit(const fs::path& in, const std::vector<std::string>& contestant) {
    return kattis(tmp_ / "kattis_interactor", in, with(in, ".ans"), contestant);
  }
  static std::vector<std::string> replay(const fs::path& interaction) {
    return {"/bin/sh", (root_ / "tests" / "export" / "replay.sh").string(), interaction.string()};
  }
  static int validate(const fs::path& validator, const fs::path& in, const std::string& args = "") {
    return run_shell(shell_quote(validator.string()) + args + " < " + shell_quote(in.string()) +
                     " > /dev/null 2>&1");
  }

  static inline std::map<std::string, std::string> logs_;
};

TEST_F(ExportedPrograms, CompileAloneWithTheContestSystemsCommands) {
  ASSERT_EQ(logs_.size(), 8u);
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

TEST_F(ExportedPrograms, SecretSliceAcceptsTheReferenceSolution) {
  ASSERT_EQ(logs_["reference"], "");
  const std::vector<fs::path> secret = files_with(package("2025-09") / "data" / "secret", ".in");
  ASSERT_FALSE(secret.empty());
  const std::size_t step = std::max<std::size_t>(1, secret.size() / 20);
  for (std::size_t i = 0; i < secret.size(); i += step) {
    const fs::path& in = secret[i];
    const fs::path legacy = package("legacy") / fs::relative(in, package("2025-09"));
    const std::vector<std::string> contestant = {(tmp_ / "reference").string()};
    EXPECT_EQ(kattis(tmp_ / "kattis_interactor", in, with(in, ".ans"), contestant), 42) << in;
    EXPECT_EQ(kattis(tmp_ / "legacy_interactor", legacy, with(legacy, ".ans"), contestant), 42)
        << legacy;
    const fs::path polygon_answer = tmp_ / "winner.a";
    write_file(polygon_answer, read_file(with(legacy, ".ans")));
    EXPECT_EQ(testlib(in, polygon_answer, contestant), std::make_pair(0, 0)) << in;
  }
}

TEST_F(ExportedPrograms, WrongClaimIsRejectedByEveryBuild) {
  const fs::path source = files_with(testdata() / "sample", ".in").front();
  const fs::path legacy = package("legacy") / "data" / "sample" / source.filename();
  const fs::path kattis = package("2025-09") / "data" / "sample" / source.filename();
  const std::string winner = read_file(with(source, ".ans"));
  const std::string claim = winner.rfind("Runner", 0) == 0 ? "Trapper" : "Runner";
  // The contestant reads the board, then claims the losing side.
  const fs::path lines = tmp_ / "wrong.interaction";
  std::string transcript;
  std::istringstream in(board_of(read_file(source)));
  for (std::string line; std::getline(in, line);) transcript += "<" + line + "\n";
  write_file(lines, transcript + ">" + claim + "\n<-1\n");
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
  for (const Case& c : cases) {
    write_file(in, c.in);
    write_file(ans, c.ans);
    for (const char* interactor : {"kattis_interactor", "legacy_interactor"}) {
      const int code = kattis(tmp_ / interactor, in, ans, contestant);
      EXPECT_TRUE(code != 42 && code != 43) << interactor << " on " << c.in << "|" << c.ans;
      EXPECT_FALSE(read_file(tmp_ / "feedback" / "judgeerror.txt").empty()) << interactor;
    }
    EXPECT_EQ(testlib(in, ans, contestant), std::make_pair(3, 3)) << c.in << "|" << c.ans;
  }
  // The message names the answer file when the fault is there.
  write_file(in, "3 6\n1 2 3 7 8 9\n");
  write_file(ans, "Trapper\n");
  kattis(tmp_ / "kattis_interactor", in, ans, contestant);
  EXPECT_NE(read_file(tmp_ / "feedback" / "judgeerror.txt").find(ans.string()), std::string::npos)
      << read_file(tmp_ / "feedback" / "judgeerror.txt");
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
    EXPECT_EQ(
        run_shell("python3 " +
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
  const std::string xml = read_file(package("polygon") / "problem.xml");
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
