// judge export, end to end: exports every format to a temporary directory, checks each layout
// against its format's rules, compiles each exported interactor alone with the command the
// contest system uses, and plays the samples and a slice of the secret data through the
// compiled programs (Kattis exit codes 42/43, testlib 0/1/3 and the checker).
#include <gtest/gtest.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "process.hpp"

namespace fs = std::filesystem;
using entrapment::export_test::run_pair;
using entrapment::export_test::run_shell;
using entrapment::export_test::shell_quote;

namespace {

std::string read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

std::vector<fs::path> files_with(const fs::path& dir, const std::string& extension) {
  std::vector<fs::path> out;
  if (!fs::is_directory(dir)) return out;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    if (entry.is_regular_file() && entry.path().extension() == extension)
      out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

// The judge lines an .interaction transcript starts with (the board), in its '<' form.
std::string board_lines(const fs::path& interaction) {
  std::istringstream in(read(interaction));
  std::string line, out;
  while (std::getline(in, line) && !line.empty() && line[0] == '<') out += line + "\n";
  return out;
}

class ExportTest : public ::testing::Test {
 protected:
  // Exports once for every suite of this binary; the directory goes at the end of the run.
  static void SetUpTestSuite() {
    if (!tmp_.empty()) return;
    root_ = entrapment::export_test::repository_root();
    bin_ = entrapment::export_test::bin_dir();
    char pattern[] = "/tmp/entrapment-export-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    tmp_ = pattern;
    for (const char* format : {"legacy", "2025-09", "polygon"}) {
      const std::string command = shell_quote((bin_ / "judge").string()) + " --root " +
                                  shell_quote(root_.string()) + " export --format " + format + " " +
                                  shell_quote((tmp_ / format).string()) + " --zip --build-dir " +
                                  shell_quote(bin_.parent_path().string()) + " > /dev/null";
      export_status_[format] = run_shell(command);
    }
  }

  static fs::path package(const std::string& format) { return tmp_ / format / "entrapment"; }

  // Compiles `source` with `command` (the contest system's); "" when it worked, else the
  // compiler's output.
  static std::string compile(const std::string& command, const fs::path& source,
                             const fs::path& binary) {
    const fs::path log = tmp_ / (binary.filename().string() + ".log");
    const int status =
        run_shell(command + " -o " + shell_quote(binary.string()) + " " +
                  shell_quote(source.string()) + " > " + shell_quote(log.string()) + " 2>&1");
    return status == 0 ? read(log) : "exit " + std::to_string(status) + ": " + read(log);
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
    EXPECT_EQ(export_status_[format], 0) << format;
    EXPECT_TRUE(fs::is_regular_file(tmp_ / format / "entrapment.zip")) << format;
  }
}

TEST_F(ExportTest, RejectsAnUnknownFormat) {
  EXPECT_NE(run_shell(shell_quote((bin_ / "judge").string()) + " export --format icpc " +
                      shell_quote((tmp_ / "unknown").string()) + " 2> /dev/null"),
            0);
  EXPECT_FALSE(fs::exists(tmp_ / "unknown" / "entrapment"));
}

TEST_F(ExportTest, ZipHoldsThePackageDirectory) {
  const std::string zip = read(tmp_ / "2025-09" / "entrapment.zip");
  ASSERT_GE(zip.size(), 22u);
  EXPECT_EQ(zip.substr(0, 4), std::string("PK\x03\x04", 4));
  EXPECT_NE(zip.find("entrapment/problem.yaml"), std::string::npos);
  // The end record counts every file of the package.
  const std::string end = zip.substr(zip.size() - 22);
  EXPECT_EQ(end.substr(0, 4), std::string("PK\x05\x06", 4));
  const unsigned entries = static_cast<unsigned char>(end[10]) | static_cast<unsigned char>(end[11])
                                                                     << 8;
  std::size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(package("2025-09")))
    files += entry.is_regular_file();
  EXPECT_EQ(entries, files);
}

// spec/legacy.md: problem.yaml keys, problem_statement/, data/, output_validators/<name>/,
// submissions/<verdict>/; DOMjudge's .timelimit.
TEST_F(ExportTest, LegacyLayout) {
  const fs::path p = package("legacy");
  const YAML::Node yaml = YAML::LoadFile((p / "problem.yaml").string());
  const std::vector<std::string> legacy_keys = {"problem_format_version",
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
    EXPECT_NE(std::find(legacy_keys.begin(), legacy_keys.end(), entry.first.as<std::string>()),
              legacy_keys.end())
        << "not a legacy key: " << entry.first.as<std::string>();
  EXPECT_EQ(yaml["validation"].as<std::string>(), "custom interactive");
  EXPECT_EQ(yaml["problem_format_version"].as<std::string>(), "legacy");
  EXPECT_FALSE(yaml["limits"]["time_limit"]);
  EXPECT_EQ(read(p / ".timelimit"), "5\n");
  EXPECT_TRUE(fs::is_regular_file(p / "problem_statement" / "problem.en.tex"));
  EXPECT_NE(read(p / "problem_statement" / "problem.en.tex").find("\\problemname{Entrapment}"),
            std::string::npos);
  EXPECT_TRUE(
      fs::is_regular_file(p / "output_validators" / "entrapment_interactor" / "interactor.cpp"));
  EXPECT_TRUE(
      fs::is_regular_file(p / "input_validators" / "input_validator" / "input_validator.cpp"));
  EXPECT_TRUE(fs::is_regular_file(p / "attachments" / "testing_tool.py"));
  EXPECT_TRUE(fs::is_regular_file(p / "submissions" / "accepted" / "reference.cpp"));
  EXPECT_FALSE(fs::exists(p / "data" / "invalid_input"));  // problemtools would take it for a group
  // Every test case of testdata/ with its answer; samples with their transcript.
  EXPECT_EQ(files_with(p / "data" / "secret", ".in").size(),
            files_with(root_ / "testdata" / "secret", ".in").size());
  EXPECT_EQ(files_with(p / "data" / "secret", ".ans").size(),
            files_with(p / "data" / "secret", ".in").size());
  EXPECT_EQ(files_with(p / "invalid_input", ".in").size(),
            files_with(root_ / "testdata" / "invalid_input", ".in").size());
  for (const fs::path& in : files_with(p / "data" / "sample", ".in"))
    EXPECT_TRUE(fs::is_regular_file(fs::path(in).replace_extension(".interaction"))) << in;
  // Every submission with its verdict.
  for (const char* verdict :
       {"accepted", "wrong_answer", "time_limit_exceeded", "run_time_error"}) {
    if (!fs::is_directory(root_ / "solutions" / verdict)) continue;
    for (const auto& entry : fs::directory_iterator(root_ / "solutions" / verdict)) {
      if (entry.path().extension() != ".cpp" && entry.path().extension() != ".py") continue;
      EXPECT_TRUE(fs::exists(p / "submissions" / verdict / entry.path().filename()))
          << entry.path();
    }
  }
}

// spec/2025-09.md: problem_format_version, type, limits.time_limit, statement/,
// output_validator/, samples with .interaction, .in.download and .ans.download;
// data/invalid_input/.
TEST_F(ExportTest, Kattis2025Layout) {
  const fs::path p = package("2025-09");
  const YAML::Node yaml = YAML::LoadFile((p / "problem.yaml").string());
  EXPECT_EQ(yaml["problem_format_version"].as<std::string>(), "2025-09");
  EXPECT_EQ(yaml["type"].as<std::string>(), "interactive");
  EXPECT_EQ(yaml["limits"]["time_limit"].as<double>(), 5);
  EXPECT_FALSE(yaml["validation"]);
  EXPECT_FALSE(fs::exists(p / ".timelimit"));
  EXPECT_TRUE(fs::is_regular_file(p / "statement" / "problem.en.tex"));
  EXPECT_TRUE(fs::is_regular_file(p / "output_validator" / "interactor.cpp"));
  EXPECT_FALSE(fs::exists(p / "output_validators"));
  EXPECT_TRUE(fs::is_regular_file(p / "attachments" / "testing_tool.py"));
  const std::vector<fs::path> samples = files_with(p / "data" / "sample", ".in");
  EXPECT_FALSE(samples.empty());
  for (const fs::path& in : samples) {
    const std::string base = fs::path(in).replace_extension().string();
    for (const char* ext : {".ans", ".interaction", ".in.download", ".ans.download"})
      EXPECT_TRUE(fs::is_regular_file(base + ext)) << base << ext;
  }
  EXPECT_EQ(files_with(p / "data" / "invalid_input", ".in").size(),
            files_with(root_ / "testdata" / "invalid_input", ".in").size());
  EXPECT_TRUE(files_with(p / "data" / "invalid_input", ".ans").empty());
}

TEST_F(ExportTest, PolygonLayout) {
  const fs::path p = package("polygon");
  const std::string xml = read(p / "problem.xml");
  const std::size_t tests = files_with(root_ / "testdata" / "sample", ".in").size() +
                            files_with(root_ / "testdata" / "secret", ".in").size();
  EXPECT_NE(xml.find("<test-count>" + std::to_string(tests) + "</test-count>"), std::string::npos);
  EXPECT_NE(xml.find("<interactor>"), std::string::npos);
  EXPECT_NE(xml.find("<checker type=\"testlib\">"), std::string::npos);
  EXPECT_NE(xml.find("tag=\"main\""), std::string::npos);
  EXPECT_NE(xml.find("<time-limit>5000</time-limit>"), std::string::npos);
  EXPECT_TRUE(fs::is_regular_file(p / "files" / "interactor.cpp"));
  EXPECT_TRUE(fs::is_regular_file(p / "files" / "check.cpp"));
  EXPECT_FALSE(fs::exists(p / "files" / "testlib.h"));
  std::size_t numbered = 0;
  for (const auto& entry : fs::directory_iterator(p / "tests"))
    numbered += entry.path().extension().empty();
  EXPECT_EQ(numbered, tests);
  // Samples come first.
  const fs::path first = files_with(root_ / "testdata" / "sample", ".in").front();
  std::string one = "0001";
  one = one.substr(one.size() - std::max<std::size_t>(2, std::to_string(tests).size()));
  EXPECT_EQ(read(p / "tests" / one), read(first));
}

// Compiles the exported interactors as the contest systems do and plays samples and secret
// data through them.
class ExportedInteractors : public ExportTest {
 protected:
  static void SetUpTestSuite() {
    ExportTest::SetUpTestSuite();
    // problemtools (g++ -O2 -std=gnu++17) for legacy; DOMjudge (g++ -Wall -O2 -std=gnu++20)
    // for 2025-09; Polygon's g++17 for the testlib interactor and the checker.
    legacy_log_ = compile(
        "g++ -O2 -std=gnu++17",
        package("legacy") / "output_validators" / "entrapment_interactor" / "interactor.cpp",
        tmp_ / "legacy_interactor");
    kattis_log_ = compile("g++ -Wall -O2 -std=gnu++20",
                          package("2025-09") / "output_validator" / "interactor.cpp",
                          tmp_ / "kattis_interactor");
    testlib_log_ = compile("g++ -O2 -std=gnu++17", package("polygon") / "files" / "interactor.cpp",
                           tmp_ / "testlib_interactor");
    checker_log_ = compile("g++ -O2 -std=gnu++17", package("polygon") / "files" / "check.cpp",
                           tmp_ / "checker");
    validator_log_ =
        compile("g++ -Wall -O2 -std=gnu++20",
                package("2025-09") / "input_validators" / "input_validator" / "input_validator.cpp",
                tmp_ / "validator");
    reference_log_ =
        compile("g++ -O2 -std=gnu++17", root_ / "solutions" / "accepted" / "reference.cpp",
                tmp_ / "reference");
  }

  // The Kattis interactor's exit code on `in` against a contestant.
  static int kattis(const fs::path& interactor, const fs::path& in,
                    const std::vector<std::string>& contestant) {
    const fs::path feedback = tmp_ / "feedback";
    fs::create_directories(feedback);
    return run_pair(
        {interactor.string(), in.string(), answer(in).string(), feedback.string() + "/"},
        contestant);
  }
  // The testlib interactor's exit code, and then the checker's on its log.
  static std::pair<int, int> testlib(const fs::path& in,
                                     const std::vector<std::string>& contestant) {
    const fs::path log = tmp_ / "testlib.log";
    fs::remove(log);
    const int interactor = run_pair(
        {(tmp_ / "testlib_interactor").string(), in.string(), log.string(), answer(in).string()},
        contestant);
    const int checker = run_shell(shell_quote((tmp_ / "checker").string()) + " " +
                                  shell_quote(in.string()) + " " + shell_quote(log.string()) + " " +
                                  shell_quote(answer(in).string()) + " 2> /dev/null");
    return {interactor, checker};
  }
  static fs::path answer(const fs::path& in) { return fs::path(in).replace_extension(".ans"); }

  static inline std::string legacy_log_, kattis_log_, testlib_log_, checker_log_, validator_log_,
      reference_log_;
};

TEST_F(ExportedInteractors, CompileAloneWithTheContestSystemsCommands) {
  EXPECT_EQ(legacy_log_, "");
  EXPECT_EQ(kattis_log_, "");  // no warning under DOMjudge's -Wall either
  EXPECT_EQ(testlib_log_, "");
  EXPECT_EQ(checker_log_, "");
  EXPECT_EQ(validator_log_, "");
}

TEST_F(ExportedInteractors, SamplesReplayToAccepted) {
  const std::vector<fs::path> samples = files_with(package("legacy") / "data" / "sample", ".in");
  ASSERT_FALSE(samples.empty());
  for (const fs::path& in : samples) {
    const std::vector<std::string> contestant = {
        "/bin/sh", (root_ / "tests" / "export" / "replay.sh").string(),
        fs::path(in).replace_extension(".interaction").string()};
    EXPECT_EQ(kattis(tmp_ / "legacy_interactor", in, contestant), 42) << in;
    EXPECT_EQ(kattis(tmp_ / "kattis_interactor", in, contestant), 42) << in;
    EXPECT_EQ(testlib(in, contestant), std::make_pair(0, 0)) << in;
  }
}

TEST_F(ExportedInteractors, SecretSliceAcceptsTheReferenceSolution) {
  ASSERT_EQ(reference_log_, "");
  const std::vector<fs::path> secret = files_with(package("2025-09") / "data" / "secret", ".in");
  ASSERT_FALSE(secret.empty());
  const std::size_t step = std::max<std::size_t>(1, secret.size() / 20);
  for (std::size_t i = 0; i < secret.size(); i += step) {
    const fs::path& in = secret[i];
    const std::vector<std::string> contestant = {(tmp_ / "reference").string()};
    EXPECT_EQ(kattis(tmp_ / "kattis_interactor", in, contestant), 42) << in;
    EXPECT_EQ(kattis(tmp_ / "legacy_interactor", in, contestant), 42) << in;
    EXPECT_EQ(testlib(in, contestant), std::make_pair(0, 0)) << in;
  }
}

TEST_F(ExportedInteractors, WrongClaimIsRejectedByEveryBuild) {
  const fs::path in = files_with(package("legacy") / "data" / "sample", ".in").front();
  const fs::path lines = tmp_ / "wrong.interaction";
  const std::string claim = read(answer(in)).rfind("Runner", 0) == 0 ? "Trapper" : "Runner";
  // The contestant reads the board (the judge lines the sample starts with), then claims.
  write(lines,
        board_lines(fs::path(in).replace_extension(".interaction")) + ">" + claim + "\n<-1\n");
  const std::vector<std::string> contestant = {
      "/bin/sh", (root_ / "tests" / "export" / "replay.sh").string(), lines.string()};
  EXPECT_EQ(kattis(tmp_ / "legacy_interactor", in, contestant), 43);
  EXPECT_EQ(kattis(tmp_ / "kattis_interactor", in, contestant), 43);
  EXPECT_EQ(testlib(in, contestant).first, 1);
}

TEST_F(ExportedInteractors, BrokenTestFileIsAJudgeFailure) {
  const fs::path in = tmp_ / "broken.in";
  write(in, "3 6\n1 2\n");
  write(answer(in), "Trapper\n");
  const std::vector<std::string> contestant = {"/bin/true"};
  const int kattis_code = kattis(tmp_ / "kattis_interactor", in, contestant);
  EXPECT_NE(kattis_code, 42);
  EXPECT_NE(kattis_code, 43);
  EXPECT_EQ(testlib(in, contestant), std::make_pair(3, 3));  // the JE log fails the checker too
}

TEST_F(ExportedInteractors, ExportedValidatorAcceptsDataAndRejectsInvalidInput) {
  ASSERT_EQ(validator_log_, "");
  const fs::path validator = tmp_ / "validator";
  for (const fs::path& in : files_with(package("2025-09") / "data" / "sample", ".in"))
    EXPECT_EQ(run_shell(shell_quote(validator.string()) + " < " + shell_quote(in.string()) +
                        " 2> /dev/null"),
              42)
        << in;
  for (const fs::path& in : files_with(package("2025-09") / "data" / "invalid_input", ".in"))
    EXPECT_EQ(run_shell(shell_quote(validator.string()) + " < " + shell_quote(in.string()) +
                        " 2> /dev/null"),
              43)
        << in;
}

}  // namespace
