// `judge play`: the reference solution and the test contestant played live, a person's
// session simulated by piping their lines into stdin, and the errors for a bad game.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sstream>
#include <utility>

#include "tests/support/files.hpp"
#include "tests/support/runs.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

using Played = JudgeRun;

// Runs `judge play ARGS...` with `input` on its stdin.
Played play(const std::vector<std::string>& args, const std::string& input = "") {
  std::vector<std::string> words = {"play", "--trust"};  // the test contestant is not the package's
  words.insert(words.end(), args.begin(), args.end());
  JudgeOptions options = in_package();
  options.input = input;
  return run_judge(words, options);
}

// The game lines of `judge play`'s output ("[round] < text" / "[round] > text"), as the
// transcript notation of the statement's samples ("<text" / ">text") with their rounds.
std::vector<std::pair<int, std::string>> game_lines(const std::string& out) {
  std::vector<std::pair<int, std::string>> lines;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    if (line.size() < 6 || line[0] != '[') continue;
    const std::size_t close = line.find("] ");
    if (close == std::string::npos || close + 4 > line.size()) continue;
    const char direction = line[close + 2];
    if ((direction != '<' && direction != '>') || line[close + 3] != ' ') continue;
    lines.emplace_back(std::stoi(line.substr(1, close - 1)),
                       std::string(1, direction) + line.substr(close + 4));
  }
  return lines;
}

std::vector<std::string> texts(const std::vector<std::pair<int, std::string>>& lines) {
  std::vector<std::string> out;
  for (const auto& line : lines) out.push_back(line.second);
  return out;
}

