// Staging: a program runs wherever it lives (a directory of mode 0700 such as a private home,
// a file of mode 0700), its script and class directory with it; an interpreter is resolved to
// the one it runs; and what still cannot start is a judge error, never the contestant's.
#include "containment/staging.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>

#include "containment/box_process.hpp"
#include "submissions/work_dir.hpp"
#include "tests/support/runs.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

fs::path programs_dir() { return package_root() / "tests" / "programs"; }

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

// With and without bwrap, under each limit mechanism.
using Param = ModeParam;

class PrivatePlaces : public ModeTest {
 protected:
  TestResult judge(const std::vector<std::string>& command, double cpu_s = 1) {
    BoxLimits limits = small_limits(mechanism());
    limits.cpu_s = cpu_s;
    limits.wall_s = wall_limit_for(cpu_s);
    return judge_test({"staged", command}, echo_module(), echo_test(), "staged", limits, sandbox());
  }
  // The figures of a program that fills 64 MiB and burns `cpu_used` s of CPU by its own clock,
  // plus what it needs of its own, and nothing of it left (no process with `token` in its
  // command line, no scratch directory, no control group).
  void expect_its_own(const TestResult& result, double cpu_used, double cpu_own,
                      long long memory_own_mib, const std::string& token) const {
    const StepCost step = step_cost(sandbox());
    EXPECT_GE(result.cpu_s, cpu_used * 0.98) << "CPU time";
    EXPECT_LE(result.cpu_s, cpu_used * 1.1 + cpu_own + step.cpu_s) << "CPU time";
    EXPECT_GE(result.memory_kib, 64 * 1024) << "memory, KiB";
    EXPECT_LE(result.memory_kib, (64 + memory_own_mib + step.memory_mib) * 1024) << "memory, KiB";
    EXPECT_EQ(processes_with(token), 0) << "processes of the contestant are left";
    EXPECT_EQ(leftovers(), std::vector<std::string>{});
  }
  std::string token(const std::string& what) const {
    return what + "-" + std::to_string(::getpid()) + "-" +
           std::to_string(reinterpret_cast<std::uintptr_t>(this));
  }
  TempDir private_dir_{"entrapment-test-private", 0700};
};

// The test contestant, copied into the private directory as a private file: 64 MiB and 0.5 s
// of CPU, then a correct game.
TEST_P(PrivatePlaces, AProgramInA0700DirectoryRuns) {
  const fs::path program = copy_into(bin_dir() / "test_player", private_dir_.path, "player",
                                     0700);  // a private file, too
  const std::string mark = token("private-program");
  const TestResult result = judge({program.string(), "burn-then-play", mark});
  EXPECT_EQ(to_string(result.verdict), std::string("AC")) << result.message;
  expect_its_own(result, 0.5, 0.05, 4, mark);
}

// A Python script of mode 0600 there, playing in a thread after 64 MiB and 1.5 s of CPU.
TEST_P(PrivatePlaces, APythonScriptInA0700DirectoryRuns) {
  const fs::path script =
      copy_into(programs_dir() / "threaded_echo.py", private_dir_.path, "solution.py", 0600);
  const std::string mark = token("private-script");
  const TestResult result =
      judge({"/usr/bin/python3", script.string(), "plain", "64", "1.5", mark}, 4);
  EXPECT_EQ(to_string(result.verdict), std::string("AC")) << result.message;
  expect_its_own(result, 1.5, 0.6, 32, mark);
}

// A pyenv shim is a script that runs some Python; the contestant runs the Python itself.
TEST_P(PrivatePlaces, AnInterpreterShimInA0700DirectoryIsResolvedToItsPython) {
  const fs::path shim = private_dir_.path / "python3";
  write_file(shim, "#!/bin/sh\nexec /usr/bin/python3 \"$@\"\n", 0755);
  const fs::path script =
      copy_into(programs_dir() / "threaded_echo.py", private_dir_.path, "solution.py", 0600);
  const TestResult result = judge({shim.string(), script.string(), "plain"});
  EXPECT_EQ(to_string(result.verdict), std::string("AC")) << result.message;
}

// A Python of mode 0755 alone in a private directory: bwrap as root binds the file alone and
// makes the directory above it as the source's (0700, root's), which the run's user could not
// search: the judge makes the directories above a mount point open to all first.
TEST_P(PrivatePlaces, AnInterpreterFileAloneInA0700DirectoryRuns) {
  const fs::path python =
      copy_into(fs::canonical("/usr/bin/python3"), private_dir_.path, "python3", 0755);
  const fs::path script =
      copy_into(programs_dir() / "threaded_echo.py", private_dir_.path, "solution.py", 0600);
  const TestResult result = judge({python.string(), script.string(), "plain"});
  EXPECT_EQ(to_string(result.verdict), std::string("AC")) << result.message;
}

