// The solutions under solutions/ against the real interactor (build/bin/interactor) on a
// handful of boards: every accepted one must win (exit 42), a few wrong ones must lose (43),
// each for the reason its header names. The full run over all test data is `judge run`'s job.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "duel.hpp"
#include "tests/support/files.hpp"
#include "tests/support/process.hpp"
#include "tests/support/repository.hpp"
#include "tests/support/temp_dir.hpp"

namespace entrapment::solutions_test {
namespace {

namespace fs = std::filesystem;

constexpr int kAccepted = 42;
constexpr int kWrongAnswer = 43;
constexpr double kTimeout = 30;  // generous: CI also runs this under sanitizers on 2 cores

fs::path source_root() { return testing::repository(); }

fs::path interactor() { return testing::build_program("interactor"); }

// Compiles the C++ solutions once per test program, exactly as the statement says contestants'
// programs are compiled, and writes the boards the tests play into a scratch directory.
class Solutions : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scratch_ = new testing::TempDir("entrapment-solutions");
    programs_ = new std::map<std::string, fs::path>();
  }
  static void TearDownTestSuite() {
    delete scratch_;
    delete programs_;
  }

  // argv running the solution `relative` (under solutions/); C++ is compiled on first use.
  static std::vector<std::string> solution(const std::string& relative) {
    const fs::path source = source_root() / "solutions" / relative;
    EXPECT_TRUE(fs::exists(source)) << source;
    if (source.extension() == ".py") return {"python3", source.string()};
    auto found = programs_->find(relative);
    if (found == programs_->end()) {
      const fs::path binary = scratch_->path / source.stem();
      const std::string command =
          "g++ -O2 -std=gnu++17 -o '" + binary.string() + "' '" + source.string() + "' 2>&1";
      EXPECT_EQ(testing::shell(command), 0) << "does not compile: " << command;
      found = programs_->emplace(relative, binary).first;
    }
    return {found->second.string()};
  }

  // A test file in the documented format, written to the scratch directory.
  static fs::path board(const std::string& name, const std::string& text) {
    const fs::path path = scratch_->path / (name + ".in");
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }

  static fs::path sample(int number) {
    const fs::path path = source_root() / "testdata" / "sample" / (std::to_string(number) + ".in");
    EXPECT_TRUE(fs::exists(path)) << path;
    return path;
  }

  static DuelResult play(const std::string& relative, const fs::path& test) {
    return duel(interactor(), test, solution(relative), kTimeout);
  }

  static testing::TempDir* scratch_;
  static std::map<std::string, fs::path>* programs_;
};

testing::TempDir* Solutions::scratch_ = nullptr;
std::map<std::string, fs::path>* Solutions::programs_ = nullptr;

const std::vector<std::string> kAcceptedSolutions = {
    "accepted/reference.cpp", "accepted/reference.py", "accepted/explicit_paths.cpp",
    "accepted/plain_recursion.py"};

TEST_F(Solutions, AcceptedOnesWinTheSamples) {
  for (const std::string& name : kAcceptedSolutions)
    for (int number : {1, 2}) {
      const DuelResult r = play(name, sample(number));
      EXPECT_EQ(r.judge_exit, kAccepted)
          << name << " on sample " << number << ": " << r.judge_message;
      EXPECT_EQ(r.solution_exit, 0) << name << " on sample " << number;
      EXPECT_FALSE(r.timed_out) << name << " on sample " << number;
    }
}

TEST_F(Solutions, AcceptedOnesWinBothRolesAgainstEveryAdversary) {
  const std::vector<fs::path> boards = {
      // Trapper boards: the longest game, a committed Runner, a scripted one, a random one.
      board("trapper-9-empty", "9 0\nadversary adaptive 7\n"),
      board("trapper-4-centre", "4 1\n5\nadversary committed 3\n"),
      board("trapper-2-scripted", "2 3\n1 2 5\nadversary scripted 4\nanswers No Yes\n"),
      board("trapper-r1-isolated", "1 8\n1 2 3 4 6 7 8 9\nadversary random 9\n"),
      // Runner boards: the longest game, a random Trapper, a scripted one.
      board("runner-3-empty", "3 0\nadversary adaptive 11\n"),
      board("runner-2-corner", "2 1\n1\nadversary random 12\n"),
      board("runner-1-scripted", "1 2\n5 9\nadversary scripted 5\nask 8 1 2 block 4\n"),
  };
  for (const std::string& name : kAcceptedSolutions)
    for (const fs::path& test : boards) {
      const DuelResult r = play(name, test);
      EXPECT_EQ(r.judge_exit, kAccepted)
          << name << " on " << test.filename() << ": " << r.judge_message;
      EXPECT_EQ(r.solution_exit, 0) << name << " on " << test.filename();
    }
}

TEST_F(Solutions, AcceptedOnesExitCleanlyOnMinusOne) {
  // The judge's -1 arrives where the program expects a query (Runner) or an answer
  // (Trapper); its input then stays open, so only a program that checks for -1 exits.
  for (const std::string& name : kAcceptedSolutions) {
    const SoloResult runner = run_with_open_input(solution(name), "2 0\n-1\n", kTimeout / 3);
    EXPECT_FALSE(runner.timed_out) << name << " as Runner";
    EXPECT_EQ(runner.exit_code, 0) << name << " as Runner";
    EXPECT_EQ(runner.output, "Runner\n") << name;
    const SoloResult trapper =
        run_with_open_input(solution(name), "3 6\n1 2 3 7 8 9\n-1\n", kTimeout / 3);
    EXPECT_FALSE(trapper.timed_out) << name << " as Trapper";
    EXPECT_EQ(trapper.exit_code, 0) << name << " as Trapper";
    EXPECT_EQ(trapper.output.rfind("Trapper\n", 0), 0u) << name << ": " << trapper.output;
  }
}

struct WrongCase {
  std::string solution;
  std::string board;         // a test file
  std::string message_part;  // what the judge's message must mention
};

TEST_F(Solutions, WrongOnesLoseForTheirOwnReason) {
  const std::vector<WrongCase> cases = {
      {"wrong_answer/role_formula.cpp", "2 3\n1 2 5\nadversary adaptive 1\n", "you claimed Runner"},
      {"wrong_answer/greedy_runner.cpp", "2 2\n2 4\nadversary adaptive 2\n", "you are trapped"},
      {"wrong_answer/lowercase.py", "2 0\nadversary adaptive 2\n", "exactly), got \""},
      {"wrong_answer/list_split.cpp", "1 0\nadversary adaptive 3\n", "got 1 token"},
      {"wrong_answer/proof_no_start.py", "2 0\nadversary random 4\n", "got 2 tokens"},
      {"wrong_answer/heuristic_trapper.py", "4 0\nadversary adaptive 5\n", "not trapped"},
  };
  int i = 0;
  for (const WrongCase& c : cases) {
    const DuelResult r = play(c.solution, board("wrong-" + std::to_string(i++), c.board));
    EXPECT_EQ(r.judge_exit, kWrongAnswer) << c.solution << ": " << r.judge_message;
    EXPECT_NE(r.judge_message.find(c.message_part), std::string::npos)
        << c.solution << ": the judge said " << r.judge_message;
  }
}

TEST_F(Solutions, NeverFlushingStallsUntilTheTimeout) {
  const DuelResult r =
      duel(interactor(), sample(2), solution("time_limit_exceeded/never_flushes.cpp"), 2.0);
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(r.judge_exit, -1);  // still waiting for the claim when it was killed
}

}  // namespace
}  // namespace entrapment::solutions_test
