// The interactors as contest systems run them: a process of their own on pipes to the
// contestant, under a memory limit (contest systems limit the validator too). A correct game
// followed by 5 MiB of newlines gets a wrong answer with a message and the judge's memory
// stays small (it used to store every blank line: 1 GB, then std::bad_alloc and an abort); a
// CRLF blank line after the game is accepted, as an LF one; a test file far too large is a
// judge error with a message, read no further than 1 MiB. The testing tool reaches the same
// verdicts.
#include <gtest/gtest.h>
#include <sys/syscall.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/files.hpp"
#include "tests/support/pair.hpp"
#include "tests/support/process.hpp"
#include "tests/support/repository.hpp"
#include "tests/support/temp_dir.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

// The first sample's board: the test contestant wins it as the Trapper.
constexpr const char* kBoard = "3 6\n1 2 3 7 8 9\nadversary adaptive 1\n";

// Whether the Kattis interactor waits is seen, not timed: a thread reads the interactor's
// current system call (/proc/PID/syscall) while the pair plays, and poll() is the wait
// (await_contestant_gone() is the interactor's only poll). The wrong answer at the end of the
// output is seen waiting (so the watch works), the accepted game is not.
bool can_watch_system_calls() {
  std::ifstream self("/proc/self/syscall");
  long long number = -1;
  return static_cast<bool>(self >> number);
}

bool is_poll(long long number) {
#ifdef SYS_poll
  if (number == SYS_poll) return true;
#endif
  return number == SYS_ppoll;
}

class Transports : public ::testing::Test {
 protected:
  void SetUp() override {
    std::ofstream(dir_.path / "test.in") << kBoard;
    std::ofstream(dir_.path / "test.ans") << "Trapper\n";
    std::ofstream(dir_.path / "board.txt") << "3 6\n1 2 3 7 8 9\n";
  }

  std::vector<std::string> player(const std::string& mode) const {
    return {fs::absolute(build_bin() / "test_player").string(), mode, "transports-test"};
  }
  JudgeExit kattis(const std::string& mode, long long memory_mib = 256) const {
    return run_pair(
        {fs::absolute(build_bin() / "interactor").string(), (dir_.path / "test.in").string(),
         (dir_.path / "test.ans").string(), dir_.path.string()},
        player(mode), {}, memory_mib);
  }
  JudgeExit testlib(const std::string& mode, long long memory_mib = 256) const {
    return run_pair({fs::absolute(build_bin() / "interactor_testlib").string(),
                     (dir_.path / "test.in").string(), (dir_.path / "log").string(),
                     (dir_.path / "test.ans").string(), (dir_.path / "result").string()},
                    player(mode), {}, memory_mib);
  }
  // UOJ's way: `interactor INPUT /dev/stdin ANSWER`, its verdict on stderr.
  // UOJ runs the interactor under its memory limit (256 MiB here), as an address-space cap;
  // ASan's shadow memory cannot live under one, so the instrumented build runs it uncapped.
  const int uoj_cap_mib_ = sanitizer_tree() ? 0 : 256;
  JudgeExit uoj(const std::string& mode) const {
    return run_pair(
        {fs::absolute(build_bin() / "interactor_uoj").string(), (dir_.path / "test.in").string(),
         "/dev/stdin", (dir_.path / "test.ans").string()},
        player(mode), dir_.path / "uoj.err", uoj_cap_mib_);
  }
  JudgeExit cms(const std::string& mode) const {
    return run_cms(fs::absolute(build_bin() / "cms_manager"), dir_.path / "test.in", player(mode),
                   dir_.path);
  }
  // The contestants' testing tool's exit code.
  int tool(const std::string& mode) const {
    std::vector<std::string> argv = {"python3",
                                     (repository() / "attachments" / "testing_tool.py").string(),
                                     "-f", (dir_.path / "board.txt").string()};
    for (const std::string& word : player(mode)) argv.push_back(word);
    return run_process(argv).status;
  }
  // The Kattis interactor against `contestant`, its system calls watched until it has ended.
  struct WatchedGame {
    JudgeExit exit;
    bool seen_polling = false;
  };
  WatchedGame kattis_watched(const std::vector<std::string>& contestant) const {
    std::atomic<pid_t> judge{0};
    std::atomic<bool> ended{false}, polled{false};
    std::thread watcher([&] {
      while (!ended) {
        if (const pid_t pid = judge) {
          std::ifstream call("/proc/" + std::to_string(pid) + "/syscall");
          long long number = -1;
          if (call >> number && is_poll(number)) polled = true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));  // a sample, not a wait
      }
    });
    WatchedGame game;
    game.exit = run_pair(
        {fs::absolute(build_bin() / "interactor").string(), (dir_.path / "test.in").string(),
         (dir_.path / "test.ans").string(), dir_.path.string()},
        contestant, {}, 0, [&](pid_t pid) { judge = pid; });
    ended = true;
    watcher.join();
    game.seen_polling = polled;
    return game;
  }
  std::string feedback(const std::string& file) const { return read_text(dir_.path / file); }

  const TempDir dir_{"entrapment-transports-test"};
};