// An installation (bin/python3, with lib/pythonX.Y beside it) under a private directory: bwrap
// as root makes the directories above a mount point as the source's (0700, root's), and only the
// judge making them open to all first lets the run's own user reach the installation's files.
// setpriv starts the interpreter by its path while it is still privileged, so it starts either
// way, and Python falls back to /usr's library: what tells is reading its own file. The script
// exits 3 (RTE) when it cannot, else plays. (A Python file alone there could not tell: seen
// passing with those directories left 0700.)
TEST_P(PrivatePlaces, AnInstallationInA0700DirectoryIsReachableByTheContestant) {
  const fs::path real = fs::canonical("/usr/bin/python3");  // /usr/bin/python3.11
  const fs::path library = fs::path("/usr/lib") / real.filename();
  if (!fs::is_directory(library)) GTEST_SKIP() << "no " << library.string() << " here";
  const fs::path prefix = private_dir_.path / "python";
  fs::create_directories(prefix / "bin");
  fs::create_directories(prefix / "lib");
  fs::create_directory_symlink(library, prefix / "lib" / real.filename());
  const fs::path python = copy_into(real, prefix / "bin", "python3", 0755);
  copy_into(programs_dir() / "threaded_echo.py", private_dir_.path, "echo.py", 0600);
  const fs::path script = private_dir_.path / "solution.py";
  write_file(script,
             "import os, runpy, sys\n"
             "try:\n"
             "    open(sys.executable, 'rb').close()\n"
             "except OSError:\n"
             "    sys.exit(3)\n"
             "sys.argv = [os.path.join(os.path.dirname(__file__), 'echo.py'), 'plain']\n"
             "runpy.run_path(sys.argv[0], run_name='__main__')\n",
             0600);
  const TestResult result = judge({python.string(), script.string()});
  EXPECT_EQ(to_string(result.verdict), std::string("AC")) << result.message;
}

// A Python of mode 0700 (its owner's alone) under a private directory: bwrap as root binds it,
// but the run's own user cannot run it, which is a judge error; with no isolation the judge's
// own user runs it (root may).
TEST_P(PrivatePlaces, AnInterpreterTheContestantCannotRunIsAJudgeError) {
  if (::geteuid() != 0) GTEST_SKIP() << "not root: the contestant runs as the judge's user";
  const fs::path python =
      copy_into(fs::canonical("/usr/bin/python3"), private_dir_.path, "python3", 0700);
  const fs::path script =
      copy_into(programs_dir() / "threaded_echo.py", private_dir_.path, "solution.py", 0600);
  const TestResult result = judge({python.string(), script.string(), "plain"});
  if (!sandbox()) {
    EXPECT_EQ(to_string(result.verdict), std::string("AC")) << result.message;
    return;
  }
  EXPECT_EQ(to_string(result.verdict), std::string("JE")) << result.message;
  EXPECT_NE(result.message.find("judge error: cannot start " + python.string()), std::string::npos)
      << result.message;
  EXPECT_NE(result.message.find(python.string() + " is not readable and runnable by all"),
            std::string::npos)
      << result.message;
}

// Exists, but is not a program: exec fails (inside bwrap: bwrap says so and exits 1, which
// must not pass for the contestant's exit status).
TEST_P(PrivatePlaces, AFileThatCannotBeExecutedIsAJudgeError) {
  const TestResult result = judge({"/etc/passwd"});
  EXPECT_EQ(to_string(result.verdict), std::string("JE")) << result.message;
  EXPECT_NE(result.message.find("judge error: cannot start"), std::string::npos) << result.message;
  EXPECT_EQ(leftovers(), std::vector<std::string>{});
}

INSTANTIATE_TEST_SUITE_P(Staging, PrivatePlaces, every_mode(), ModeName());

