#include "testcase.hpp"

#include <algorithm>

#include "../adversary/kind.hpp"
#include "../game/solver.hpp"
#include "protocol/tokens.hpp"

namespace entrapment {

namespace {

constexpr long long kSeedLimit = 1000000000000000000LL;  // 10^18

std::vector<std::string> split_lines(const std::string& text) {
  if (text.empty()) throw TestCaseError(1, "the file is empty");
  // Byte by byte, so that the first fault named is the first in the file.
  std::vector<std::string> lines;
  std::string current;
  int number = 1;
  for (char c : text) {
    if (c == '\n') {
      lines.push_back(current);
      current.clear();
      ++number;
    } else if (c == '\r') {
      throw TestCaseError(number, "carriage return: lines must end in a plain \\n");
    } else if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) {
      throw TestCaseError(number, "byte " + quote(std::string(1, c)) + " is not printable ASCII");
    } else {
      current += c;
    }
  }
  if (text.back() != '\n') throw TestCaseError(number, "the last line does not end with a newline");
  return lines;
}

// The tokens of a line in which tokens are separated by exactly one space.
std::vector<std::string> strict_tokens(const std::string& line, int number) {
  if (line.empty()) throw TestCaseError(number, "empty line");
  if (line.front() == ' ' || line.back() == ' ')
    throw TestCaseError(number, "leading or trailing space in " + quote(line));
  if (line.find("  ") != std::string::npos)
    throw TestCaseError(number, "two spaces in a row in " + quote(line));
  return split_blanks(line);
}

long long integer(const std::string& token, long long low, long long high, const std::string& name,
                  int number) {
  const Optional<long long> value = parse_integer(token);
  if (!value) throw TestCaseError(number, name + ": expected an integer, got " + quote(token));
  if (*value < low || *value > high)
    throw TestCaseError(number, name + " = " + token + " is outside " + std::to_string(low) + ".." +
                                    std::to_string(high));
  return *value;
}

AdversaryKind adversary_named(const std::string& name, int number) {
  if (name == "adaptive") return AdversaryKind::Adaptive;
  if (name == "random") return AdversaryKind::Random;
  if (name == "committed") return AdversaryKind::Committed;
  if (name == "scripted") return AdversaryKind::Scripted;
  throw TestCaseError(number, "unknown adversary " + quote(name) +
                                  " (expected adaptive, random, committed or scripted)");
}

ScriptedTrapperRound trapper_round(const std::vector<std::string>& tokens, const Position& p,
                                   int round, int number) {
  const std::string where = "round " + std::to_string(round) + " of the script";
  if (tokens.size() < 3 || tokens.front() != "ask" || tokens[tokens.size() - 2] != "block")
    throw TestCaseError(number, where + ": expected \"ask L_1 ... L_k block B\"");
  ScriptedTrapperRound out;
  for (std::size_t i = 1; i + 2 < tokens.size(); ++i) {
    const Square s = static_cast<Square>(integer(tokens[i], 1, 9, where + ": query label", number));
    if (contains(out.query_set(), s))
      throw TestCaseError(number, where + ": square " + tokens[i] + " is asked twice");
    if (!contains(p.available, s))
      throw TestCaseError(number, where + ": square " + tokens[i] + " is not available");
    out.query.push_back(s);
  }
  out.block = static_cast<Square>(integer(tokens.back(), 1, 9, where + ": block", number));
  if (!contains(p.available, out.block))
    throw TestCaseError(number, where + ": block " + tokens.back() + " is not available");
  return out;
}

// The board lines at the start of `lines` (R U, then the labels when U > 0) into `test`;
// returns how many lines the board takes.
std::size_t parse_board_lines(const std::vector<std::string>& lines, TestCase& test) {
  if (lines.empty()) throw TestCaseError(1, "missing line: expected \"R U\"");
  std::vector<std::string> tokens = strict_tokens(lines[0], 1);
  if (tokens.size() != 2) throw TestCaseError(1, "expected 2 integers \"R U\"");
  test.rounds = static_cast<int>(integer(tokens[0], 1, 9, "R", 1));
  const int u = static_cast<int>(integer(tokens[1], 0, 8, "U", 1));
  if (test.rounds + u > 9)
    throw TestCaseError(1, "R + U = " + std::to_string(test.rounds + u) + " exceeds 9");
  if (u == 0) return 1;
  if (lines.size() < 2)
    throw TestCaseError(2, "missing line: expected " + std::to_string(u) + " unavailable squares");
  tokens = strict_tokens(lines[1], 2);
  if (static_cast<int>(tokens.size()) != u)
    throw TestCaseError(
        2, "expected " + std::to_string(u) + " labels, got " + std::to_string(tokens.size()));
  SquareSet seen = kEmpty;
  for (const std::string& token : tokens) {
    const Square s = static_cast<Square>(integer(token, 1, 9, "unavailable square", 2));
    if (contains(seen, s)) throw TestCaseError(2, "square " + token + " is listed twice");
    seen |= single(s);
    test.unavailable.push_back(s);
  }
  return 2;
}

}  // namespace