// The interactors of the two tests below run under an address-space cap, which ASan's shadow
// memory cannot live under: the plain pass runs them.
constexpr const char* kUnderACap = "ASan's shadow memory cannot live under an address-space cap";

TEST_F(Transports, ABlankLineFloodAfterTheGameIsAWrongAnswerWithinTheMemoryLimit) {
  if (sanitizer_tree()) GTEST_SKIP() << kUnderACap;
  const JudgeExit k = kattis("blank-flood");
  EXPECT_EQ(k.code, 43) << "signal " << k.signal << "; judgeerror: " << feedback("judgeerror.txt");
  EXPECT_NE(feedback("judgemessage.txt").find("more than 1048576 bytes of blank lines"),
            std::string::npos)
      << feedback("judgemessage.txt");
  EXPECT_NE(feedback("transcript.json").find("\"blank_lines_after_game\": 1048577"),
            std::string::npos);
  EXPECT_LT(k.peak_kib, 64 * 1024) << "the interactor's peak memory, KiB";
  // interactor_testlib is always built with this test (tests/transports/CMakeLists.txt).
  const JudgeExit t = testlib("blank-flood");
  EXPECT_EQ(t.code, 1) << "signal " << t.signal;
  EXPECT_NE(feedback("log").find("more than 1048576 bytes"), std::string::npos);
  EXPECT_LT(t.peak_kib, 64 * 1024) << "the testlib interactor's peak memory, KiB";
  EXPECT_EQ(tool("blank-flood"), 1) << "the testing tool";
}

// A test file of 512 MiB (sparse: it uses no disk), within 64 MiB of memory: the interactors
// read at most 1 MiB of a test file and stop with a judge error that says so. (Read whole, it
// ran out of memory: std::bad_alloc, reported as a judge error too, but only because of the
// limit; without one it read 512 MiB, or 1.5 GiB of /dev/zero, before saying anything.)
TEST_F(Transports, AHugeTestFileIsRefusedUnreadAsAJudgeError) {
  if (sanitizer_tree()) GTEST_SKIP() << kUnderACap;
  {
    std::ofstream huge(dir_.path / "test.in", std::ios::binary);
    huge << "3 6\n";
  }
  fs::resize_file(dir_.path / "test.in", std::uintmax_t{512} << 20);
  const JudgeExit k = kattis("correct", 64);
  EXPECT_EQ(k.signal, 0) << "the interactor was killed by a signal (an abort?)";
  EXPECT_EQ(k.code, 1);
  EXPECT_NE(feedback("judgeerror.txt").find("is larger than 1048576 bytes: not a test file"),
            std::string::npos)
      << feedback("judgeerror.txt");
  const JudgeExit t = testlib("correct", 64);
  EXPECT_EQ(t.signal, 0) << "the testlib interactor was killed by a signal (an abort?)";
  EXPECT_EQ(t.code, 3);
  EXPECT_NE(feedback("result").find("is larger than 1048576 bytes"), std::string::npos)
      << feedback("result");
}