TEST(StageCommand, CopiesTheProgramAndWhatItNamesAndLeavesSystemPathsAlone) {
  TempDir source("entrapment-test-source", 0700);
  TempDir scratch("entrapment-test-scratch", 0755);
  const fs::path program = source.path / "a.out";
  write_file(program, "#!/bin/sh\n", 0700);
  const fs::path input = source.path / "data.txt";
  write_file(input, "data", 0600);
  fs::create_directories(source.path / "classes" / "pkg");
  write_file(source.path / "classes" / "pkg" / "Main.class", "class", 0600);
  const StagedCommand staged =
      stage_command({program.string(), input.string(), (source.path / "classes").string(),
                     "/usr/bin/env", "-x", "relative"},
                    scratch.path, false);
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

// A Python directory submission: __main__.py imports helper.py beside it. Both go into one
// directory of the scratch directory, by their own names; a file of another kind does not.
TEST(StageCommand, AnInterpretersScriptBringsTheModulesBesideIt) {
  TempDir source("entrapment-test-source", 0700);
  TempDir scratch("entrapment-test-scratch", 0755);
  write_file(source.path / "__main__.py", "from helper import side\n", 0600);
  write_file(source.path / "helper.py", "def side(): return 'Runner'\n", 0600);
  write_file(source.path / "notes.txt", "not a module", 0600);
  const StagedCommand staged = stage_command(
      {"/usr/bin/python3", (source.path / "__main__.py").string()}, scratch.path, false);
  ASSERT_EQ(staged.argv.size(), 2u);
  const fs::path main = staged.argv[1];
  EXPECT_EQ(main.filename(), "__main__.py");
  EXPECT_EQ(main.parent_path().parent_path(), scratch.path) << main;
  EXPECT_TRUE(fs::exists(main.parent_path() / "helper.py"));
  EXPECT_FALSE(fs::exists(main.parent_path() / "notes.txt"));
  // The program (not an interpreter) brings nothing but what it names.
  TempDir other("entrapment-test-scratch", 0755);
  const StagedCommand alone =
      stage_command({(source.path / "helper.py").string()}, other.path, false);
  EXPECT_EQ(alone.argv[0], (other.path / "helper.py").string());
  EXPECT_FALSE(fs::exists(other.path / "__main__.py"));
}

ino_t inode(const fs::path& path) {
  struct stat st {};
  ::stat(path.c_str(), &st);
  return st.st_ino;
}

// A hard link is the same file: only for a contestant that cannot write to it (a user of its
// own, and a file not writable by others); otherwise the submission itself could be rewritten.
TEST(StageCommand, LinksOnlyWhatTheContestantCannotChange) {
  TempDir source("entrapment-test-source", 0755);
  const fs::path program = source.path / "program";
  write_file(program, "#!/bin/sh\n", 0755);
  const fs::path open_to_all = source.path / "open";
  write_file(open_to_all, "#!/bin/sh\n", 0777);
  {
    TempDir scratch("entrapment-test-scratch", 0755);
    const StagedCommand own_user = stage_command({program.string()}, scratch.path, true);
    EXPECT_EQ(inode(own_user.argv[0]), inode(program)) << "a hard link";
  }
  if (::geteuid() != 61999) {
    TempDir scratch("entrapment-test-scratch", 0755);
    const StagedCommand same_user = stage_command({program.string()}, scratch.path, false);
    EXPECT_NE(inode(same_user.argv[0]), inode(program)) << "a copy";
  }
  {
    TempDir scratch("entrapment-test-scratch", 0755);
    const StagedCommand writable = stage_command({open_to_all.string()}, scratch.path, true);
    EXPECT_NE(inode(writable.argv[0]), inode(open_to_all)) << "a copy";
  }
}

TEST(StageCommand, TwoFilesOfTheSameNameGetTwoNames) {
  TempDir one("entrapment-test-one", 0755), two("entrapment-test-two", 0755),
      scratch("entrapment-test-s", 0755);
  write_file(one.path / "in", "1", 0644);
  write_file(two.path / "in", "2", 0644);
  const StagedCommand staged = stage_command(
      {"/bin/cat", (one.path / "in").string(), (two.path / "in").string()}, scratch.path, false);
  EXPECT_NE(staged.argv[1], staged.argv[2]);
  std::ifstream first(staged.argv[1]), second(staged.argv[2]);
  std::string a, b;
  first >> a;
  second >> b;
  EXPECT_EQ(a + b, "12");
}

TEST(StageCommand, AMissingProgramOrAHugeDirectoryIsAStageError) {
  TempDir scratch("entrapment-test-scratch", 0755);
  EXPECT_THROW(stage_command({"/nonexistent/program"}, scratch.path, false), StageError);
  TempDir big("entrapment-test-big", 0755);
  for (int i = 0; i < 10001; ++i) write_file(big.path / std::to_string(i), "", 0644);
  try {
    stage_command({"/bin/cat", big.path.string()}, scratch.path, false);
    FAIL() << "no StageError";
  } catch (const StageError& e) {
    EXPECT_NE(std::string(e.what()).find("more than 10000 files"), std::string::npos) << e.what();
  }
}

TEST(StageCommand, TheSystemDirectoriesAreKnownByTheirPaths) {
  EXPECT_TRUE(in_system_directories("/usr/lib/jvm/java/bin/java"));
  EXPECT_TRUE(in_system_directories("/bin/sh"));
  EXPECT_FALSE(in_system_directories("/usrx/bin/sh"));
  EXPECT_FALSE(in_system_directories("/root/.pyenv/shims/python3"));
}

}  // namespace
}  // namespace entrapment::testing

namespace entrapment::testing {
namespace {

// The judge's work directories (compiled submissions) and a contestant's scratch directory
// are nobody else's: mode 0700 (a work directory was 0755, other submissions readable in it).
TEST(PrivateDirectories, WorkAndScratchDirectoriesAreMode0700) {
  WorkDir work("private-test");
  struct stat info {};
  ASSERT_EQ(::stat(work.path().c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 07777, 0700u);
  BoxLimits limits = small_limits();
  BoxedProcess process({fs::absolute(bin_dir() / "test_player").string(), "sleep"}, limits, false);
  ASSERT_EQ(::stat(process.dir().c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 07777, 0700u);
  // And the judge's own directory, which holds them both.
  ASSERT_EQ(::stat(judge_temp_dir().c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 07777, 0700u);
  process.stop();
}

}  // namespace
}  // namespace entrapment::testing