Side TestCase::winner() const { return Solver::instance().winner(start()); }

std::vector<std::string> TestCase::board_lines() const {
  std::vector<std::string> out{std::to_string(rounds) + " " + std::to_string(unavailable.size())};
  if (!unavailable.empty()) out.push_back(join_labels(unavailable));
  return out;
}

TestCase parse_testcase(const std::string& text) {
  const std::vector<std::string> lines = split_lines(text);
  TestCase test;
  std::size_t next = parse_board_lines(lines, test);
  auto take = [&](const std::string& what) {
    if (next >= lines.size())
      throw TestCaseError(static_cast<int>(next) + 1, "missing line: expected " + what);
    const std::string& line = lines[next++];
    return strict_tokens(line, static_cast<int>(next));
  };
  auto line_number = [&] { return static_cast<int>(next); };

  std::vector<std::string> tokens = take("\"adversary NAME SEED\"");
  const int adversary_line = line_number();
  if (tokens.size() != 3 || tokens[0] != "adversary")
    throw TestCaseError(adversary_line, "expected \"adversary NAME SEED\"");
  AdversaryConfig& adversary = test.adversary;
  adversary.kind = adversary_named(tokens[1], adversary_line);
  adversary.seed =
      static_cast<std::uint64_t>(integer(tokens[2], 0, kSeedLimit - 1, "SEED", adversary_line));
  const bool judge_is_runner = test.winner() == Side::Trapper;
  if (adversary.kind == AdversaryKind::Committed && !judge_is_runner)
    throw TestCaseError(adversary_line,
                        "the committed adversary is a Runner, but on this board the judge plays "
                        "the Trapper (the Runner wins)");

  if (adversary.kind == AdversaryKind::Scripted && !judge_is_runner) {
    Position p = test.start();
    for (int round = 1; round <= test.rounds; ++round) {
      tokens = take("the Trapper's script for round " + std::to_string(round));
      const ScriptedTrapperRound r = trapper_round(tokens, p, round, line_number());
      adversary.trapper_script.push_back(r);
      p.available &= static_cast<SquareSet>(~single(r.block));
    }
  } else if (adversary.kind == AdversaryKind::Scripted) {
    tokens = take("\"answers A_1 ... A_R\"");
    if (tokens.front() != "answers" || static_cast<int>(tokens.size()) != test.rounds + 1)
      throw TestCaseError(line_number(), "expected \"answers\" and " + std::to_string(test.rounds) +
                                             " answers (the judge plays the Runner)");
    for (std::size_t i = 1; i < tokens.size(); ++i) {
      if (tokens[i] != "Yes" && tokens[i] != "No")
        throw TestCaseError(line_number(), "answer " + quote(tokens[i]) + " is not Yes or No");
      adversary.runner_script.push_back(tokens[i] == "Yes" ? Answer::Yes : Answer::No);
    }
  }
  if (next < lines.size())
    throw TestCaseError(static_cast<int>(next) + 1, "unexpected extra line " + quote(lines[next]));
  return test;
}

TestCase parse_board(const std::string& text) {
  const std::vector<std::string> lines = split_lines(text);
  TestCase test;
  const std::size_t board = parse_board_lines(lines, test);
  if (lines.size() > board)
    throw TestCaseError(static_cast<int>(board) + 1,
                        "unexpected line " + quote(lines[board]) +
                            " after the board: this file holds the board alone");
  return test;
}

TestCase parse_test_files(const std::string& input, const std::string& answer) {
  const std::vector<std::string> lines = split_lines(input);
  TestCase board;
  const std::size_t board_lines = parse_board_lines(lines, board);
  if (lines.size() > board_lines) return parse_testcase(input);  // a whole test file
  try {
    return parse_testcase(input + answer);
  } catch (const TestCaseError& e) {
    if (e.line() <= static_cast<int>(board_lines)) throw;
    std::string detail = e.detail();
    if (answer.empty())
      detail +=
          " (the input file holds the board alone, so the judge's lines must be in the "
          "answer file, which is empty)";
    throw TestCaseError(e.line() - static_cast<int>(board_lines), detail,
                        TestCaseError::File::Answer);
  }
}

std::string format_testcase(const TestCase& test) {
  std::string out;
  for (const std::string& line : test.board_lines()) out += line + "\n";
  out += std::string("adversary ") + to_string(test.adversary.kind) + " " +
         std::to_string(test.adversary.seed) + "\n";
  for (const ScriptedTrapperRound& r : test.adversary.trapper_script) {
    out += "ask ";
    if (!r.query.empty()) out += join_labels(r.query) + " ";
    out += "block " + std::to_string(r.block) + "\n";
  }
  if (!test.adversary.runner_script.empty()) {
    out += "answers";
    for (Answer a : test.adversary.runner_script) out += std::string(" ") + to_string(a);
    out += "\n";
  }
  return out;
}

}  // namespace entrapment
