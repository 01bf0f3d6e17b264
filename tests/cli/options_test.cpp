// The options every subcommand shares: spelt, typed and checked the same way, with messages a
// person can read, usage lines that name the program, --version, and one exit-status scheme.
#include <gtest/gtest.h>

#include <algorithm>

#include "scratch_package.hpp"
#include "tests/support/text.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

const std::vector<std::string> kCommands = {"verify", "run", "play", "generate", "export", "help"};

// A mistyped command names the one it was near and lists them all (it used to say only "A
// subcommand is required").
TEST(Options, AMistypedCommandIsNamedWithTheNearestOne) {
  JudgeRun run = run_judge({"verfy"});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("'verfy' is not a command; did you mean 'verify'?"), std::string::npos)
      << run.err;
  run = run_judge({"--root", "/nowhere", "exprot", "--format", "kattis", "x"});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("did you mean 'export'?"), std::string::npos) << run.err;
  run = run_judge({"bogus"});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("'bogus' is not a command. The commands: verify, run, play, generate, "
                         "export, help."),
            std::string::npos)
      << run.err;
  run = run_judge({});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("A subcommand is required"), std::string::npos) << run.err;
}

// A misspelt option gets the nearest one of its command, as a misspelt command does (issue 29).
TEST(Options, AMisspeltOptionIsNamedWithTheNearestOne) {
  JudgeRun run = run_judge({"run", "--verbsoe", "x.cpp"});
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(has(run.err, "did you mean '--verbose'?")) << run.err;
  run = run_judge({"verify", "--jobz=2"});
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(has(run.err, "did you mean '--jobs'?")) << run.err;
  run = run_judge({"export", "--zzzzzzzz"});
  EXPECT_EQ(run.status, 2);
  EXPECT_FALSE(has(run.err, "did you mean")) << "nothing is near: " << run.err;
}

// An error quotes what the user gave with its control characters escaped: a terminal obeys an
// escape sequence (red team: a program named "./esc\e[31m.py" reached it raw in "command not
// found").
TEST(Options, AnErrorQuotesNamesEscaped) {
  const JudgeRun run = run_judge({"run", "--", "./esc\x1b[31m.py"});
  EXPECT_EQ(run.status, 2) << run.err;
  EXPECT_NE(run.err.find("./esc\\x1B[31m.py"), std::string::npos) << run.err;
  EXPECT_EQ(run.err.find('\x1b'), std::string::npos) << run.err;
}

TEST(Options, VersionNamesTheProgramAndItsBuild) {
  const JudgeRun run = run_judge({"--version"});
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.out.rfind("judge (entrapment) ", 0), 0u) << run.out;
  EXPECT_TRUE(has(run.out, " (git ")) << run.out;
  EXPECT_EQ(run.out.back(), '\n');
}

TEST(Options, EveryUsageLineNamesTheProgram) {
  EXPECT_EQ(
      run_judge({"--help"}).out.find("\nUsage: judge [OPTIONS] SUBCOMMAND\n") == std::string::npos,
      false);
  for (const std::string& command : kCommands) {
    const JudgeRun run = run_judge({command, "--help"});
    EXPECT_EQ(run.status, 0) << command;
    EXPECT_TRUE(has(run.out, "\nUsage: judge " + command + " ")) << run.out;
  }
  EXPECT_TRUE(has(run_judge({"run", "--help"}).out,
                  "Usage: judge run [OPTIONS] [SUBMISSION | DIR] [TEST...]\n"
                  "       judge run [OPTIONS] [TEST...] -- COMMAND ARGS...\n"));
}

TEST(Options, OneSandboxSwitchSpeltTheSameInEverySubcommandThatRunsAProgram) {
  for (const std::string command : {"run", "play", "verify"}) {
    const std::string help = run_judge({command, "--help"}).out;
    EXPECT_TRUE(has(help, "\n  --sandbox ")) << command << ":\n" << help;
    EXPECT_TRUE(has(help, "\n  --no-sandbox ")) << command << ":\n" << help;
    EXPECT_TRUE(has(help, "(default)")) << command << ": the default is stated";
  }
}

TEST(Options, JobsAreCheckedTheSameWayEverywhere) {
  const ScratchPackage package;
  for (const std::string command : {"run", "verify"}) {
    for (const std::string jobs : {"-3", "0", "abc", "1025", "99999999999999999999999"}) {
      const JudgeRun run = run_judge({command, "-j", jobs}, {package.root(), {}, ""});
      EXPECT_EQ(run.status, 2) << command << " -j " << jobs;
      EXPECT_TRUE(has(run.err, "judge " + command +
                                   ": --jobs: expected an integer from 1 to "
                                   "1024, got '" +
                                   jobs + "'"))
          << command << " -j " << jobs << ": " << run.err;
      EXPECT_EQ(run.out, "") << "refused before anything ran";
    }
    EXPECT_TRUE(has(run_judge({command, "--help"}).out, "  -j,--jobs N "));
  }
}

