// `build/bin/judge` as issue 17's reviewers used it: options that cannot destroy a file, a
// directory walk that starts only submissions, symbolic links and directory submissions that
// run as themselves, a problem.yaml with impossible limits refused, contestant text escaped on
// the terminal, and a judge that is not root refusing to run what nothing isolates.
#include <fcntl.h>
#include <grp.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <pwd.h>
#include <sched.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

#include "containment/box_process.hpp"
#include "tests/support/files.hpp"
#include "tests/support/judge.hpp"
#include "tests/support/runs.hpp"
#include "tests/support/text.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

// A package of its own, readable by everyone: problem.yaml, the first sample, the reference
// solution in Python (compiling it is a syntax check: quick).
class Package {
 public:
  Package() {
    copy(package_root() / "problem.yaml", "problem.yaml");
    copy(package_root() / "judge.yaml", "judge.yaml");
    copy(package_root() / "testdata" / "sample" / "1.in", "testdata/sample/1.in");
    copy(package_root() / "testdata" / "sample" / "1.in", "testdata/secret/1.in");
    copy(package_root() / "solutions" / "accepted" / "reference.py",
         "solutions/accepted/reference.py");
  }
  const fs::path& root() const { return dir_.path; }
  fs::path path(const std::string& relative) const { return dir_.path / relative; }
  fs::path write(const std::string& relative, const std::string& text, unsigned mode = 0644) {
    const fs::path to = path(relative);
    fs::create_directories(to.parent_path());
    std::ofstream(to, std::ios::binary) << text;
    ::chmod(to.c_str(), mode);
    open_directories(to.parent_path());
    return to;
  }
  fs::path copy(const fs::path& from, const std::string& relative) {
    return write(relative, read_text(from),
                 static_cast<unsigned>(fs::status(from).permissions()) & 0755);
  }
  std::string sample() const { return path("testdata/sample/1.in").string(); }
  // The judge in this package, the compile cache off (nothing of the user's shared), and, with
  // `trust`, trusting what `run`, `play` and `verify` run where nothing isolates it (a test run
  // as a user, without bwrap): --trust after the command unless `args` hold it.
  // `judge` is build/bin/judge unless given (a copy another user can run).
  JudgeRun judge(const std::vector<std::string>& args, JudgeOptions options = {},
                 const fs::path& judge = judge_binary(), bool trust = true) const {
    return run_process(command(args, judge, trust), with_package(std::move(options)));
  }
  // The same, started: the caller waits.
  Process start(const std::vector<std::string>& args, JudgeOptions options, const fs::path& judge,
                bool trust) const {
    return Process(command(args, judge, trust), with_package(std::move(options)));
  }

 private:
  std::vector<std::string> command(const std::vector<std::string>& args, const fs::path& judge,
                                   bool trust) const {
    std::vector<std::string> argv = {judge.string()};
    argv.insert(argv.end(), args.begin(), args.end());
    const bool takes_trust =
        !args.empty() && (args[0] == "run" || args[0] == "play" || args[0] == "verify");
    if (trust && takes_trust && std::find(args.begin(), args.end(), "--trust") == args.end())
      argv.insert(argv.begin() + 2, "--trust");
    return argv;
  }
  JudgeOptions with_package(JudgeOptions options) const {
    options.env.push_back({"ENTRAPMENT_ROOT", root().string()});
    options.env.push_back({"ENTRAPMENT_CACHE_DIR", "off"});
    return options;
  }
  void open_directories(fs::path dir) {
    for (; dir.string().size() >= dir_.path.string().size(); dir = dir.parent_path())
      ::chmod(dir.c_str(), 0755);
  }
  TempDir dir_{"entrapment-test-package", 0755};
};

// ---- --json and --html never destroy a file, and are checked before any judging.

TEST(ReportFiles, AForgottenFileNameNeverReplacesASubmissionOrATest) {
  Package package;
  const std::string submission = package.path("solutions/accepted/reference.py").string();
  const std::string before = read_text(submission), test_before = read_text(package.sample());
  // `--html` took the submission as its FILE: judging every solution, then replacing it.
  JudgeRun run = package.judge({"run", "--html", submission, "--no-sandbox"});
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(has(run.err, "--html " + submission)) << run.err;
  EXPECT_TRUE(has(run.err, "was FILE forgotten after --html?")) << run.err;
  EXPECT_FALSE(has(run.out, "Verdict:")) << "it judged before refusing:\n" << run.out;
  EXPECT_EQ(read_text(submission), before);
  run = package.judge({"run", submission, "--json", package.sample(), "--no-sandbox"});
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_FALSE(has(run.out, "Verdict:")) << run.out;
  EXPECT_EQ(read_text(package.sample()), test_before);
}

