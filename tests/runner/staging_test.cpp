// Staging: a program runs wherever it lives (a directory of mode 0700 such as a private home,
// a file of mode 0700), its script and class directory with it; an interpreter is resolved to
// the one it runs; and what still cannot start is a judge error, never the contestant's.
#include "runner/staging.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

#include "runner/contestant_process.hpp"
#include "runner_fixture.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

fs::path programs_dir() { return package_root() / "tests" / "runner" / "programs"; }

// `from` copied into `dir` as `name`, with `mode`.
fs::path copy_into(const fs::path& from, const fs::path& dir, const std::string& name,
                   unsigned mode) {
  const fs::path to = dir / name;
  fs::copy_file(from, to, fs::copy_options::overwrite_existing);
  ::chmod(to.c_str(), mode);
  return to;
}

void write_file(const fs::path& path, const std::string& text, unsigned mode) {
  std::ofstream(path, std::ios::binary) << text;
  ::chmod(path.c_str(), mode);
}

// With and without bwrap.
class PrivatePlaces : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override {
    if (GetParam() && !sandbox_support().usable)
      GTEST_SKIP() << "bwrap not usable: " << sandbox_support().reason;
  }
  TestResult judge(const std::vector<std::string>& command) {
    return judge_test({"staged", command}, trapper_board(), "staged", small_limits(), GetParam());
  }
  TempDir private_dir_{"entrapment-test-private", 0700};
};

TEST_P(PrivatePlaces, AProgramInA0700DirectoryRuns) {
  const fs::path program = copy_into(bin_dir() / "runner_test_player", private_dir_.path, "player",
                                     0700);  // a private file, too
  const TestResult result = judge({program.string(), "correct", "private-program"});
  EXPECT_EQ(to_string(result.verdict), std::string("AC")) << result.message;
  EXPECT_EQ(processes_with("private-program"), 0);
  EXPECT_EQ(leftovers_of(::getpid()), std::vector<std::string>{});
}

TEST_P(PrivatePlaces, APythonScriptInA0700DirectoryRuns) {
  const fs::path script =
      copy_into(programs_dir() / "threaded_trapper.py", private_dir_.path, "solution.py", 0600);
  const TestResult result = judge({"/usr/bin/python3", script.string(), "plain"});
  EXPECT_EQ(to_string(result.verdict), std::string("AC")) << result.message;
}

// A pyenv shim is a script that runs some Python; the contestant runs the Python itself.
TEST_P(PrivatePlaces, AnInterpreterShimInA0700DirectoryIsResolvedToItsPython) {
  const fs::path shim = private_dir_.path / "python3";
  write_file(shim, "#!/bin/sh\nexec /usr/bin/python3 \"$@\"\n", 0755);
  const fs::path script =
      copy_into(programs_dir() / "threaded_trapper.py", private_dir_.path, "solution.py", 0600);
  const TestResult result = judge({shim.string(), script.string(), "plain"});
  EXPECT_EQ(to_string(result.verdict), std::string("AC")) << result.message;
}

TEST_P(PrivatePlaces, AnInterpreterTheContestantCannotReachIsAJudgeError) {
  if (::geteuid() != 0) GTEST_SKIP() << "not root: the contestant runs as the judge's user";
  // A Python that lives under a private directory, as pyenv's do under /root.
  const fs::path python =
      copy_into(fs::canonical("/usr/bin/python3"), private_dir_.path, "python3", 0755);
  const fs::path script =
      copy_into(programs_dir() / "threaded_trapper.py", private_dir_.path, "solution.py", 0600);
  const TestResult result = judge({python.string(), script.string(), "plain"});
  EXPECT_EQ(to_string(result.verdict), std::string("JE")) << result.message;
  EXPECT_NE(result.message.find("judge error: cannot start " + python.string()), std::string::npos)
      << result.message;
  EXPECT_NE(result.message.find(private_dir_.path.string() + " is not searchable"),
            std::string::npos)
      << result.message;
}

// Exists, but is not a program: exec fails (inside bwrap: bwrap says so and exits 1, which
// must not pass for the contestant's exit status).
TEST_P(PrivatePlaces, AFileThatCannotBeExecutedIsAJudgeError) {
  const TestResult result = judge({"/etc/passwd"});
  EXPECT_EQ(to_string(result.verdict), std::string("JE")) << result.message;
  EXPECT_NE(result.message.find("judge error: cannot start"), std::string::npos) << result.message;
  EXPECT_EQ(leftovers_of(::getpid()), std::vector<std::string>{});
}

INSTANTIATE_TEST_SUITE_P(Staging, PrivatePlaces, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& info) {
                           return std::string(info.param ? "sandboxed" : "plain");
                         });

