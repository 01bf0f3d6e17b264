// The contestants' testing tool (attachments/testing_tool.py) is a second implementation of the
// protocol: on the same board, judge script and contestant transcript it must reach the same
// verdict as the interactor (both builds), and that verdict must be the expected one.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "problems/entrapment/game/messages.hpp"
#include "tests/support/files.hpp"
#include "tests/support/pair.hpp"
#include "tests/support/param_name.hpp"
#include "tests/support/process.hpp"
#include "tests/support/repository.hpp"
#include "tests/support/temp_dir.hpp"

namespace entrapment::testing {
namespace fs = std::filesystem;

namespace {

// Sample 1's board with its scripted judge Runner; the contestant must play the Trapper.
const char* kTrapperBoard = "3 6\n1 2 3 7 8 9\nadversary scripted 1\nanswers Yes No No\n";
// Sample 2's board with its scripted judge Trapper; the contestant must play the Runner.
const char* kRunnerBoard =
    "2 0\nadversary scripted 2\nask 3 1 2 8 9 4 5 block 5\nask 4 6 7 8 block 7\n";
const char* kRunnerRounds =
    "<2 0\n>Runner\n<7\n<3 1 2 8 9 4 5\n>Yes\n<5\n>Free\n<4\n<4 6 7 8\n>Yes\n<7\n>Free\n";
const char* kTrapperWin =
    "<3 6\n<1 2 3 7 8 9\n>Trapper\n>2\n>4 5\n<Yes\n>5\n<Free\n>0\n<No\n>6\n<Trapped\n";

struct Case {
  const char* name;
  const char* board;
  // '>' contestant lines, '<' where it reads one judge line. Every judge line must be read,
  // from the board on: a contestant that exits with judge lines unread races the judge's writes.
  std::string transcript;
  bool accepted;
};

const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
      {"trapper-sample", kTrapperBoard, kTrapperWin, true},
      {"wrong-claim", kTrapperBoard, "<3 6\n<1 2 3 7 8 9\n>Runner\n<-1\n", false},
      {"query-too-large", kTrapperBoard, "<3 6\n<1 2 3 7 8 9\n>Trapper\n>4\n<-1\n", false},
      {"leading-zero", kTrapperBoard, "<3 6\n<1 2 3 7 8 9\n>Trapper\n>02\n<-1\n", false},
      {"label-twice", kTrapperBoard, "<3 6\n<1 2 3 7 8 9\n>Trapper\n>2\n>4 4\n<-1\n", false},
      {"label-unavailable", kTrapperBoard, "<3 6\n<1 2 3 7 8 9\n>Trapper\n>1\n>1\n<-1\n", false},
      {"empty-queries-blank-lines", kTrapperBoard,
       "<3 6\n<1 2 3 7 8 9\n>Trapper\n>0\n>\n<No\n>5\n<Free\n>0\n>\n<No\n>4\n<Trapped\n", true},
      {"tabs-and-crlf", kTrapperBoard,
       "<3 6\n<1 2 3 7 8 9\n>Trapper\r\n>2\n>\t4   5 \n<Yes\n>5\r\n<Free\n>0\n<No\n> 6\n<Trapped\n",
       true},
      {"output-after-the-end", kTrapperBoard, std::string(kTrapperWin) + ">junk\n", false},
      {"output-ends-early", kTrapperBoard, "<3 6\n<1 2 3 7 8 9\n>Trapper\n>2\n", false},
      {"runner-sample", kRunnerBoard, std::string(kRunnerRounds) + ">5 4 1\n", true},
      {"runner-proof-spaces", kRunnerBoard, std::string(kRunnerRounds) + ">5  4\t1\n", true},
      {"runner-proof-not-adjacent", kRunnerBoard, std::string(kRunnerRounds) + ">5 4 2\n<-1\n",
       false},
      {"runner-proof-short", kRunnerBoard, std::string(kRunnerRounds) + ">5 4\n<-1\n", false},
      {"runner-proof-contradicts-answer", kRunnerBoard,
       std::string(kRunnerRounds) + ">6 3 2\n<-1\n", false},
      {"runner-false-trapped", kRunnerBoard,
       "<2 0\n>Runner\n<7\n<3 1 2 8 9 4 5\n>Yes\n<5\n>Trapped\n<-1\n", false},
      {"runner-lowercase", kRunnerBoard, "<2 0\n>Runner\n<7\n<3 1 2 8 9 4 5\n>yes\n<-1\n", false},
      {"runner-extra-token", kRunnerBoard, "<2 0\n>Runner 1\n<-1\n", false},
  };
  return all;
}