TEST(ReportFiles, OnlyAReportOfOursIsReplacedAndABadPlaceIsFoundFirst) {
  Package package;
  const std::string submission = package.path("solutions/accepted/reference.py").string();
  TempDir out("entrapment-test-reports", 0755);
  const fs::path notes = out.path / "notes.txt";
  std::ofstream(notes) << "my notes\n";
  JudgeRun run = package.judge(
      {"run", submission, package.sample(), "--json", notes.string(), "--no-sandbox"});
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(has(run.err, "is not a report of `judge run`")) << run.err;
  EXPECT_EQ(read_text(notes), "my notes\n");
  for (const std::string& bad :
       {(out.path / "missing" / "r.json").string(), std::string("/proc/r.json"), out.path.string(),
        (out.path / "-").string(), (out.path / "-v").string()}) {
    run = package.judge({"run", submission, package.sample(), "--json", bad, "--no-sandbox"});
    EXPECT_EQ(run.status, 2) << bad << "\n" << run.out << run.err;
    EXPECT_FALSE(has(run.out, "Verdict:")) << "found only after judging:\n" << run.out;
  }
  EXPECT_TRUE(has(run.err, "a file name starting with '-'")) << run.err;
  EXPECT_FALSE(fs::exists(out.path / "-")) << "--json - wrote a file named -";
  EXPECT_FALSE(fs::exists(out.path / "-v"));
  // A report of ours, JSON or HTML, is replaced; a new one written.
  const fs::path json = out.path / "r.json", html = out.path / "r.html";
  for (int time = 0; time < 2; ++time) {
    run = package.judge({"run", submission, package.sample(), "--json", json.string(), "--html",
                         html.string(), "--no-sandbox"});
    EXPECT_EQ(run.status, 0) << run.out << run.err;
    EXPECT_TRUE(has(read_text(json), "\"verdict\": \"AC\"")) << read_text(json);
    EXPECT_TRUE(has(read_text(html), "Entrapment")) << read_text(html).substr(0, 200);
  }
  // No temporary file left beside them.
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(out.path))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"notes.txt", "r.html", "r.json"}));
}

// ---- A walk through a directory starts only submissions.

TEST(Discovery, ThePackagesRootMeansItsSolutionsAndNothingElseRuns) {
  Package package;
  // A script of the package's own beside the verdict directories, and sources elsewhere.
  package.write("solutions/make_table.py", "open('/tmp/make-table-ran', 'w')\n", 0755);
  package.write("bench/tool.cpp", "int main() { return 1; }\n");
  package.write("bench/run.sh", "#!/bin/sh\nexit 1\n", 0755);
  const JudgeRun run = package.judge({"run", package.root().string(), "--no-sandbox"});
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "== solutions/accepted/reference.py")) << run.out;
  EXPECT_TRUE(has(run.out, "not judged")) << run.out;
  EXPECT_TRUE(has(run.out, "solutions/make_table.py")) << run.out;
  EXPECT_FALSE(has(run.out, "== bench")) << run.out;
  EXPECT_FALSE(has(run.out, "== solutions (")) << run.out;
  EXPECT_FALSE(has(run.out, "make_table.py (expected")) << run.out;
}

TEST(Discovery, ADirectoryOfOneProgramIsOneSubmissionAsInPlay) {
  Package package;
  package.write("mine/main.cpp",
                "#include <cstdio>\nconst char* side();\nint main() { std::puts(side()); }\n");
  package.write("mine/side.cpp", "const char* side() { return \"Runner\"; }\n");
  const std::string dir = package.path("mine").string();
  const JudgeRun run =
      package.judge({"run", dir, package.sample(), "--expect", "WA", "-v", "--no-sandbox"});
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "As expected: expected WA, got WA")) << run.out;
  EXPECT_TRUE(has(run.out, "you claimed Runner")) << "it ran as one program:\n" << run.out;
  EXPECT_FALSE(has(run.out, "== ")) << "split into files:\n" << run.out;
}

TEST(Discovery, ASymbolicLinkRunsAsTheProgramItLeadsTo) {
  Package package;
  package.copy(bin_dir() / "test_player", "bin/player");
  ::chmod(package.path("bin/player").c_str(), 0755);
  fs::create_symlink("bin/player", package.path("player-link"));  // relative, as people make them
  JudgeRun run = package.judge(
      {"run", package.path("player-link").string(), package.sample(), "--no-sandbox"});
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "As expected: expected AC, got AC")) << run.out;
  // A source that is a link, too.
  fs::create_symlink(package.path("solutions/accepted/reference.py"), package.path("link.py"));
  run = package.judge({"run", package.path("link.py").string(), package.sample(), "--no-sandbox"});
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "As expected: expected AC, got AC")) << run.out;
}

// A symbolic link named on the command line is the user's choice; one a walk finds is the
// submission's, and could lead anywhere: to a test, whose bytes the compiler's messages would
// show (the red team's data.cpp -> testdata/secret/...in came out in a compile error).
TEST(Discovery, ALinkAWalkFindsIsNotJudgedAndShowsNothingOfWhatItLeadsTo) {
  Package package;
  const std::string secret = "7 0\n#SECRET-BOARD-BYTES\n";
  package.write("testdata/secret/2.in", secret);
  package.copy(package_root() / "solutions" / "accepted" / "reference.py", "walk/ok.py");
  fs::create_symlink(package.path("testdata/secret/2.in"), package.path("walk/data.cpp"));
  const JudgeRun run =
      package.judge({"run", package.path("walk").string(), package.sample(), "--no-sandbox"});
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "== ok.py")) << run.out;
  EXPECT_TRUE(has(run.out, "data.cpp (a symbolic link)")) << run.out;
  EXPECT_FALSE(has(run.out + run.err, "SECRET-BOARD-BYTES")) << run.out << run.err;
  EXPECT_FALSE(has(run.out, "== data.cpp")) << run.out;
}

// A link that leads to itself (or round a loop) cannot be followed: it is no submission and
// never stops the judging of the others (it once made `judge run` an internal error, exit 3).
TEST(Discovery, ALinkThatLoopsNeverStopsTheJudging) {
  Package package;
  package.copy(package_root() / "solutions" / "accepted" / "reference.py", "program/__main__.py");
  fs::create_symlink("x", package.path("program/x"));
  JudgeRun run =
      package.judge({"run", package.path("program").string(), package.sample(), "--no-sandbox"});
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "As expected: expected AC, got AC")) << run.out << run.err;

  fs::create_symlink("loop.py", package.path("solutions/accepted/loop.py"));
  run = package.judge(
      {"run", package.path("solutions/accepted").string(), package.sample(), "--no-sandbox"});
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "== accepted/reference.py")) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "accepted/loop.py (a symbolic link)")) << run.out << run.err;
}

