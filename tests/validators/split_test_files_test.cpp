// A test given as the legacy export gives its samples: the board alone in the input file (what
// a contest system might show a contestant) and the judge's lines in the answer file. The core
// must read the pair as the whole test file, refuse a board file with anything after the board,
// and name the file and its own line when something is wrong in either. The validator's
// --board-only mode and both interactors rest on these functions.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "problems/entrapment/testcase/testcase.hpp"
#include "tests/support/files.hpp"
#include "tests/support/process.hpp"
#include "tests/support/repository.hpp"

namespace entrapment::testing {
namespace {

const std::vector<std::string>& whole_files() {
  static const std::vector<std::string> files = {
      "3 6\n1 2 3 7 8 9\nadversary scripted 1\nanswers Yes No No\n",
      "2 0\nadversary scripted 2\nask 3 1 2 8 9 4 5 block 5\nask 4 6 7 8 block 7\n",
      "5 4\n9 1 5 3\nadversary adaptive 77\n",
      "3 0\nadversary random 12\n",
  };
  return files;
}

// The board lines of a whole test file: its first line, and the second when U > 0.
std::string board_of(const std::string& file) {
  const std::size_t first = file.find('\n') + 1;
  const bool labels = file[2] != '0';
  return file.substr(0, labels ? file.find('\n', first) + 1 : first);
}

TEST(SplitTestFiles, BoardAndJudgeLinesReadAsTheWholeFile) {
  for (const std::string& file : whole_files()) {
    const std::string board = board_of(file), judge = file.substr(board.size());
    const TestCase split = parse_test_files(board, judge);
    EXPECT_EQ(format_testcase(split), format_testcase(parse_testcase(file))) << file;
  }
}

TEST(SplitTestFiles, AWholeInputFileIgnoresTheAnswerFile) {
  for (const std::string& answer :
       {std::string(""), std::string("Trapper\n"), std::string("adversary adaptive 5\n")})
    for (const std::string& file : whole_files())
      EXPECT_EQ(format_testcase(parse_test_files(file, answer)),
                format_testcase(parse_testcase(file)));
}

TEST(SplitTestFiles, ErrorsInTheAnswerFileCountItsOwnLines) {
  const std::string board = "3 6\n1 2 3 7 8 9\n";
  struct Case {
    std::string answer;
    int line;
  };
  const std::vector<Case> cases = {
      {"", 1},                                              // nothing for the judge
      {"Trapper\n", 1},                                     // a winner line, not judge lines
      {"adversary scripted 1\nanswers Yes No\n", 2},        // a short script
      {"adversary scripted 1\nanswers Yes No No", 2},       // no final newline
      {"adversary adaptive 1\nadversary adaptive 2\n", 2},  // an extra line
  };
  for (const Case& c : cases) {
    try {
      parse_test_files(board, c.answer);
      ADD_FAILURE() << "accepted the answer file " << c.answer;
    } catch (const TestCaseError& e) {
      EXPECT_EQ(e.file(), TestCaseError::File::Answer) << c.answer << ": " << e.what();
      EXPECT_EQ(e.line(), c.line) << c.answer << ": " << e.what();
      EXPECT_EQ(std::string(e.what()).rfind("line " + std::to_string(c.line) + ": ", 0), 0u);
    }
  }
  try {
    parse_test_files(board, "");
  } catch (const TestCaseError& e) {
    EXPECT_NE(std::string(e.what()).find("answer file"), std::string::npos) << e.what();
  }
}

TEST(SplitTestFiles, ErrorsInTheBoardAreTheInputFiles) {
  for (const std::string& board : {std::string("3 6\n"), std::string("3 6\n1 2 3 7 8 8\n"),
                                   std::string("10 0\n"), std::string("3 6\n1 2 3 7 8 9")}) {
    try {
      parse_test_files(board, "adversary adaptive 1\n");
      ADD_FAILURE() << "accepted the board " << board;
    } catch (const TestCaseError& e) {
      EXPECT_EQ(e.file(), TestCaseError::File::Input) << board << ": " << e.what();
      EXPECT_GE(e.line(), 1);
    }
  }
}

TEST(ParseBoard, AcceptsTheBoardAloneAndNothingMore) {
  for (const std::string& file : whole_files()) {
    const std::string board = board_of(file);
    const TestCase test = parse_board(board);
    EXPECT_EQ(test.board_lines(), parse_testcase(file).board_lines());
    try {
      parse_board(file);  // the whole file: the judge's lines follow the board
      ADD_FAILURE() << "parse_board accepted a whole test file";
    } catch (const TestCaseError& e) {
      EXPECT_EQ(e.line(), static_cast<int>(test.board_lines().size()) + 1) << e.what();
      EXPECT_NE(e.detail().find("board alone"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(parse_board(""), TestCaseError);
  EXPECT_THROW(parse_board("3 6\n"), TestCaseError);
  EXPECT_THROW(parse_board("3 0 \n"), TestCaseError);
}

// The Kattis-convention validator program in its --board-only mode.
TEST(InputValidatorBoardOnly, ChecksTheBoardAlone) {
  const std::string validator = build_program("input_validator").string();
  for (const std::string& file : whole_files()) {
    const ProcessResult board = run_process({validator, "--board-only"}, {{}, {}, board_of(file)});
    EXPECT_EQ(board.status, 42) << board_of(file) << board.err;
    const ProcessResult whole = run_process({validator, "--board-only"}, {{}, {}, file});
    EXPECT_EQ(whole.status, 43) << file;
    EXPECT_EQ(whole.err.rfind("line ", 0), 0u) << whole.err;
    // Without the flag a board alone is not a test file.
    EXPECT_EQ(run_process({validator}, {{}, {}, board_of(file)}).status, 43);
  }
  for (const std::string& broken : {std::string("3 6\n1 2 3 7 8\n"), std::string("3  0\n"),
                                    std::string("0 0\n"), std::string("")}) {
    const ProcessResult run = run_process({validator, "--board-only"}, {{}, {}, broken});
    EXPECT_EQ(run.status, 43) << broken;
    EXPECT_EQ(run.err.rfind("line ", 0), 0u) << run.err;
  }
}

// An unknown argument is a usage error (exit 2), not a verdict on the file: 43 would say the
// test is invalid when the command line is. The Kattis codes stay for the file.
TEST(InputValidator, RefusesUnknownArgumentsAsAUsageError) {
  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{"--strict"}, std::vector<std::string>{"--testset", "tests"},
        std::vector<std::string>{"--board-only", "--group"}}) {
    std::vector<std::string> argv = {build_program("input_validator").string()};
    argv.insert(argv.end(), extra.begin(), extra.end());
    const ProcessResult run = run_process(argv, {{}, {}, whole_files().front()});
    EXPECT_EQ(run.status, 2) << extra.back() << ": " << run.err;
    EXPECT_NE(run.err.find(extra.back() == "tests" ? "--testset" : extra.back()), std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find("usage: input_validator [--board-only]"), std::string::npos) << run.err;
  }
  EXPECT_EQ(
      run_process({build_program("input_validator").string()}, {{}, {}, whole_files().front()})
          .status,
      42);
}

}  // namespace
}  // namespace entrapment::testing