class TestingToolTest : public ::testing::TestWithParam<Case> {
 protected:
  static void SetUpTestSuite() {
    scratch_ = std::make_unique<TempDir>("entrapment-tool");
    tmp_ = scratch_->path;
  }
  static void TearDownTestSuite() { scratch_.reset(); }
  static inline std::unique_ptr<TempDir> scratch_;
  static inline fs::path tmp_;
};

TEST_P(TestingToolTest, SameVerdictAsTheInteractor) {
  const Case& c = GetParam();
  const fs::path root = repository();
  const fs::path bin = build_bin();
  const fs::path board = tmp_ / (std::string(c.name) + ".in");
  const fs::path transcript = tmp_ / (std::string(c.name) + ".interaction");
  write_text(board, c.board);
  write_text(tmp_ / "answer.ans", "");
  write_text(transcript, c.transcript);
  const fs::path replay = root / "tests" / "export" / "replay.sh";
  const std::vector<std::string> contestant = {"/bin/sh", replay.string(), transcript.string()};

  fs::remove(tmp_ / "judgemessage.txt");
  const int kattis = run_pair({(bin / "interactor").string(), board.string(),
                               (tmp_ / "answer.ans").string(), tmp_.string() + "/"},
                              contestant)
                         .code;
  EXPECT_EQ(kattis, c.accepted ? 42 : 43) << "Kattis interactor on " << c.name;
  if (fs::exists(bin / "interactor_testlib")) {
    const int testlib =
        run_pair({(bin / "interactor_testlib").string(), board.string(), (tmp_ / "log").string()},
                 contestant)
            .code;
    EXPECT_EQ(testlib, c.accepted ? 0 : 1) << "testlib interactor on " << c.name;
  }
  const int tool =
      shell("python3 " + shell_quote((root / "attachments" / "testing_tool.py").string()) + " -f " +
            shell_quote(board.string()) + " /bin/sh " + shell_quote(replay.string()) + " " +
            shell_quote(transcript.string()) + " > " + shell_quote((tmp_ / "tool.out").string()));
  EXPECT_EQ(tool, c.accepted ? 0 : 1) << "testing tool on " << c.name;
  // ... and says the same words: its verdict line is "Accepted: MESSAGE" or "Wrong Answer:
  // MESSAGE", the interactor's judgemessage.txt "MESSAGE".
  const std::string said = read_text(tmp_ / "tool.out");
  const std::size_t last = said.rfind('\n', said.size() - 2);
  const std::string verdict = said.substr(last == std::string::npos ? 0 : last + 1);
  const std::string judge_said = read_text(tmp_ / "judgemessage.txt");
  EXPECT_EQ(verdict.substr(verdict.find(": ") + 2), judge_said) << "testing tool on " << c.name;
}

INSTANTIATE_TEST_SUITE_P(Transcripts, TestingToolTest, ::testing::ValuesIn(cases()), ParamName());

std::string tool_command() {
  const fs::path root = repository();
  return "python3 " + shell_quote((root / "attachments" / "testing_tool.py").string());
}

TEST(TestingTool, OptionsAfterTheProgramAreTheTools) {
  // `./prog -f board` used to run ./prog with those arguments and play the default board.
  const fs::path root = repository();
  const TempDir scratch("entrapment-tool");
  write_text(scratch.path / "t.interaction", kTrapperWin);
  write_text(scratch.path / "board.in", kTrapperBoard);
  const std::string replay = shell_quote((root / "tests" / "export" / "replay.sh").string());
  const std::string out = (scratch.path / "out").string();
  EXPECT_EQ(
      shell(tool_command() + " /bin/sh " + replay + " " +
            shell_quote((scratch.path / "t.interaction").string()) + " -f " +
            shell_quote((scratch.path / "board.in").string()) + " > " + shell_quote(out) + " 2>&1"),
      0)
      << read_text(out);
  EXPECT_NE(read_text(out).find("-f after the program is read as the tool's option"),
            std::string::npos)
      << read_text(out);
}

TEST(TestingTool, EverythingAfterADoubleDashGoesToTheProgram) {
  const TempDir scratch("entrapment-tool");
  const std::string out = (scratch.path / "out").string();
  EXPECT_EQ(shell(tool_command() + " -b '3 0' -- /bin/echo -t 5 > " + shell_quote(out)), 1);
  EXPECT_NE(read_text(out).find("> -t 5"), std::string::npos) << read_text(out);
}