TEST(Discovery, ATestDirectoryThatHoldsThePackageIsRefused) {
  Package package;
  const std::string submission = package.path("solutions/accepted/reference.py").string();
  for (const fs::path& above : {package.root(), package.root().parent_path()}) {
    const JudgeRun run = package.judge({"run", submission, above.string(), "--no-sandbox"});
    EXPECT_EQ(run.status, 2) << run.out << run.err;
    EXPECT_TRUE(has(run.err, "holds the whole package")) << run.err;
  }
}

// ---- problem.yaml.

// `text` with the value of its line "  KEY: VALUE" set to `value`, whatever it was: the package's
// own limits are the setter's to change (the README's recipe sets a 2 s time limit).
std::string with_limit(std::string text, const std::string& key, const std::string& value) {
  const std::string start = "\n  " + key + ": ";
  const std::size_t at = text.find(start);
  if (at == std::string::npos) {
    ADD_FAILURE() << "problem.yaml has no line '  " << key << ": ...'";
    return text;
  }
  const std::size_t from = at + start.size();
  return text.replace(from, text.find('\n', from) - from, value);
}

TEST(ProblemYamlLimits, ImpossibleLimitsAreAConfigurationErrorForEveryCommand) {
  Package package;
  const std::string text = read_text(package.path("problem.yaml"));
  for (const auto& [key, to] :
       {std::pair<std::string, std::string>{"time_limit", "99999999999"}, {"memory", "1"}}) {
    package.write("problem.yaml", with_limit(text, key, to));
    JudgeRun run = package.judge({"run", package.path("solutions/accepted/reference.py").string(),
                                  package.sample(), "--no-sandbox"});
    EXPECT_EQ(run.status, 2) << to << "\n" << run.out << run.err;
    EXPECT_TRUE(has(run.err, "problem.yaml:1") && has(run.err, ": limits.")) << run.err;
    run = package.judge({"verify", "--only", "submissions"});
    EXPECT_EQ(run.status, 2) << to << "\n" << run.out << run.err;
    EXPECT_TRUE(has(run.out, "FAIL  problem.yaml")) << run.out;
  }
}

// ---- Contestant text reaches the terminal escaped.

TEST(ContestantText, EscapesAndBidiOverridesNeverReachTheTerminalRaw) {
  Package package;
  const std::string player = fs::absolute(bin_dir() / "test_player").string();
  for (const std::string mode : {"bidi-line", "bidi-stderr"}) {
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"run", package.sample(), "-v", "--", player, mode},
          std::vector<std::string>{"play", "--test", package.sample(), "--", player, mode}}) {
      const JudgeRun run = package.judge(args);
      EXPECT_EQ(run.status, 1) << run.out << run.err;
      for (const std::string& text : {run.out, run.err}) {
        EXPECT_FALSE(has(text, "\x1b")) << args[0] << " " << mode << ": an escape:\n" << text;
        EXPECT_FALSE(has(text, "\xe2\x80\xae")) << args[0] << " " << mode << ": U+202E:\n" << text;
      }
      EXPECT_TRUE(has(run.out, "\\u202E")) << args[0] << " " << mode << ":\n" << run.out;
    }
  }
}

// ---- The contestant never reaches the user's terminal: a session of its own, no
// controlling terminal, so no /dev/tty, no TIOCSTI (which ran `id` in the user's shell).

TEST(Terminal, AContestantCannotWriteOrTypeIntoTheJudgesTerminal) {
  Package package;
  const std::string player = fs::absolute(bin_dir() / "test_player").string();
  for (const std::string sandbox : {"--sandbox"}) {
    if (!sandbox_support().usable)
      GTEST_SKIP() << "bwrap not usable (" << sandbox_support().reason << "): nothing isolates "
                   << "the contestant, which may open the user's terminal by name "
                   << "(doc/execution.md)";
    const int master = ::posix_openpt(O_RDWR | O_NOCTTY);
    ASSERT_GE(master, 0);
    ASSERT_EQ(::grantpt(master), 0);
    ASSERT_EQ(::unlockpt(master), 0);
    const std::string token = "tty" + std::to_string(::getpid()) + sandbox;
    JudgeOptions options;
    options.terminal = ::ptsname(master);
    options.env = {{"ENTRAPMENT_ROOT", package.root().string()}, {"ENTRAPMENT_CACHE_DIR", "off"}};
    Process judge =
        start_judge({"run", package.sample(), sandbox, "--", player, "tiocsti", token}, options);
    // What the terminal shows (the judge's lines, and whatever it echoes of its input).
    std::string shown;
    int status = -1;
    // Once the judge has closed the terminal, the master reads as hung up at once: then the
    // wait is on the judge's exit (a spin through the rounds ended them while a judge on a busy
    // machine was still exiting, status -1).
    for (int i = 0; i < 6000 && status < 0; ++i) {
      char chunk[4096];
      pollfd fd{master, POLLIN, 0};
      ssize_t n = 0;
      if (::poll(&fd, 1, 20) > 0) {
        n = ::read(master, chunk, sizeof chunk);
        if (n > 0) shown.append(chunk, static_cast<std::size_t>(n));
      }
      status = judge.wait_for(n > 0 ? 0 : 0.02);
    }
    for (char chunk[4096];;) {
      pollfd fd{master, POLLIN, 0};
      if (::poll(&fd, 1, 50) <= 0) break;
      const ssize_t n = ::read(master, chunk, sizeof chunk);
      if (n <= 0) break;
      shown.append(chunk, static_cast<std::size_t>(n));
    }
    // What was typed into its input: still queued, nobody read it.
    std::string typed;
    const int slave = ::open(options.terminal.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK);
    if (slave >= 0) {
      char chunk[4096];
      for (ssize_t n; (n = ::read(slave, chunk, sizeof chunk)) > 0;)
        typed.append(chunk, static_cast<std::size_t>(n));
      ::close(slave);
    }
    ::close(master);
    EXPECT_EQ(status, 0) << sandbox << ":\n" << shown;
    EXPECT_FALSE(has(shown, "verify: OK " + token)) << sandbox << ": a line on the terminal:\n"
                                                    << shown;
    EXPECT_FALSE(has(shown + typed, "echo " + token)) << sandbox << ": typed into the shell:\n"
                                                      << shown << typed;
    EXPECT_FALSE(has(shown, "reached:")) << sandbox << ":\n" << shown;
  }
}