// The testlib interactor started the Kattis way (INPUT ANSWER FEEDBACK_DIR, as DOMjudge would
// after a Polygon import) refuses before the game and writes nothing: it took the answer file
// for its log and overwrote it before. No address-space cap: the arguments are the point, and
// the instrumented build's shadow memory cannot live under one.
TEST_F(Transports, TheTestlibInteractorStartedTheKattisWayOverwritesNothing) {
  const std::string before = feedback("test.ans");
  const JudgeExit e = run_pair(
      {fs::absolute(build_bin() / "interactor_testlib").string(), (dir_.path / "test.in").string(),
       (dir_.path / "test.ans").string(), dir_.path.string()},
      player("correct"), dir_.path / "testlib.err");
  EXPECT_EQ(e.code, 3);
  EXPECT_EQ(feedback("test.ans"), before) << "the answer file was overwritten";
  EXPECT_NE(feedback("testlib.err").find("the Kattis convention"), std::string::npos)
      << feedback("testlib.err");
}

// UOJ reads the first word of the interactor's stderr ("ok" gives the points) and lets it write
// no file: the UOJ transport reports there and writes nothing else.
TEST_F(Transports, TheUojInteractorReportsOnStderrAndWritesNoFile) {
  const auto listing = [&] {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir_.path))
      if (entry.path().filename() != "uoj.err") names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  };
  const std::vector<std::string> before = listing();
  const JudgeExit ok = uoj("correct");
  EXPECT_EQ(ok.code, 0);
  EXPECT_EQ(feedback("uoj.err").rfind("ok ", 0), 0u) << feedback("uoj.err");
  const JudgeExit wrong = uoj("wrong-when-r3");
  EXPECT_EQ(wrong.code, 1);
  EXPECT_EQ(feedback("uoj.err").rfind("wrong answer ", 0), 0u) << feedback("uoj.err");
  EXPECT_NE(feedback("uoj.err").find("you claimed"), std::string::npos) << feedback("uoj.err");
  EXPECT_EQ(listing(), before);
  std::ofstream(dir_.path / "test.in") << "3 6\n1 2\n";
  const JudgeExit broken = uoj("correct");
  EXPECT_EQ(broken.code, 3);
  EXPECT_EQ(feedback("uoj.err").rfind("FAIL ", 0), 0u) << feedback("uoj.err");
}

// CMS: the outcome on the manager's stdout, CMS's stock message on its stderr and the reason
// for the admins after it; exit 0 for a verdict either way, 1 only when the judge failed.
TEST_F(Transports, TheCmsManagerScoresThroughTwoFifos) {
  const JudgeExit ok = cms("correct");
  EXPECT_EQ(ok.code, 0) << feedback("manager.err");
  EXPECT_EQ(feedback("manager.out"), "1.0\n");
  EXPECT_EQ(feedback("manager.err").rfind("translate:success\nADMIN_MESSAGE: ", 0), 0u)
      << feedback("manager.err");
  const JudgeExit wrong = cms("wrong-when-r3");
  EXPECT_EQ(wrong.code, 0) << feedback("manager.err");
  EXPECT_EQ(feedback("manager.out"), "0.0\n");
  EXPECT_EQ(feedback("manager.err").rfind("translate:wrong\nADMIN_MESSAGE: ", 0), 0u)
      << feedback("manager.err");
  EXPECT_NE(feedback("manager.err").find("you claimed"), std::string::npos);
  std::ofstream(dir_.path / "test.in") << "3 6\n1 2\n";
  const JudgeExit broken = cms("correct");
  EXPECT_EQ(broken.code, 1);
  EXPECT_EQ(feedback("manager.out"), "");
  EXPECT_NE(feedback("manager.err").find("judge error: the test file on stdin: line 2"),
            std::string::npos)
      << feedback("manager.err");
}

