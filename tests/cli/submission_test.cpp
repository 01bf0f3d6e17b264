// Preparing submissions: compiled once (a second run of the same source does not compile it
// again, an edited one does), Python leaves nothing next to the source, Java runs the class
// that declares main whatever the file is called.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "scratch_package.hpp"
#include "tests/support/text.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

int count(const std::string& text, const std::string& part) {
  int n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

const char* const kClaimRunnerCpp =
    "#include <cstdio>\nint main() { std::puts(\"Runner\"); return 0; }\n";

// A program that claims "build-<id>", where <id> is a fresh number from each compilation (the
// compiler below defines it): which compilation made the program that ran.
const char* const kClaimBuildCpp =
    "#include <cstdio>\n#ifndef BUILD_ID\n#define BUILD_ID \"none\"\n#endif\n"
    "int main() { std::puts(\"build-\" BUILD_ID); return 0; }\n";

// The build the judge's message quotes ("... got 'build-<id>'"), or "".
std::string build_of(const std::string& out) {
  const std::size_t at = out.find("build-");
  if (at == std::string::npos) return "";
  const std::size_t end = out.find_first_not_of("0123456789abcdef-", at + 6);
  return out.substr(at, end - at);
}

TEST(Submission, ASecondRunOfTheSameSourceDoesNotCompileItAgain) {
  ScratchPackage package;
  // A g++ first in PATH that gives each compilation an id of its own. (It runs isolated, as
  // every compiler does, so it cannot write a log outside: the program it built tells.)
  const fs::path bin = package.outside() / "bin";
  write_text(
      bin / "g++",
      "#!/bin/sh\nexec /usr/bin/g++ \"-DBUILD_ID=\\\"$(cat /proc/sys/kernel/random/uuid)\\\"\" "
      "\"$@\"\n");
  ::chmod((bin / "g++").c_str(), 0755);
  const std::string path = bin.string() + ":" + std::getenv("PATH");
  const std::string cache = (package.outside() / "cache").string();
  const JudgeOptions options{package.root(),
                             {{"PATH", path.c_str()},
                              {"XDG_CACHE_HOME", cache.c_str()},
                              {"ENTRAPMENT_CACHE_DIR", std::nullopt}},
                             ""};
  const fs::path source = package.write("claim.cpp", kClaimBuildCpp);
  const std::vector<std::string> args = {
      "run",     source.string(), "testdata/sample/1.in", "--expect", "WA", "--no-sandbox",
      "--trust", "--trust"};
  JudgeRun run = run_judge(args, options);
  ASSERT_EQ(run.status, 0) << run.out << run.err;
  const std::string first = build_of(run.out);
  ASSERT_GT(first.size(), std::string("build-").size() + 8) << run.out;
  run = run_judge(args, options);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_EQ(build_of(run.out), first) << "compiled again:\n" << run.out;
  EXPECT_TRUE(fs::exists(fs::path(cache) / "entrapment" / "compiled"));

  // The same bytes under another path hit too; changed bytes do not.
  const fs::path copy = package.write("elsewhere/claim.cpp", kClaimBuildCpp);
  run = run_judge({"run", copy.string(), "testdata/sample/1.in", "--expect", "WA", "--no-sandbox",
                   "--trust", "--trust"},
                  options);
  EXPECT_EQ(build_of(run.out), first) << run.out;
  package.write("claim.cpp", std::string(kClaimBuildCpp) + "// edited\n");
  run = run_judge(args, options);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_NE(build_of(run.out), first) << "an edited source must be compiled:\n" << run.out;
  EXPECT_NE(build_of(run.out), "") << run.out;
}

TEST(Submission, WithoutAWritableCacheItStillRuns) {
  ScratchPackage package;
  const fs::path source = package.write("claim.cpp", kClaimRunnerCpp);
  const std::string cache = "/proc/no-such-cache";
  const JudgeRun run = run_judge({"run", source.string(), "testdata/sample/1.in", "--expect", "WA",
                                  "--no-sandbox", "--trust", "--trust"},
                                 {package.root(), {{"ENTRAPMENT_CACHE_DIR", cache.c_str()}}, ""});
  EXPECT_EQ(run.status, 0) << run.out << run.err;
}

TEST(Submission, PythonLeavesNoPycacheNextToTheSubmission) {
  ScratchPackage package;
  const fs::path source = package.write("solutions/accepted/reference.py", reference_python());
  const JudgeRun run =
      run_judge({"run", source.string(), "testdata/sample", "--no-sandbox", "--trust", "--trust"},
                {package.root(), {}, ""});
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_FALSE(fs::exists(source.parent_path() / "__pycache__"));
  // A syntax error is a compile error, named with its line.
  const fs::path broken = package.write("broken.py", "print('Runner'\n");
  const JudgeRun ce =
      run_judge({"run", broken.string(), "testdata/sample", "--no-sandbox", "--trust", "--trust"},
                {package.root(), {}, ""});
  EXPECT_EQ(ce.status, 1);
  EXPECT_TRUE(has(ce.out, "Verdict: CE")) << ce.out;
  EXPECT_TRUE(has(ce.out, "SyntaxError")) << ce.out;
  EXPECT_FALSE(fs::exists(broken.parent_path() / "__pycache__"));
}

TEST(Submission, JavaRunsTheClassThatDeclaresMain) {
  if (system("javac -version > /dev/null 2>&1") != 0) GTEST_SKIP() << "javac is not installed";
  ScratchPackage package;
  const JudgeOptions inside{package.root(), {{"ENTRAPMENT_CACHE_DIR", "off"}}, ""};
  // The file's name is not the class's; a helper class comes first.
  const fs::path source =
      package.write("Solution.java",
                    "class Helper { static String side() { return \"Runner\"; } }\n"
                    "class Claimer {\n  public static void main(String[] args) {\n"
                    "    System.out.println(Helper.side());\n  }\n}\n");
  JudgeRun run = run_judge({"run", source.string(), "testdata/sample/1.in", "--expect", "WA", "-v",
                            "--no-sandbox", "--trust", "--trust"},
                           inside);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "you claimed Runner")) << "it ran and claimed:\n" << run.out;

  const fs::path none = package.write("NoMain.java", "class NoMain { void run() {} }\n");
  run = run_judge(
      {"run", none.string(), "testdata/sample/1.in", "--no-sandbox", "--trust", "--trust"}, inside);
  EXPECT_EQ(run.status, 1);
  EXPECT_TRUE(has(run.out, "no class declares public static void main(String[])")) << run.out;
}