// ---- Without bwrap nothing isolates the contestant, so only the package's own run.

// A copy of the judge and the test contestant that `nobody` can run, or why not. A test run as
// a user already runs the judge as itself (uid 0 here: no change of user).
struct Unprivileged {
  TempDir dir{"entrapment-test-nobody", 0755};
  uid_t uid = 0;
  gid_t gid = 0;
  std::string why_not;
  Unprivileged() {
    if (::geteuid() == 0) {
      const passwd* nobody = ::getpwnam("nobody");
      if (!nobody) {
        why_not = "no user nobody here";
        return;
      }
      uid = nobody->pw_uid;
      gid = nobody->pw_gid;
    }
    // The programs in a directory of root's that only root may write (the judge refuses a
    // judge-box others could replace), its HOME beside them open to it.
    fs::create_directory(dir.path / "bin");
    for (const char* program : {"judge", "judge-box", "test_player"}) {
      fs::copy_file(bin_dir() / program, dir.path / "bin" / program);
      ::chmod((dir.path / "bin" / program).c_str(), 0755);
    }
    ::chmod((dir.path / "bin").c_str(), 0755);
    ::chmod(dir.path.c_str(), 01777);  // its HOME (sticky: nobody may move bin/ away)
  }
  JudgeOptions options() const {
    JudgeOptions o;
    o.user = uid;
    o.group = gid;
    o.cwd = dir.path;
    o.env = {{"HOME", dir.path.string()}};
    return o;
  }
  fs::path judge() const { return dir.path / "bin" / "judge"; }
  std::string player() const { return (dir.path / "bin" / "test_player").string(); }
};

TEST(NotRoot, WithoutBwrapOnlyThePackagesOwnSubmissionsRunAfterAWarning) {
  Unprivileged nobody;
  if (!nobody.why_not.empty()) GTEST_SKIP() << nobody.why_not;
  Package package;
  // Anything else: refused before it starts, unless --trust.
  JudgeRun run = package.judge(
      {"run", package.sample(), "--no-sandbox", "--", nobody.player(), "attack-judge", "x"},
      nobody.options(), nobody.judge(), false);
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(has(run.err, "refusing to run")) << run.err;
  EXPECT_FALSE(has(run.out, "Verdict:")) << run.out;
  run = package.judge(
      {"run", package.sample(), "--no-sandbox", "--trust", "--", nobody.player(), "correct", "x"},
      nobody.options(), nobody.judge(), false);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_TRUE(has(run.err, "warning: nothing isolates")) << run.err;
  // The package's own: after the warning.
  run = package.judge({"run", package.path("solutions/accepted/reference.py").string(),
                       package.sample(), "--no-sandbox"},
                      nobody.options(), nobody.judge(), false);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_TRUE(has(run.err, "warning: nothing isolates")) << run.err;
}

// Issue 27: without a sandbox (here turned off) root, too, runs only what it may trust, and says so
// (it ran anything in a private root, or as a user id of its own, saying little or nothing).
TEST(NoBwrap, WhoeverJudgesOnlyThePackagesOwnSubmissionsRunAfterAWarning) {
  Package package;
  const std::string player = fs::absolute(bin_dir() / "test_player").string();
  JudgeOptions options;
  options.env = {{"ENTRAPMENT_BWRAP", "off"}};
  JudgeRun run = package.judge({"run", "-v", package.sample(), "--", player, "correct", "x"},
                               options, judge_binary(), false);
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(has(run.err, "refusing to run")) << run.err;
  EXPECT_TRUE(has(run.err, "the sandbox is turned off (ENTRAPMENT_BWRAP=off")) << run.err;
  run = package.judge(
      {"run", "-v", package.path("solutions/accepted/reference.py").string(), package.sample()},
      options, judge_binary(), false);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_TRUE(has(run.err, "warning: nothing isolates")) << run.err;
  EXPECT_TRUE(has(run.out, "isolation: none (no sandbox")) << run.out;
}

// Issue 27: only --trust runs a submission that is not the package's own where nothing isolates
// it, whatever the environment says (ENTRAPMENT_TRUST=1 in it was --trust for every command).
TEST(NoBwrap, TrustInTheEnvironmentIsNoTrust) {
  Package package;
  const std::string player = fs::absolute(bin_dir() / "test_player").string();
  JudgeOptions options;
  options.env = {{"ENTRAPMENT_BWRAP", "off"}, {"ENTRAPMENT_TRUST", "1"}};
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"run", package.sample(), "--", player, "correct", "x"},
        std::vector<std::string>{"play", "--test", package.sample(), "--", player, "correct",
                                 "x"}}) {
    const JudgeRun run = package.judge(args, options, judge_binary(), false);
    EXPECT_EQ(run.status, 2) << args[0] << "\n" << run.out << run.err;
    EXPECT_TRUE(has(run.err, "refusing to run")) << args[0] << "\n" << run.err;
  }
}