TEST(TestingTool, AProgramThatNeverAnswersTimesOutWithTheTranscriptKept) {
  const TempDir scratch("entrapment-tool");
  const std::string out = (scratch.path / "out").string();
  // It claims a side, then waits forever, as a program that forgot to flush does.
  EXPECT_EQ(shell(tool_command() + " -t 1 -b '2 0' /bin/sh -c 'echo Runner; exec sleep 60' > " +
                  shell_quote(out)),
            1);
  const std::string text = read_text(out);
  EXPECT_NE(text.find("< 2 0\n> Runner\n"), std::string::npos) << text;
  EXPECT_NE(text.find("Time Limit Exceeded: round 1: no answer within 1 s"), std::string::npos)
      << text;
  EXPECT_NE(text.find("your answer to the query"), std::string::npos) << text;
}

TEST(TestingTool, CtrlCShowsTheGameSoFarWhileItIsStillRunning) {
  const fs::path root = repository();
  const std::string tool = (root / "attachments" / "testing_tool.py").string();
  // Started with SIGINT's default handling, as in a terminal, whatever the test inherited.
  Process python(
      {"python3", tool, "-t", "60", "-b", "4 0", "/bin/sh", "-c", "echo Trapper; exec sleep 60"});
  // The line appears while the game is still on: the transcript streams.
  bool streamed = false;
  for (int i = 0; i < 600 && !streamed; ++i) {
    streamed = python.out().find("> Trapper\n") != std::string::npos;
    if (!streamed) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_TRUE(streamed) << python.out();
  kill(python.pid(), SIGINT);
  // 130 is also how a death by SIGINT shows: the message below is what only a handled
  // interrupt prints.
  EXPECT_EQ(python.wait(), 130) << python.err();
  EXPECT_NE(python.out().find("Interrupted (Ctrl-C) round 1, while the judge waited for N"),
            std::string::npos)
      << python.out();
}

// A rejected proof is quoted as the protocol line the program wrote ("5 4 2"), not as a Python
// list ("[5, 4, 2]"), so that it can be compared with the transcript above it.
TEST(TestingTool, ARejectedProofIsQuotedAsItsProtocolLine) {
  const fs::path root = repository();
  const TempDir scratch("entrapment-tool");
  write_text(scratch.path / "t.interaction", std::string(kRunnerRounds) + ">5 4 2\n<-1\n");
  write_text(scratch.path / "board.in", kRunnerBoard);
  const std::string out = (scratch.path / "out").string();
  EXPECT_EQ(
      shell(tool_command() + " -f " + shell_quote((scratch.path / "board.in").string()) +
            " /bin/sh " + shell_quote((root / "tests" / "export" / "replay.sh").string()) + " " +
            shell_quote((scratch.path / "t.interaction").string()) + " > " + shell_quote(out)),
      1);
  const std::string text = read_text(out);
  EXPECT_NE(text.find("invalid proof 5 4 2: "), std::string::npos) << text;
  EXPECT_EQ(text.find('['), std::string::npos) << text;
}

// After a wrong answer the tool reads no more: a program that goes on writing is ended by
// SIGPIPE at once, not killed at the time limit (a blank-line flood waited out all of its 10 s).
TEST(TestingTool, AProgramStillWritingAfterAWrongAnswerEndsAtOnce) {
  const TempDir scratch("entrapment-tool");
  const std::string out = (scratch.path / "out").string();
  EXPECT_EQ(shell(tool_command() + " -t 20 -b '2 0' /bin/sh -c 'echo Nobody; exec yes junk' > " +
                  shell_quote(out)),
            1);
  const std::string text = read_text(out);
  EXPECT_NE(text.find("Wrong Answer: "), std::string::npos) << text;
  EXPECT_NE(text.find("killed by signal 13 (SIGPIPE): it wrote after the tool had stopped reading"),
            std::string::npos)
      << text;
}

// The program runs with a clean environment: PYTHONUNBUFFERED in the user's (set by IDEs and
// many shells' setups) made a Python program that never flushes pass here and fail under the
// judge. With it removed, such a program waits for the judge as it would there.
TEST(TestingTool, APythonProgramThatNeverFlushesFailsEvenWithPythonUnbufferedSet) {
  const TempDir scratch("entrapment-tool");
  // Sample 2 as the Runner, printing without flush=True: the claim stays in Python's buffer.
  write_text(scratch.path / "no_flush.py",
             "import sys\n"
             "sys.stdin.readline()\n"
             "print('Runner')\n"
             "sys.stdin.readline()\n");
  const std::string out = (scratch.path / "out").string();
  EXPECT_EQ(shell("PYTHONUNBUFFERED=1 " + tool_command() + " -t 2 -b '2 0' python3 " +
                  shell_quote((scratch.path / "no_flush.py").string()) + " > " + shell_quote(out)),
            1);
  const std::string text = read_text(out);
  EXPECT_NE(text.find("Time Limit Exceeded: "), std::string::npos) << text;
  EXPECT_NE(text.find("the side you play"), std::string::npos) << text;
  // ... and what the program needs is still there: PATH finds python3 (it ran at all).
  EXPECT_EQ(text.find("cannot run"), std::string::npos) << text;
  // The tool stopped the program: an exit status (0, once the program read the end of its
  // input) would read as if nothing had been wrong.
  EXPECT_EQ(text.find("exited with status"), std::string::npos) << text;
}

// -h says how a C++ program that passes here can hang under the judge: printf with cin is
// flushed by accident, and fast I/O ends that.
TEST(TestingTool, HelpSaysPrintfWithCinFlushesByAccident) {
  const ProcessResult help =
      run_process({"python3", (repository() / "attachments" / "testing_tool.py").string(), "-h"});
  EXPECT_EQ(help.status, 0) << help.err;
  // argparse wraps the text to the terminal's width: compared with single spaces.
  std::string words;
  std::istringstream in(help.out);
  for (std::string word; in >> word;) words += word + " ";
  for (const char* part :
       {"printf with cin flushes by accident", "sync_with_stdio(false)", "hang under the judge"})
    EXPECT_TRUE(words.find(part) != std::string::npos) << part << " in\n" << help.out;
}

// The tool's MESSAGES is the judge's message table word for word
// (judge/problems/entrapment/game/messages.hpp): every key the judge has, with the same text, and
// no other. Each difference is named, so a message changed in the judge names what to change in the
// tool.
TEST(TestingTool, SaysWhatTheJudgeSays) {
  const fs::path root = repository();
  const TempDir scratch("entrapment-tool");
  const std::string listing = (scratch.path / "messages").string();
  // Loaded as a module (main() does not run), MESSAGES printed one "key<TAB>text" a line.
  ASSERT_EQ(shell("python3 -c 'import runpy, sys\n"
                  "for key, text in runpy.run_path(sys.argv[1])[\"MESSAGES\"].items():\n"
                  "    print(key + \"\\t\" + text)' " +
                  shell_quote((root / "attachments" / "testing_tool.py").string()) + " > " +
                  shell_quote(listing)),
            0)
      << "attachments/testing_tool.py has no MESSAGES table";
  std::map<std::string, std::string> tool;
  std::istringstream lines(read_text(listing));
  for (std::string line; std::getline(lines, line);) {
    const std::size_t tab = line.find('\t');
    ASSERT_NE(tab, std::string::npos) << "a message with a line break in testing_tool.py: " << line;
    tool[line.substr(0, tab)] = line.substr(tab + 1);
  }
  for (const entrapment::MessageText& message : entrapment::all_messages()) {
    const auto found = tool.find(message.key);
    if (found == tool.end())
      ADD_FAILURE() << "attachments/testing_tool.py: MESSAGES has no \"" << message.key
                    << "\"; the judge says \"" << message.text
                    << "\" (judge/problems/entrapment/game/messages.hpp)";
    else if (found->second != message.text)
      ADD_FAILURE() << "attachments/testing_tool.py: MESSAGES[\"" << message.key << "\"] is \""
                    << found->second << "\"; the judge says \"" << message.text
                    << "\" (judge/problems/entrapment/game/messages.hpp)";
    if (found != tool.end()) tool.erase(found);
  }
  for (const auto& [key, text] : tool)
    ADD_FAILURE()
        << "attachments/testing_tool.py: MESSAGES[\"" << key << "\"] (\"" << text
        << "\") is not a message of the judge's (judge/problems/entrapment/game/messages.hpp)";
}

TEST(TestingTool, RejectsABoardOutsideTheStatement) {
  const fs::path root = repository();
  EXPECT_EQ(shell("python3 " + shell_quote((root / "attachments" / "testing_tool.py").string()) +
                  " -b '5 5 1 2 3 4 5' /bin/true 2> /dev/null"),
            2);
}

}  // namespace
}  // namespace entrapment::testing