std::vector<std::string> file_lines(const fs::path& path) {
  std::vector<std::string> lines;
  std::istringstream in(read_text(path));
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string root_path(const std::string& relative) { return (package_root() / relative).string(); }

TEST(Play, ReferenceSolutionIsAcceptedWithTheGameShownLive) {
  const Played p =
      play({root_path("solutions/accepted/reference.cpp"), "--board", "3 6 1 2 3 7 8 9",
            "--adversary", "random", "--seed", "5", "--no-sandbox"});
  ASSERT_EQ(p.status, 0) << p.out << p.err;
  const auto lines = game_lines(p.out);
  ASSERT_GE(lines.size(), 4u) << p.out;
  EXPECT_EQ(lines[0], std::make_pair(0, std::string("<3 6")));
  EXPECT_EQ(lines[1], std::make_pair(0, std::string("<1 2 3 7 8 9")));
  EXPECT_EQ(lines[2], std::make_pair(0, std::string(">Trapper")));
  EXPECT_EQ(lines[3].first, 1);  // the first query belongs to round 1
  EXPECT_EQ(lines.back().second, "<Trapped") << p.out;
  EXPECT_NE(p.out.find("verdict: AC\n"), std::string::npos) << p.out;
  EXPECT_NE(p.out.find("judge: the Runner was trapped"), std::string::npos) << p.out;
  const std::size_t usage = p.out.find("contestant: ");
  ASSERT_NE(usage, std::string::npos) << p.out;
  const std::string usage_line = p.out.substr(usage, p.out.find('\n', usage) - usage);
  EXPECT_NE(usage_line.find(" s CPU, "), std::string::npos) << usage_line;
  EXPECT_NE(usage_line.find(" s wall, "), std::string::npos) << usage_line;
  EXPECT_NE(usage_line.find(" MiB peak memory"), std::string::npos) << usage_line;
}

TEST(Play, CommandThatClaimsTheWrongSideIsWrongAnswer) {
  const std::string player = fs::absolute(bin_dir() / "test_player").string();
  const Played p = play({"--test", root_path("testdata/sample/1.in"), "--no-sandbox", "--", player,
                         "read-after-wa", "play-test"});
  EXPECT_EQ(p.status, 1) << p.out << p.err;
  const auto lines = texts(game_lines(p.out));
  ASSERT_EQ(lines.size(), 4u) << p.out;
  EXPECT_EQ(lines[2], ">Runner");
  EXPECT_EQ(lines[3], "<-1");
  EXPECT_NE(p.out.find("verdict: WA\n"), std::string::npos) << p.out;
  EXPECT_NE(p.out.find("judge: "), std::string::npos) << p.out;
}

TEST(Play, ProgramThatFailsAfterTheGameIsRunTimeError) {
  const std::string player = fs::absolute(bin_dir() / "test_player").string();
  const Played p = play({"--board", "2 0", "--no-sandbox", "--", player, "exit-3-after", "pt"});
  EXPECT_EQ(p.status, 1) << p.out << p.err;
  EXPECT_NE(p.out.find("verdict: RTE\n"), std::string::npos) << p.out;
  EXPECT_NE(p.out.find("exited with status 3"), std::string::npos) << p.out;
}

// A person's session: the contestant's lines of the statement's second sample, piped in.
TEST(Play, PersonReplayingSampleTwoIsAcceptedAndSeesTheStatementsLines) {
  const std::vector<std::string> interaction =
      file_lines(package_root() / "testdata/sample/2.interaction");
  std::string typed;
  for (const std::string& line : interaction)
    if (line[0] == '>') typed += line.substr(1) + "\n";
  const Played p = play({"--test", root_path("testdata/sample/2.in")}, typed);
  ASSERT_EQ(p.status, 0) << p.out << p.err;
  const auto lines = game_lines(p.out);
  EXPECT_EQ(texts(lines), interaction) << p.out;
  // Rounds: the board and the claim before round 1, the proof after round 2.
  ASSERT_EQ(lines.size(), interaction.size());
  EXPECT_EQ(lines[1], std::make_pair(0, std::string(">Runner")));
  EXPECT_EQ(lines[2], std::make_pair(1, std::string("<7")));
  EXPECT_EQ(lines.back(), std::make_pair(3, std::string(">5 4 1")));
  EXPECT_NE(p.out.find("verdict: AC\n"), std::string::npos) << p.out;
  EXPECT_NE(p.out.find("judge: the Runner survived 2 rounds"), std::string::npos) << p.out;
  EXPECT_EQ(p.err, "");  // no prompt when stdin is not a terminal
}

TEST(Play, PersonWhoseProofContradictsAnAnswerIsWrongAnswer) {
  // Sample 2's answers, but a proof that stands on 2 in round 2, when the Runner said Yes to
  // "4 6 7 8".
  const Played p =
      play({"--test", root_path("testdata/sample/2.in")}, "Runner\nYes\nFree\nYes\nFree\n5 2 1\n");
  EXPECT_EQ(p.status, 1) << p.out << p.err;
  EXPECT_NE(p.out.find("verdict: WA\n"), std::string::npos) << p.out;
  EXPECT_NE(p.out.find("invalid proof"), std::string::npos) << p.out;
  EXPECT_EQ(texts(game_lines(p.out)).back(), "<-1") << p.out;
}

TEST(Play, PersonWhoStopsTypingIsWrongAnswer) {
  const Played p = play({"--board", "2 0"}, "Runner\n");
  EXPECT_EQ(p.status, 1) << p.out << p.err;
  EXPECT_NE(p.out.find("verdict: WA\n"), std::string::npos) << p.out;
}

TEST(Play, BadGamesAreNamedAndRefused) {
  struct Case {
    std::vector<std::string> args;
    std::string expected;  // in stderr
  };
  const std::vector<Case> cases = {
      {{"--board", "2 0 5"}, "--board \"2 0 5\": U = 0 but 1 label(s) follow"},
      {{"--board", "3 2"}, "--board \"3 2\": U = 2 but no labels follow"},
      {{"--board", "10 0"}, "--board \"10 0\": R = 10 is outside 1..9"},
      {{"--board", "2 2 5 5"}, "--board \"2 2 5 5\": square 5 is listed twice"},
      {{"--board", "2 1 x"}, "--board \"2 1 x\": unavailable square: expected an integer"},
      {{"--board", "7 3 1 2 3"}, "R + U = 10 exceeds 9"},
      {{"--board", "2"}, "--board \"2\": expected \"R U [labels...]\""},
      {{"--board", "2 0", "--adversary", "committed"},
       "--adversary committed --seed 0: the committed adversary is a Runner"},
      {{"--board", "2 0", "--seed", "1000000000000000000"},
       "--adversary adaptive --seed 1000000000000000000: SEED"},
      {{"--board", "2 0", "--adversary", "scripted"}, "needs a script: give a test file"},
      {{"--board", "2 0", "--adversary", "clever"}, "--adversary"},
      {{}, "give the game: --test FILE, or --board"},
      {{"--test", root_path("testdata/sample/2.interaction")}, "2.interaction:1: "},
      {{"--test", "/nonexistent/test.in"}, "/nonexistent/test.in"},
      {{"--test", root_path("testdata/sample/2.in"), "--board", "2 0"}, "excludes"},
      {{"a.cpp", "b.cpp", "--board", "2 0"}, "one SUBMISSION at most"},
  };
  for (const Case& c : cases) {
    const Played p = play(c.args, "Runner\n");
    std::string joined;
    for (const std::string& arg : c.args) joined += arg + " ";
    EXPECT_NE(p.status, 0) << joined;
    EXPECT_NE(p.err.find(c.expected), std::string::npos) << joined << "\nstderr: " << p.err;
    EXPECT_EQ(game_lines(p.out).size(), 0u) << joined << "\nstdout: " << p.out;
  }
}

}  // namespace
}  // namespace entrapment::testing