// A program that may not run where nothing isolates it is refused once, before anything of
// any submission is compiled or judged: `judge verify` with another user's file among the
// package's submissions judged none of them (it judged every submission before that one, then
// refused, exit 2, with their results printed).
// The accepted reference copied to `relative` in `package`, the file and its directory given to
// `user`: another user's file among the package's submissions.
fs::path plant_as(const passwd& user, Package& package, const std::string& relative) {
  const fs::path planted =
      package.copy(package_root() / "solutions" / "accepted" / "reference.py", relative);
  EXPECT_EQ(::chown(planted.parent_path().c_str(), user.pw_uid, user.pw_gid), 0);
  EXPECT_EQ(::chown(planted.c_str(), user.pw_uid, user.pw_gid), 0);
  return planted;
}

TEST(NoBwrap, AnUntrustedSubmissionIsRefusedBeforeAnyIsJudged) {
  if (::geteuid() != 0) GTEST_SKIP() << "not root: cannot give a file to another user";
  const passwd* nobody = ::getpwnam("nobody");
  if (!nobody) GTEST_SKIP() << "no user nobody here";
  Package package;
  plant_as(*nobody, package, "solutions/wrong_answer/zz_planted/reference.py");
  JudgeOptions options;
  options.env = {{"ENTRAPMENT_BWRAP", "off"}};
  const JudgeRun run = package.judge({"verify", "--only", "submissions", "--max-tests", "1"},
                                     options, judge_binary(), false);
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(has(run.err, "refusing to run")) << run.err;
  EXPECT_FALSE(has(run.out, "solutions/accepted/")) << "judged before the refusal:\n" << run.out;
}

// Red team, issue 27: "the package's own solutions/" was any file below the package's
// solutions/, whoever put it there. A local user who made /tmp/problem.yaml, /tmp/testdata/ and
// /tmp/solutions/ had root's `judge run` and `verify`, started in a directory under /tmp, find
// /tmp as the package and run the planted program as root, unisolated, where bwrap is missing.
// A submission is the package's own only when no one but the judge's user (or root) owns or may
// write to it and the directories above it; anything else is refused there unless --trust.
TEST(NoBwrap, ASubmissionAnotherUserPutInSolutionsIsNotThePackagesOwn) {
  if (::geteuid() != 0) GTEST_SKIP() << "not root: cannot give a file to another user";
  const passwd* nobody = ::getpwnam("nobody");
  if (!nobody) GTEST_SKIP() << "no user nobody here";
  Package package;
  const fs::path planted = plant_as(*nobody, package, "solutions/planted/reference.py");
  JudgeOptions options;
  options.env = {{"ENTRAPMENT_BWRAP", "off"}};
  JudgeRun run =
      package.judge({"run", planted.string(), package.sample()}, options, judge_binary(), false);
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(has(run.err, "refusing to run")) << run.err;
  EXPECT_TRUE(has(run.err, "belongs to user id " + std::to_string(nobody->pw_uid))) << run.err;
  // The same file, root's again, is the package's own.
  ASSERT_EQ(::chown(planted.parent_path().c_str(), 0, 0), 0);
  ASSERT_EQ(::chown(planted.c_str(), 0, 0), 0);
  run = package.judge({"run", planted.string(), package.sample()}, options, judge_binary(), false);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  // A directory others may write to is no one's own either.
  ::chmod(planted.parent_path().c_str(), 0777);
  run = package.judge({"run", planted.string(), package.sample()}, options, judge_binary(), false);
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(has(run.err, "others may write to")) << run.err;
  // So is one a group may write to, root's own included: a member could switch the file
  // between the check and the copy (red team: it ran as root).
  ::chmod(planted.parent_path().c_str(), 0775);
  for (const gid_t group : {nobody->pw_gid, gid_t{0}}) {
    ASSERT_EQ(::chown(planted.parent_path().c_str(), 0, group), 0);
    run =
        package.judge({"run", planted.string(), package.sample()}, options, judge_binary(), false);
    EXPECT_EQ(run.status, 2) << run.out << run.err;
    EXPECT_TRUE(has(run.err, "others may write to")) << run.err;
  }
  ::chmod(planted.parent_path().c_str(), 0755);
  // Named through a link in another user's directory, which they could switch between the
  // check and the copy (red team: it ran their program as root).
  const fs::path theirs = package.root() / "theirs";
  fs::create_directory(theirs);
  fs::create_directory_symlink(package.root() / "solutions", theirs / "link");
  ASSERT_EQ(::chown(theirs.c_str(), nobody->pw_uid, nobody->pw_gid), 0);
  ASSERT_EQ(::lchown((theirs / "link").c_str(), nobody->pw_uid, nobody->pw_gid), 0);
  run = package.judge(
      {"run", (theirs / "link" / "planted" / "reference.py").string(), package.sample()}, options,
      judge_binary(), false);
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(has(run.err, "belongs to user id " + std::to_string(nobody->pw_uid))) << run.err;
  // A directory submission of root's holding another user's file (red team: it ran).
  const fs::path directory = package.root() / "solutions" / "planted" / "dsub";
  fs::create_directory(directory);
  write_text(directory / "__main__.py", read_text(planted));
  ASSERT_EQ(::chown((directory / "__main__.py").c_str(), nobody->pw_uid, nobody->pw_gid), 0);
  run =
      package.judge({"run", directory.string(), package.sample()}, options, judge_binary(), false);
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(has(run.err, "belongs to user id " + std::to_string(nobody->pw_uid))) << run.err;
}