TEST(Options, RangeMessagesAreShortAndSayWhatWasExpected) {
  const JudgeRun run = run_judge({"verify", "--max-tests", "0"});
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(has(run.err,
                  "judge verify: --max-tests: expected an integer from 1 to 100000, "
                  "got '0'\n"))
      << run.err;
  EXPECT_LT(run.err.size(), 200u) << run.err;
  const JudgeRun seed = run_judge({"play", "--board", "2 0", "--seed"});
  EXPECT_EQ(seed.status, 2) << seed.err;
}

TEST(Options, FilesAreTypedFileAndExpectListsItsValues) {
  const std::string run = run_judge({"run", "--help"}).out;
  EXPECT_TRUE(has(run, "  --json FILE ")) << run;
  EXPECT_TRUE(has(run, "  --html FILE ")) << run;
  EXPECT_TRUE(has(run, "  --expect VERDICT ")) << run;
  EXPECT_TRUE(has(run, "AC WA TLE MLE RTE JE CE")) << run;
  EXPECT_TRUE(has(run_judge({"play", "--help"}).out, "  --test FILE "));
  for (const std::string& command : kCommands) {
    const std::string help = run_judge({command, "--help"}).out;
    EXPECT_FALSE(has(help, "TEXT:FILE")) << command;
    EXPECT_FALSE(has(help, "TEXT:DIR")) << command;
    EXPECT_FALSE(has(help, "INT:")) << command;
  }
}

TEST(Options, OneExitStatusScheme) {
  const std::string help = run_judge({"--help"}).out;
  EXPECT_TRUE(has(help, "Exit status: 0 ")) << help;
  // Usage errors are 2, whatever CLI11 calls them.
  for (const std::vector<std::string>& args : {std::vector<std::string>{},
                                               {"frobnicate"},
                                               {"run", "--jobs"},
                                               {"run", "--nope"},
                                               {"verify", "--only", "everything"},
                                               {"play", "--test", "/nonexistent.in"},
                                               {"run", "--expect", "GOOD"},
                                               {"help", "frobnicate"}}) {
    const JudgeRun run = run_judge(args);
    std::string line;
    for (const std::string& arg : args) line += arg + " ";
    EXPECT_EQ(run.status, 2) << line << "\n" << run.out << run.err;
    EXPECT_TRUE(has(run.err, "judge")) << line << ": the message names the program: " << run.err;
  }
  EXPECT_TRUE(has(run_judge({"run", "--expect", "GOOD"}).err,
                  "--expect: 'GOOD' is not a verdict (AC WA TLE MLE RTE JE CE"));
}

TEST(Options, ABadProblemYamlIsAConfigurationErrorNamingTheKeyAndLine) {
  const ScratchPackage package;
  const std::string text = read_text(package.root() / "problem.yaml");
  const fs::path submission = package.write("a.py", kClaimsRunnerAndStops);
  std::string misspelt = text;
  misspelt.replace(misspelt.find("time_limit:"), 11, "time_limt:");
  package.write("problem.yaml", misspelt);
  JudgeRun run = run_judge({"run", submission.string(), "--no-sandbox"}, {package.root(), {}, ""});
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  // FILE:LINE: KEY: what, the format of every YAML file the toolkit reads.
  const std::size_t line =
      std::count(misspelt.begin(), misspelt.begin() + misspelt.find("time_limt:"), '\n') + 1;
  EXPECT_TRUE(has(run.err, "problem.yaml:" + std::to_string(line) +
                               ": limits.time_limt: unknown key; expected one of: "))
      << run.err;
  package.write("problem.yaml", text + "name: Twice\n");
  run = run_judge({"run", submission.string(), "--no-sandbox"}, {package.root(), {}, ""});
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(has(run.err, "problem.yaml:")) << run.err;
  EXPECT_TRUE(has(run.err, ": duplicate key 'name' (first at line ")) << run.err;
  // verify reports it as a failed check, judges nothing without limits, and exits 2 like every
  // command on a configuration error.
  run = run_judge({"verify", "--only", "submissions"}, {package.root(), {}, ""});
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(has(run.out, "  FAIL  problem.yaml: ")) << run.out;
}

TEST(Options, HelpCommandPrintsWhatHelpPrints) {
  for (const std::string& command : kCommands) {
    const JudgeRun help = run_judge({"help", command});
    EXPECT_EQ(help.status, 0) << command;
    EXPECT_EQ(help.out, run_judge({command, "--help"}).out) << command;
  }
  EXPECT_EQ(run_judge({"help"}).out, run_judge({"--help"}).out);
}

}  // namespace
}  // namespace entrapment::testing