TEST(Submission, ADirectoryIsOneSubmissionOfAllItsSources) {
  ScratchPackage package;
  package.write("solutions/wrong_answer/split_cpp/main.cpp",
                "#include <cstdio>\nconst char* side();\nint main() { std::puts(side()); }\n");
  package.write("solutions/wrong_answer/split_cpp/side.cpp",
                "const char* side() { return \"Runner\"; }\n");
  package.write("solutions/wrong_answer/split_py/__main__.py",
                "from helper import side\nprint(side(), flush=True)\n");
  package.write("solutions/wrong_answer/split_py/helper.py", "def side():\n    return 'Runner'\n");
  package.write("solutions/wrong_answer/claim.py3", kClaimsRunnerAndStops);
  const JudgeOptions inside{package.root(), {{"ENTRAPMENT_CACHE_DIR", "off"}}, ""};
  JudgeRun run = run_judge(
      {"run", "solutions", "testdata/sample/1.in", "-v", "--no-sandbox", "--trust", "--trust"},
      inside);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  for (const std::string name :
       {"wrong_answer/split_cpp", "wrong_answer/split_py", "wrong_answer/claim.py3"})
    EXPECT_TRUE(has(run.out, "  ok    " + name + " ")) << name << ":\n" << run.out;
  EXPECT_EQ(count(run.out, "you claimed Runner"), 3 * 2) << "each ran (line and summary):\n"
                                                         << run.out;
  // Named on its own, a directory submission is one submission, expected from its directory.
  run = run_judge({"run", "solutions/wrong_answer/split_cpp/", "testdata/sample/1.in",
                   "--no-sandbox", "--trust", "--trust"},
                  inside);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "As expected: expected WA, got WA")) << run.out;
  // Several Python files and no __main__.py: which one to run is not said.
  package.write("solutions/accepted/two_py/a.py", "print('Runner')\n");
  package.write("solutions/accepted/two_py/b.py", "print('Runner')\n");
  run =
      run_judge({"run", "solutions/accepted/two_py", "--no-sandbox", "--trust", "--trust"}, inside);
  EXPECT_EQ(run.status, 1) << "a compile error, as a contest system would say";
  EXPECT_TRUE(has(run.out, "Verdict: CE")) << run.out;
  EXPECT_TRUE(has(run.out, "needs a __main__.py")) << run.out;
}

}  // namespace
}  // namespace entrapment::testing