// Without a user id of its own, the contestant's processes are still limited: RLIMIT_NPROC at
// the user's processes plus the run's (a fork bomb was stopped only when its processes
// together passed the memory limit: MLE here, TLE everywhere else). A time limit of 1 s: the
// bomb keeps both cores busy until the run is stopped, and problem.yaml's 5 s cost 22 s of
// CPU for the two runs.
TEST(NotRoot, AForkBombMeetsTheProcessLimitToo) {
  Unprivileged nobody;
  if (!nobody.why_not.empty()) GTEST_SKIP() << nobody.why_not;
  Package package;
  for (const char* sandbox : {"--sandbox", "--no-sandbox"}) {
    const JudgeRun run = package.judge({"run", package.sample(), sandbox, "--trust", "--time-limit",
                                        "1", "--", nobody.player(), "fork-bomb", "x"},
                                       nobody.options(), nobody.judge(), false);
    EXPECT_EQ(run.status, 1) << run.out << run.err;
    EXPECT_TRUE(has(run.out, "Verdict: TLE")) << sandbox << "\n" << run.out;
  }
}

// `-v` says what the boxes got, as they say it (judge-box --describe), not what the judge
// supposed: a judge that is not root sees the machine's control groups but may make none in
// them, so its boxes fall back to rlimits, and its `-v` said "cgroup v1 ... counted exactly"
// (red team). The runs' own figures tell which: memory counted on a best-effort basis is
// rlimits'.
TEST(NotRoot, VerboseSaysTheLimitsItsBoxesGot) {
  Unprivileged nobody;
  if (!nobody.why_not.empty()) GTEST_SKIP() << nobody.why_not;
  Package package;
  for (const char* sandbox : {"--sandbox", "--no-sandbox"}) {
    const JudgeRun run = package.judge(
        {"run", "-v", package.sample(), sandbox, "--trust", "--", nobody.player(), "correct", "x"},
        nobody.options(), nobody.judge(), false);
    EXPECT_EQ(run.status, 0) << run.out << run.err;
    const bool best_effort = has(run.out, "Memory counted on a best-effort basis");
    EXPECT_EQ(has(run.out, "limits: rlimit ("), best_effort) << sandbox << "\n" << run.out;
    EXPECT_EQ(has(run.out, "counted on a best-effort basis: each process's peak resident set"),
              best_effort)
        << sandbox << "\n"
        << run.out;
  }
}

// Red team: under rlimits a judge that is not root cannot read the maps of a process that
// made itself not dumpable, and counted them as nothing: 8 such processes held 600-1000 MiB
// under 256 MiB and were AC at "mem 131 MiB" (--no-sandbox --trust). The judge's user owns the
// run's user namespace (bwrap's, or the box's own without a sandbox) and reads them; where the
// machine refuses one, the resident set, which stays readable, counts instead. Here 8 x 40 MiB
// under 64 MiB. (As root the hostile suite runs this program in every mode.)
// `judge run -v` of the test player in `mode` (its further words `player_words`) on a package
// whose memory limit is 64 MiB, as `nobody`, with the judge's `options`.
JudgeRun player_under_64_mib(const Unprivileged& nobody, std::vector<std::string> options,
                             const std::vector<std::string>& player_words) {
  Package package;
  package.write("problem.yaml",
                with_limit(read_text(package.path("problem.yaml")), "memory", "64"));
  std::vector<std::string> arguments = {"run", "-v", package.sample()};
  arguments.insert(arguments.end(), options.begin(), options.end());
  arguments.push_back("--");
  arguments.push_back(nobody.player());
  arguments.insert(arguments.end(), player_words.begin(), player_words.end());
  return package.judge(arguments, nobody.options(), nobody.judge(), false);
}

TEST(NotRoot, ProcessesNotDumpableCountByTheirResidentSets) {
  Unprivileged nobody;
  if (!nobody.why_not.empty()) GTEST_SKIP() << nobody.why_not;
  const JudgeRun run = player_under_64_mib(nobody, {"--no-sandbox", "--trust", "--time-limit", "2"},
                                           {"not-dumpable", "x"});
  EXPECT_TRUE(has(run.out, "no control group held the runs (rlimits)")) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "Verdict: MLE")) << run.out << run.err;
}

// Whether `uid` may make a user namespace here (a child of the test tries).
bool may_make_user_namespaces(uid_t uid, gid_t gid) {
  const pid_t child = ::fork();
  if (child == 0) {
    // Raw calls: glibc's setuid() speaks to threads this copy of the test does not have.
    if ((::getuid() != uid && (::syscall(SYS_setresgid, gid, gid, gid) != 0 ||
                               ::syscall(SYS_setresuid, uid, uid, uid) != 0)) ||
        ::unshare(CLONE_NEWUSER) != 0)
      ::_exit(1);
    ::_exit(0);
  }
  int status = 0;
  return child > 0 && ::waitpid(child, &status, 0) == child && WIFEXITED(status) &&
         WEXITSTATUS(status) == 0;
}