TEST(StageCommand, CopiesTheProgramAndWhatItNamesAndLeavesSystemPathsAlone) {
  TempDir source("entrapment-test-source", 0700);
  TempDir scratch("entrapment-test-scratch");
  const fs::path program = source.path / "a.out";
  write_file(program, "#!/bin/sh\n", 0700);
  const fs::path input = source.path / "data.txt";
  write_file(input, "data", 0600);
  fs::create_directories(source.path / "classes" / "pkg");
  write_file(source.path / "classes" / "pkg" / "Main.class", "class", 0600);
  const StagedCommand staged =
      stage_command({program.string(), input.string(), (source.path / "classes").string(),
                     "/usr/bin/env", "-x", "relative"},
                    scratch.path, std::nullopt);
  ASSERT_EQ(staged.argv.size(), 6u);
  EXPECT_EQ(staged.argv[0], (scratch.path / "a.out").string());
  EXPECT_EQ(staged.argv[1], (scratch.path / "data.txt").string());
  EXPECT_EQ(staged.argv[2], (scratch.path / "classes").string());
  EXPECT_EQ(staged.argv[3], "/usr/bin/env");
  EXPECT_EQ(staged.argv[4], "-x");
  EXPECT_EQ(staged.argv[5], "relative");
  EXPECT_TRUE(staged.read_only.empty());
  // Readable (and the program runnable) by anyone: the contestant has a user of its own.
  struct stat st;
  ASSERT_EQ(::stat(staged.argv[0].c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0555, 0555u);
  ASSERT_EQ(::stat((scratch.path / "classes" / "pkg" / "Main.class").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0444, 0444u);
  ASSERT_EQ(::stat((scratch.path / "classes" / "pkg").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0555, 0555u);
}

ino_t inode(const fs::path& path) {
  struct stat st {};
  ::stat(path.c_str(), &st);
  return st.st_ino;
}

// A hard link is the same file: only for a contestant that cannot write to it (a user of its
// own, and a file not writable by others); otherwise the submission itself could be rewritten.
TEST(StageCommand, LinksOnlyWhatTheContestantCannotChange) {
  TempDir source("entrapment-test-source");
  const fs::path program = source.path / "program";
  write_file(program, "#!/bin/sh\n", 0755);
  const fs::path open_to_all = source.path / "open";
  write_file(open_to_all, "#!/bin/sh\n", 0777);
  {
    TempDir scratch("entrapment-test-scratch");
    const StagedCommand own_user = stage_command({program.string()}, scratch.path, 61999);
    EXPECT_EQ(inode(own_user.argv[0]), inode(program)) << "a hard link";
  }
  if (::geteuid() != 61999) {
    TempDir scratch("entrapment-test-scratch");
    const StagedCommand same_user = stage_command({program.string()}, scratch.path, std::nullopt);
    EXPECT_NE(inode(same_user.argv[0]), inode(program)) << "a copy";
  }
  {
    TempDir scratch("entrapment-test-scratch");
    const StagedCommand writable = stage_command({open_to_all.string()}, scratch.path, 61999);
    EXPECT_NE(inode(writable.argv[0]), inode(open_to_all)) << "a copy";
  }
}

TEST(StageCommand, TwoFilesOfTheSameNameGetTwoNames) {
  TempDir one("entrapment-test-one"), two("entrapment-test-two"), scratch("entrapment-test-s");
  write_file(one.path / "in", "1", 0644);
  write_file(two.path / "in", "2", 0644);
  const StagedCommand staged =
      stage_command({"/bin/cat", (one.path / "in").string(), (two.path / "in").string()},
                    scratch.path, std::nullopt);
  EXPECT_NE(staged.argv[1], staged.argv[2]);
  std::ifstream first(staged.argv[1]), second(staged.argv[2]);
  std::string a, b;
  first >> a;
  second >> b;
  EXPECT_EQ(a + b, "12");
}

TEST(StageCommand, AMissingProgramOrAHugeDirectoryIsAStageError) {
  TempDir scratch("entrapment-test-scratch");
  EXPECT_THROW(stage_command({"/nonexistent/program"}, scratch.path, std::nullopt), StageError);
  TempDir big("entrapment-test-big");
  for (int i = 0; i < 10001; ++i) write_file(big.path / std::to_string(i), "", 0644);
  try {
    stage_command({"/bin/cat", big.path.string()}, scratch.path, std::nullopt);
    FAIL() << "no StageError";
  } catch (const StageError& e) {
    EXPECT_NE(std::string(e.what()).find("more than 10000 files"), std::string::npos) << e.what();
  }
}

TEST(StageCommand, ReachabilityNamesTheDirectoryThatStopsIt) {
  if (::geteuid() != 0) GTEST_SKIP() << "not root: no other user to ask for";
  TempDir locked("entrapment-test-locked", 0700);
  write_file(locked.path / "program", "", 0755);
  const std::string why = unreachable_by(61999, locked.path / "program", X_OK);
  EXPECT_NE(why.find(locked.path.string() + " is not searchable for it (mode 0700)"),
            std::string::npos)
      << why;
  EXPECT_EQ(unreachable_by(61999, "/usr/bin/env", X_OK), "");
  EXPECT_TRUE(in_system_directories("/usr/lib/jvm/java/bin/java"));
  EXPECT_TRUE(in_system_directories("/bin/sh"));
  EXPECT_FALSE(in_system_directories("/usrx/bin/sh"));
  EXPECT_FALSE(in_system_directories("/root/.pyenv/shims/python3"));
}

}  // namespace
}  // namespace entrapment::testing
