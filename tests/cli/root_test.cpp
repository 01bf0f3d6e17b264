// Which package each command works on: found from the working directory upward, or named with
// --root (anywhere on the line) or ENTRAPMENT_ROOT; never the checkout the judge was built
// from; named in every command's first line.
#include <gtest/gtest.h>

#include <sstream>

#include "scratch_package.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

std::string root_line(const std::string& command, const fs::path& root, const std::string& how) {
  return "judge " + command + ": package " + root.string() + " (" + how + ")";
}

const char* const kUpward = "found upward from the working directory";

TEST(PackageRoot, FoundFromTheWorkingDirectoryUpwardNotTheCheckout) {
  const ScratchPackage package;
  const JudgeRun run =
      run_judge({"verify", "--only", "validate"}, {package.root() / "testdata" / "sample", {}, ""});
  EXPECT_EQ(first_line(run.out), root_line("verify", package.root(), kUpward)) << run.out;
  EXPECT_EQ(run.out.find(repository().string() + "/"), std::string::npos)
      << "the checkout was used:\n"
      << run.out;
  EXPECT_NE(run.out.find("accepts testdata/sample and testdata/secret: 4 files"), std::string::npos)
      << "the copy's 2 samples and 2 secret tests:\n"
      << run.out;
  EXPECT_EQ(run.status, 0) << run.out << run.err;
}

TEST(PackageRoot, OutsideAnyPackageIsAClearUsageError) {
  const ScratchPackage package;
  const JudgeRun run = run_judge({"verify"}, {package.outside(), {}, ""});
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("judge verify: no package here: neither " + package.outside().string() +
                         " nor any directory above it holds problem.yaml and testdata/"),
            std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find("--root DIR or ENTRAPMENT_ROOT=DIR"), std::string::npos) << run.err;
}

TEST(PackageRoot, RootOptionAnywhereOnTheLineAndTheEnvironment) {
  const ScratchPackage package;
  const std::string root = package.root().string();
  const JudgeOptions elsewhere{package.outside(), {}, ""};
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--root", root, "verify", "--only", "samples"},
        std::vector<std::string>{"verify", "--root", root, "--only", "samples"},
        std::vector<std::string>{"verify", "--only", "samples", "--root", root}}) {
    const JudgeRun run = run_judge(args, elsewhere);
    EXPECT_EQ(first_line(run.out), root_line("verify", package.root(), "--root"))
        << args[0] << " " << args[1] << "\n"
        << run.out << run.err;
  }
  JudgeOptions environment = elsewhere;
  environment.env = {{"ENTRAPMENT_ROOT", root.c_str()}};
  const JudgeRun run = run_judge({"verify", "--only", "samples"}, environment);
  EXPECT_EQ(first_line(run.out), root_line("verify", package.root(), "ENTRAPMENT_ROOT"))
      << run.out << run.err;
  // --root wins over the environment, and a wrong one is named.
  const JudgeRun wrong = run_judge({"verify", "--root", package.outside().string()}, environment);
  EXPECT_EQ(wrong.status, 2);
  EXPECT_NE(wrong.err.find("--root " + package.outside().string() +
                           ": not a package root: it holds neither problem.yaml nor testdata/"),
            std::string::npos)
      << wrong.err;
}

TEST(PackageRoot, EveryCommandThatUsesThePackageNamesItInItsFirstLine) {
  const ScratchPackage package;
  const fs::path submission =
      package.write("solutions/wrong_answer/claim.py", kClaimsRunnerAndStops);
  const JudgeOptions inside{package.root(), {}, ""};
  const std::vector<std::pair<std::string, std::vector<std::string>>> commands = {
      {"verify", {"verify", "--only", "samples"}},
      {"run", {"run", submission.string(), "testdata/sample/1.in", "--no-sandbox"}},
      {"play", {"play", submission.string(), "--test", "testdata/sample/1.in", "--no-sandbox"}},
      {"generate", {"generate", "--check"}},
      {"export", {"export", "--format", "legacy", (package.outside() / "exported").string()}},
  };
  for (const auto& [name, args] : commands) {
    const JudgeRun run = run_judge(args, inside);
    EXPECT_EQ(first_line(run.out), root_line(name, package.root(), kUpward))
        << name << ": exit " << run.status << "\n"
        << run.out << run.err;
  }
}

TEST(PackageRoot, EverySubcommandsHelpShowsRoot) {
  const JudgeRun help = run_judge({"--help"});
  std::istringstream lines(help.out.substr(help.out.find("Subcommands:")));
  std::string line;
  std::getline(lines, line);
  int subcommands = 0;
  while (std::getline(lines, line) && line.rfind("  ", 0) == 0) {
    const std::string name = line.substr(2, line.find(' ', 2) - 2);
    ++subcommands;
    const JudgeRun sub = run_judge({name, "--help"});
    EXPECT_EQ(sub.status, 0) << name;
    EXPECT_NE(sub.out.find("\n  --root DIR "), std::string::npos) << name << ":\n" << sub.out;
  }
  EXPECT_GE(subcommands, 6) << help.out;
}

}  // namespace
}  // namespace entrapment::testing