// Red team: a judge that is not root could not read the descriptors of a process made not
// dumpable, so what the looks count there under rlimits went unseen: its epoll registrations
// (the red team's epoll program, made not dumpable, under bwrap as nobody: 113 MiB of slab
// under 64 MiB, AC at "mem 2.7 MiB"), and the buffers of 58 reads of an epoll's fdinfo kept open,
// the epoll closed (232 MiB, AC at "mem 16.0 MiB"). The owner of the run's user namespace may
// read their fdinfo: bwrap's namespace, or, without a sandbox, one the box makes where it may;
// each names the descriptor's mount, and every file of /proc counts as one that may list an
// epoll, and every file of a real file system opened to read, and read, as a directory read in
// part (dir-fds: 96 MiB of ext4's names under 64 MiB). Each program in either isolation, as
// nobody: MLE.
struct NotDumpable {
  const char* mode;  // the test player's
  bool bwrap;
};

class NotDumpableTest : public ::testing::TestWithParam<NotDumpable> {};

TEST_P(NotDumpableTest, WhatItsDescriptorsHoldIsCounted) {
  Unprivileged nobody;
  if (!nobody.why_not.empty()) GTEST_SKIP() << nobody.why_not;
  const bool bwrap = GetParam().bwrap;
  if (!bwrap && !may_make_user_namespaces(nobody.uid ? nobody.uid : ::getuid(),
                                          nobody.uid ? nobody.gid : ::getgid()))
    GTEST_SKIP() << "the judge's user may make no user namespace here: a known hole";
  const JudgeRun run = player_under_64_mib(
      nobody,
      bwrap ? std::vector<std::string>{} : std::vector<std::string>{"--no-sandbox", "--trust"},
      {GetParam().mode, "x", "not-dumpable"});
  if (bwrap && !has(run.out, "isolation: bwrap"))
    GTEST_SKIP() << "bwrap is not usable for an unprivileged user here:\n" << run.out << run.err;
  EXPECT_TRUE(has(run.out, "no control group held the runs (rlimits)")) << run.out << run.err;
  if (!bwrap) {
    EXPECT_TRUE(has(run.out, "the run has a user namespace of its own")) << run.out;
  }
  EXPECT_TRUE(has(run.out, "Verdict: MLE")) << run.out << run.err;
}

INSTANTIATE_TEST_SUITE_P(
    NotRoot, NotDumpableTest,
    ::testing::Values(NotDumpable{"epoll-fill", false}, NotDumpable{"epoll-fill", true},
                      NotDumpable{"fdinfo-buffers", false}, NotDumpable{"fdinfo-buffers", true},
                      NotDumpable{"dir-fds", false}, NotDumpable{"dir-fds", true}),
    [](const ::testing::TestParamInfo<NotDumpable>& info) {
      std::string name =
          std::string(info.param.mode) + (info.param.bwrap ? "_in_bwrap" : "_no_sandbox");
      std::replace(name.begin(), name.end(), '-', '_');
      return name;
    });

// Red team: bwrap's tmpfs (/tmp, /dev/shm) caps data, not files, and an empty file pins about
// 1 KiB of kernel memory: 400,000 files held 330 MiB of slab under 64 MiB, exit 0 at "mem 2.9
// MiB", as nobody under bwrap. Under rlimits the looks count the files of the run's own file
// systems. (As root the box's own namespaces cap their files: the hostile suite's tmp-files.)
TEST(NotRoot, FilesInItsTmpfsAreCountedInBwrap) {
  Unprivileged nobody;
  if (!nobody.why_not.empty()) GTEST_SKIP() << nobody.why_not;
  const JudgeRun run = player_under_64_mib(nobody, {}, {"tmp-files", "x"});
  if (!has(run.out, "isolation: bwrap"))
    GTEST_SKIP() << "bwrap is not usable for an unprivileged user here:\n" << run.out << run.err;
  EXPECT_TRUE(has(run.out, "no control group held the runs (rlimits)")) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "Verdict: MLE")) << run.out << run.err;
}

// `count` processes of user `uid` (a leader and its children), each blocked on a pipe until
// this is destroyed: as another run of the same user might start.
class ProcessesOfUser {
 public:
  ProcessesOfUser(uid_t uid, gid_t gid, int count) {
    int hold[2], ready[2];
    if (::pipe2(hold, O_CLOEXEC) != 0 || ::pipe2(ready, O_CLOEXEC) != 0) return;
    leader_ = ::fork();
    if (leader_ == 0) {
      ::close(hold[1]);
      ::close(ready[0]);
      char byte;
      // Raw calls: glibc's setuid() speaks to threads this copy of the test does not have.
      if (::getuid() != uid && (::syscall(SYS_setresgid, gid, gid, gid) != 0 ||
                                ::syscall(SYS_setresuid, uid, uid, uid) != 0))
        ::_exit(1);
      for (int i = 1; i < count; ++i) {
        const pid_t child = ::fork();
        if (child < 0) ::_exit(1);
        if (child == 0) ::_exit(::read(hold[0], &byte, 1) < 0);
      }
      if (::write(ready[1], "r", 1) != 1) ::_exit(1);
      [[maybe_unused]] const ssize_t got = ::read(hold[0], &byte, 1);
      while (::wait(nullptr) > 0) {
      }
      ::_exit(0);
    }
    ::close(hold[0]);
    ::close(ready[1]);
    hold_ = hold[1];
    char byte;
    started_ = leader_ > 0 && ::read(ready[0], &byte, 1) == 1;
    ::close(ready[0]);
  }
  ~ProcessesOfUser() {
    ::close(hold_);
    if (leader_ > 0) ::waitpid(leader_, nullptr, 0);
  }
  bool started() const { return started_; }

 private:
  pid_t leader_ = -1;
  int hold_ = -1;
  bool started_ = false;
};