// DOMjudge gives the contestant's own verdict (RUN-ERROR, TIMELIMIT) only when the contestant
// ended before the interactor (judgedaemon.main.php, determineVerdict(): a WA from a validator
// that "exited first" overrides both). A program that crashes or is killed ends its output
// first, so at the end of the contestant's output the Kattis interactor waits, bounded, until
// nobody reads its lines any more. Here the contestant closes its output, lives on for 1 s and
// leaves a mark as it ends: run_pair kills it as soon as the interactor has exited, so without
// the wait there is no mark.
TEST_F(Transports, TheKattisInteractorOutlivesAContestantWhoseOutputEnded) {
  const fs::path mark = dir_.path / "contestant-ended";
  const JudgeExit k = run_pair(
      {fs::absolute(build_bin() / "interactor").string(), (dir_.path / "test.in").string(),
       (dir_.path / "test.ans").string(), dir_.path.string()},
      {"/bin/sh", "-c", "read -r board; exec >&-; sleep 1; : > '" + mark.string() + "'; exit 3"});
  EXPECT_EQ(k.code, 43) << feedback("judgemessage.txt");
  EXPECT_NE(feedback("judgemessage.txt").find("the output ended"), std::string::npos)
      << feedback("judgemessage.txt");
  EXPECT_TRUE(fs::exists(mark)) << "the interactor exited while the contestant still ran";
}

// ... and the wait is bounded: a contestant that closes its output but keeps its input open for
// a minute does not hold the interactor, which ends while the contestant still runs.
TEST_F(Transports, TheKattisInteractorsWaitForTheContestantIsBounded) {
  const JudgeExit k =
      run_pair({fs::absolute(build_bin() / "interactor").string(), (dir_.path / "test.in").string(),
                (dir_.path / "test.ans").string(), dir_.path.string()},
               {"/bin/sh", "-c", "read -r board; exec >&-; exec sleep 60"});
  EXPECT_EQ(k.code, 43) << feedback("judgemessage.txt");
  EXPECT_TRUE(k.contestant_outlived_it)
      << "the interactor waited for a contestant that never ended";
}

TEST_F(Transports, TheKattisInteractorIsSeenWaitingAfterAWrongAnswerAtTheEnd) {
  if (!can_watch_system_calls()) GTEST_SKIP() << "/proc/PID/syscall cannot be read here";
  const WatchedGame game = kattis_watched({"/bin/sh", "-c", "read -r board; exec >&-; sleep 1"});
  EXPECT_EQ(game.exit.code, 43) << feedback("judgemessage.txt");
  EXPECT_TRUE(game.seen_polling) << "the interactor never waited for the contestant to end";
}

// ... and an accepted game does not wait at all (DOMjudge keeps the program's own verdict after
// an accepted one whoever exits first, and under its runpipe the wait would last the whole
// bound): a contestant that wins, closes its output and lives on does not hold the interactor.
TEST_F(Transports, TheKattisInteractorDoesNotWaitAfterAnAcceptedGame) {
  if (!can_watch_system_calls()) GTEST_SKIP() << "/proc/PID/syscall cannot be read here";
  std::string play;
  for (const std::string& word : player("correct")) play += "'" + word + "' ";
  const WatchedGame game = kattis_watched({"/bin/sh", "-c", play + "; exec >&-; exec sleep 60"});
  EXPECT_EQ(game.exit.code, 42) << feedback("judgemessage.txt");
  EXPECT_FALSE(game.seen_polling) << "the interactor waited after an accepted game";
}

TEST_F(Transports, ACrlfBlankLineAfterTheGameIsAccepted) {
  const JudgeExit k = kattis("crlf-after", 0);
  EXPECT_EQ(k.code, 42) << feedback("judgemessage.txt");
  EXPECT_EQ(testlib("crlf-after", 0).code, 0);
  EXPECT_EQ(tool("crlf-after"), 0) << "the testing tool";
}

}  // namespace
}  // namespace entrapment::testing
