// judge export of a second problem (examples/mastermind, interactive Master-Mind): every format
// writes its package, named by judge.yaml's short_name; Master-Mind's single files
// (build/interactor/mastermind/) compile alone as C++14; and the kattis interactor the export
// ships plays a sample through Master-Mind's module: 42 for the accepted lexicographic
// solution's game, 43 for a wrong one; Polygon's testlib interactor and checker, 0 and 1. One test,
// each format exported once: CI's time is short. Hydro's export takes its 112 tests with a
// warning first, where a default Hydro judge takes 100.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/files.hpp"
#include "tests/support/pair.hpp"
#include "tests/support/process.hpp"
#include "tests/support/repository.hpp"
#include "tests/support/temp_dir.hpp"

namespace entrapment::testing {
namespace fs = std::filesystem;

namespace {

struct Exported {
  const char* format;
  std::vector<const char*> options;
  const char* file;  // one file the format's package must hold
};

std::string read_or_empty(const fs::path& path) {
  return fs::is_regular_file(path) ? read_text(path) : "";
}

ProcessResult compile(const std::vector<std::string>& argv) {
  std::vector<std::string> command = {"g++",     "-std=c++14", "-Wall",
                                      "-Wextra", "-Werror",    "-fno-asm"};
  command.insert(command.end(), argv.begin(), argv.end());
  return run_process(command);
}

TEST(MasterMindExport, EveryFormatWritesItsPackageAndTheInteractorPlaysASample) {
  const fs::path package = repository() / "examples" / "mastermind";
  TempDir out("mastermind-export");
  const std::vector<Exported> formats = {
      {"legacy", {}, "output_validators/mastermind_interactor/interactor.cpp"},
      {"kattis", {}, "output_validators/mastermind_interactor/interactor.cpp"},
      {"2025-09", {}, "data/sample/1.in.download"},
      {"domjudge", {}, "output_validators/mastermind_interactor/interactor.cpp"},
      {"polygon", {}, "problem.xml"},
      {"luogu", {}, "data/checker.cpp"},
      // 112 tests, where a default Hydro judge takes 100: exported all the same, with a warning.
      {"hydro", {}, "testdata/interactor.cc"},
      {"uoj", {}, "data/interactor.cpp"},
      {"cms", {}, "check/manager"},
      {"libreoj", {}, "testdata/interactor.cpp"}};
  for (const Exported& format : formats) {
    std::vector<std::string> argv = {build_program("judge").string(),
                                     "export",
                                     "--root",
                                     package.string(),
                                     "--format",
                                     format.format};
    for (const char* option : format.options) argv.push_back(option);
    argv.push_back((out.path / format.format).string());
    const ProcessResult run = run_process(argv);
    ASSERT_EQ(run.status, 0) << format.format << ":\n" << run.err;
    const fs::path dir = out.path / format.format / "mastermind";
    EXPECT_TRUE(fs::is_regular_file(dir / "README.md")) << format.format;
    EXPECT_TRUE(fs::is_regular_file(dir / format.file)) << format.format << ": " << format.file;
    // Nothing of Entrapment's: its name, nor its prose about boards.
    const std::string readme = read_or_empty(dir / "README.md");
    EXPECT_EQ(readme.find("entrapment"), std::string::npos) << format.format;
    EXPECT_EQ(readme.find("board"), std::string::npos) << format.format;
    // Nor Entrapment's solutions' times, which Hydro's README gave as every problem's.
    EXPECT_EQ(readme.find("Python solution about 1 s"), std::string::npos) << format.format;
    if (std::string(format.format) == "hydro") {
      // What a default judge refuses comes first, with the setting that lifts it.
      const std::string warning = "judge export: warning: hydro: 112 tests, ";
      EXPECT_EQ(run.err.find(warning), run.err.find("judge export: warning:")) << run.err;
      EXPECT_NE(run.err.find("testcases_max"), std::string::npos) << run.err;
      // The judge's settings change anyway, so its limits are the official ones (1 s), never
      // a share of 60 s, which came to 0 ms past 600 tests.
      EXPECT_NE(run.err.find("total_time_limit at least 112"), std::string::npos) << run.err;
      EXPECT_NE(read_or_empty(dir / "testdata/config.yaml").find("time: 1000ms\n"),
                std::string::npos);
      EXPECT_NE(readme.find("**warning:** 112 tests, "), std::string::npos) << readme;
    }
  }
  // What contestants download of a sample is the module's contestant_view(): the first line.
  EXPECT_EQ(read_or_empty(out.path / "2025-09/mastermind/data/sample/2.in.download"), "4 6 12\n");

  // The single files, each compiled alone (syntax only but for the interactor, which plays).
  const fs::path single = build_bin().parent_path() / "interactor" / "mastermind";
  for (const char* file :
       {"interactor_testlib.cpp", "interactor_uoj.cpp", "cms_manager.cpp", "input_validator.cpp"}) {
    const ProcessResult built = compile({"-fsyntax-only", (single / file).string()});
    EXPECT_EQ(built.status, 0) << file << ":\n" << built.err;
  }
  const fs::path interactor = out.path / "interactor";
  const ProcessResult built = compile(
      {"-O1", "-o", interactor.string(),
       (out.path / "legacy/mastermind/output_validators/mastermind_interactor/interactor.cpp")
           .string()});
  ASSERT_EQ(built.status, 0) << built.err;
  // Polygon's pair: the testlib interactor writes its log, the checker judges the log.
  const fs::path polygon = out.path / "polygon/mastermind/files";
  const fs::path testlib_interactor = out.path / "testlib_interactor", checker = out.path / "check";
  for (const auto& [source, binary] :
       {std::make_pair(polygon / "interactor.cpp", testlib_interactor),
        std::make_pair(polygon / "check.cpp", checker)}) {
    const ProcessResult made =
        run_process({"g++", "-std=c++17", "-O1", "-o", binary.string(), source.string()});
    ASSERT_EQ(made.status, 0) << source << ":\n" << made.err;
  }
  struct Player {
    const char* source;
    int exit;
  };
  for (const Player& player :
       {Player{"accepted/lexicographic.cpp", 42}, Player{"wrong_answer/announces_code.cpp", 43}}) {
    const fs::path program = out.path / fs::path(player.source).stem();
    const ProcessResult made = run_process(
        {"g++", "-O1", "-o", program.string(), (package / "solutions" / player.source).string()});
    ASSERT_EQ(made.status, 0) << made.err;
    const fs::path feedback = out.path / ("feedback-" + program.filename().string());
    fs::create_directory(feedback);
    const fs::path sample = package / "testdata" / "sample";
    const JudgeExit judged = run_pair({interactor.string(), (sample / "2.in").string(),
                                       (sample / "2.ans").string(), feedback.string()},
                                      {program.string()});
    EXPECT_EQ(judged.code, player.exit)
        << player.source << ": " << read_or_empty(feedback / "judgemessage.txt");
    // The feedback's transcript is the module's record: Master-Mind's account of the game.
    EXPECT_NE(read_or_empty(feedback / "transcript.json").find("\"code_revealed\""),
              std::string::npos);
    // Polygon's pair on the same test: testlib's 0 or 1 from both, the checker reading the log.
    const fs::path log = out.path / ("log-" + program.filename().string());
    const int testlib_exit = player.exit == 42 ? 0 : 1;
    const JudgeExit logged = run_pair({testlib_interactor.string(), (sample / "2.in").string(),
                                       log.string(), (sample / "2.ans").string()},
                                      {program.string()});
    EXPECT_EQ(logged.code, testlib_exit) << player.source;
    const ProcessResult checked = run_process(
        {checker.string(), (sample / "2.in").string(), log.string(), (sample / "2.ans").string()});
    EXPECT_EQ(checked.status, testlib_exit) << player.source << ": " << checked.err;
    // A log of another test is the judge's failure, never a verdict.
    const ProcessResult other = run_process(
        {checker.string(), (sample / "1.in").string(), log.string(), (sample / "1.ans").string()});
    EXPECT_EQ(other.status, 3) << player.source << ": " << other.err;
  }
}

}  // namespace
}  // namespace entrapment::testing