// The pid of the process whose command line ends in `arguments` (the box runs a copy of the
// program), once it blocks SIGUSR1 (SigBlk in its status: it waits for the signal); 0 while
// there is none.
// What a /proc file holds, or less (""), read with no exception: its process may end meanwhile
// (a stream's read then throws "No such process").
std::string proc_text(const fs::path& path) {
  std::string text;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return text;
  char buffer[4096];
  for (ssize_t got; (got = ::read(fd, buffer, sizeof buffer)) > 0;)
    text.append(buffer, static_cast<std::size_t>(got));
  ::close(fd);
  return text;
}

pid_t blocking_usr1(const std::vector<std::string>& arguments) {
  std::string wanted;
  for (const std::string& word : arguments) wanted += word + '\0';
  for (const fs::directory_entry& entry : fs::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const std::string seen = proc_text(entry.path() / "cmdline");
    // The program itself: its own path, then the arguments (not the sandbox's step, which
    // blocks every signal and names them after its own).
    const std::size_t program_end = seen.find('\0');
    if (program_end == std::string::npos ||
        seen.compare(program_end + 1, std::string::npos, wanted))
      continue;
    std::istringstream status(proc_text(entry.path() / "status"));
    for (std::string line; std::getline(status, line);)
      if (line.rfind("SigBlk:", 0) == 0 &&
          (std::stoull(line.substr(7), nullptr, 16) >> (SIGUSR1 - 1) & 1))
        return static_cast<pid_t>(std::stol(name));
  }
  return 0;
}

// Red team (issue 47): runs of one user that is not root shared RLIMIT_NPROC, set to the user's
// processes at the run's start plus the limit, so that what the user started later counted
// against the run (a correct 8-thread program got RTE on 2 of 6 beside another judge). The
// kernel counts a user's processes per user namespace, and each run has one of its own (bwrap's,
// or the box's own without a sandbox). Here, once the run has started, 300 processes of the
// same user start, then the program starts 200 threads under the limit of 256: AC.
void expect_processes_counted_apart(const Unprivileged& nobody,
                                    const std::vector<std::string>& sandbox) {
  Package package;
  const uid_t uid = nobody.uid ? nobody.uid : ::getuid();
  const gid_t gid = nobody.uid ? nobody.gid : ::getgid();
  const std::string token = "apart-" + std::to_string(::getpid());
  std::vector<std::string> arguments = {"run", "-v", package.sample()};
  arguments.insert(arguments.end(), sandbox.begin(), sandbox.end());
  const std::vector<std::string> program_arguments = {"threads-on-signal", token, "200"};
  arguments.insert(arguments.end(), {"--", nobody.player()});
  arguments.insert(arguments.end(), program_arguments.begin(), program_arguments.end());
  Process judge = package.start(arguments, nobody.options(), nobody.judge(), false);
  pid_t waiting = 0;
  // The program blocks SIGUSR1 at once; a judge that never starts it (no bwrap here) ends.
  for (int tries = 0;
       tries < 6000 && judge.running() && !(waiting = blocking_usr1(program_arguments)); ++tries)
    ::usleep(20000);
  if (!waiting) {
    const int status = judge.wait_for(60);
    if (sandbox.empty() && !has(judge.out(), "isolation: bwrap"))
      GTEST_SKIP() << "bwrap is not usable for an unprivileged user here:\n" << judge.out();
    FAIL() << "the program never waited for its signal (judge status " << status << "):\n"
           << judge.out() << judge.err();
  }
  ProcessesOfUser others(uid, gid, 300);
  ASSERT_TRUE(others.started());
  ASSERT_EQ(::kill(waiting, SIGUSR1), 0);
  const int status = judge.wait_for(120);
  EXPECT_EQ(status, 0) << judge.out() << judge.err();
  EXPECT_TRUE(has(judge.out(), "Verdict: AC")) << judge.out() << judge.err();
  EXPECT_TRUE(has(judge.out(), "processes 256: by RLIMIT_NPROC in the run's own user namespace"))
      << judge.out();
}

TEST(NotRoot, RunsOfOneUserCountTheirProcessesApartWithoutASandbox) {
  Unprivileged nobody;
  if (!nobody.why_not.empty()) GTEST_SKIP() << nobody.why_not;
  if (!may_make_user_namespaces(nobody.uid ? nobody.uid : ::getuid(),
                                nobody.uid ? nobody.gid : ::getgid()))
    GTEST_SKIP() << "the judge's user may make no user namespace here: its runs share RLIMIT_NPROC";
  expect_processes_counted_apart(nobody, {"--no-sandbox", "--trust"});
}

TEST(NotRoot, RunsOfOneUserCountTheirProcessesApartInBwrap) {
  Unprivileged nobody;
  if (!nobody.why_not.empty()) GTEST_SKIP() << nobody.why_not;
  expect_processes_counted_apart(nobody, {});
}

TEST(NotRoot, InBwrapTheSameUsersAttacksReachNothing) {
  Unprivileged nobody;
  if (!nobody.why_not.empty()) GTEST_SKIP() << nobody.why_not;
  Package package;
  const JudgeRun probe =
      package.judge({"run", "-v", package.sample(), "--", nobody.player(), "correct", "x"},
                    nobody.options(), nobody.judge(), false);
  if (!has(probe.out, "isolation: bwrap"))
    GTEST_SKIP() << "bwrap is not usable for an unprivileged user here:\n"
                 << probe.out << probe.err;
  const std::string before = read_text(package.sample());
  const JudgeRun run =
      package.judge({"run", package.sample(), "--", nobody.player(), "attack-judge", "x"},
                    nobody.options(), nobody.judge(), false);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_EQ(read_text(package.sample()), before);
  EXPECT_FALSE(fs::exists(package.path("ATTACK-x")));
}

}  // namespace
}  // namespace entrapment::testing
