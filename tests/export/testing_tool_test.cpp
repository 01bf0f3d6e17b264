// The contestants' testing tool (attachments/testing_tool.py) is a second implementation of the
// protocol: on the same board, judge script and contestant transcript it must reach the same
// verdict as the interactor (both builds), and that verdict must be the expected one.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "process.hpp"

namespace fs = std::filesystem;
using entrapment::export_test::read_file;
using entrapment::export_test::run_pair;
using entrapment::export_test::run_shell;
using entrapment::export_test::shell_quote;
using entrapment::export_test::write_file;

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
    char pattern[] = "/tmp/entrapment-tool-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    tmp_ = pattern;
  }
  static void TearDownTestSuite() { fs::remove_all(tmp_); }
  static inline fs::path tmp_;
};

TEST_P(TestingToolTest, SameVerdictAsTheInteractor) {
  const Case& c = GetParam();
  const fs::path root = entrapment::export_test::repository_root();
  const fs::path bin = entrapment::export_test::bin_dir();
  const fs::path board = tmp_ / (std::string(c.name) + ".in");
  const fs::path transcript = tmp_ / (std::string(c.name) + ".interaction");
  write_file(board, c.board);
  write_file(tmp_ / "answer.ans", "");
  write_file(transcript, c.transcript);
  const fs::path replay = root / "tests" / "export" / "replay.sh";
  const std::vector<std::string> contestant = {"/bin/sh", replay.string(), transcript.string()};

  const int kattis = run_pair({(bin / "interactor").string(), board.string(),
                               (tmp_ / "answer.ans").string(), tmp_.string() + "/"},
                              contestant);
  EXPECT_EQ(kattis, c.accepted ? 42 : 43) << "Kattis interactor on " << c.name;
  if (fs::exists(bin / "interactor_testlib")) {
    const int testlib =
        run_pair({(bin / "interactor_testlib").string(), board.string(), (tmp_ / "log").string()},
                 contestant);
    EXPECT_EQ(testlib, c.accepted ? 0 : 1) << "testlib interactor on " << c.name;
  }
  const int tool = run_shell(
      "python3 " + shell_quote((root / "attachments" / "testing_tool.py").string()) + " -f " +
      shell_quote(board.string()) + " /bin/sh " + shell_quote(replay.string()) + " " +
      shell_quote(transcript.string()) + " > " + shell_quote((tmp_ / "tool.out").string()));
  EXPECT_EQ(tool, c.accepted ? 0 : 1) << "testing tool on " << c.name;
}

INSTANTIATE_TEST_SUITE_P(Transcripts, TestingToolTest, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           std::string name = info.param.name;
                           for (char& ch : name)
                             if (ch == '-') ch = '_';
                           return name;
                         });

TEST(TestingTool, RejectsABoardOutsideTheStatement) {
  const fs::path root = entrapment::export_test::repository_root();
  EXPECT_EQ(
      run_shell("python3 " + shell_quote((root / "attachments" / "testing_tool.py").string()) +
                " -b '5 5 1 2 3 4 5' /bin/true 2> /dev/null"),
      2);
}

}  // namespace
