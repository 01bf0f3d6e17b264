#include "test_line.hpp"

#include <stdexcept>

#include "../adversary/kind.hpp"
#include "../adversary/random.hpp"
#include "../game/solver.hpp"
#include "protocol/tokens.hpp"

namespace entrapment {

namespace {

bool one_of(const std::string& value, const std::vector<std::string>& allowed) {
  for (const std::string& a : allowed)
    if (a == value) return true;
  return false;
}

std::string listed(const std::vector<std::string>& allowed) {
  std::string out;
  for (const std::string& a : allowed) out += (out.empty() ? "" : ", ") + a;
  return out;
}

// A judge Trapper's script: queries as `mode` says, and every block on a square the Runner
// may be standing on, whatever it answered (the union over all answers), when there is one.
std::vector<ScriptedTrapperRound> trapper_script(int rounds, SquareSet unavailable,
                                                 const std::string& mode, Random& random) {
  SquareSet available = static_cast<SquareSet>(kAllSquares & ~unavailable);
  SquareSet runner_may_be = available;
  std::vector<ScriptedTrapperRound> script;
  for (int round = 1; round <= rounds; ++round) {
    ScriptedTrapperRound r;
    if (mode == "full") {
      r.query = labels(available);
    } else if (mode == "random") {
      for (Square s : labels(available))
        if (random.coin()) r.query.push_back(s);
    }
    random.shuffle(r.query);
    const SquareSet on_runner = runner_may_be & available;
    r.block = random.pick(labels(on_runner != kEmpty ? on_runner : available));
    available &= static_cast<SquareSet>(~single(r.block));
    runner_may_be = runner_after_move(runner_may_be, available);
    script.push_back(r);
  }
  return script;
}

std::vector<Answer> runner_script(int rounds, const std::string& mode, Random& random) {
  std::vector<Answer> out;
  for (int round = 0; round < rounds; ++round) {
    bool yes = mode == "yes";
    if (mode == "alternate") yes = round % 2 == 0;
    if (mode == "random") yes = random.coin();
    out.push_back(yes ? Answer::Yes : Answer::No);
  }
  return out;
}

}  // namespace

const std::vector<std::string>& query_scripts() {
  static const std::vector<std::string> kinds = {"empty", "full", "random"};
  return kinds;
}

const std::vector<std::string>& answer_scripts() {
  static const std::vector<std::string> kinds = {"yes", "no", "alternate", "random"};
  return kinds;
}

std::string TestLine::board() const {
  std::string out = std::to_string(rounds) + " " + std::to_string(unavailable.size());
  if (!unavailable.empty()) out += " " + join_labels(unavailable);
  return out;
}

std::string TestLine::adversary_text() const {
  std::string out = to_string(adversary);
  if (!queries.empty()) out += " queries=" + queries;
  if (!answers.empty()) out += " answers=" + answers;
  return out;
}

TestLine line_on_board(const std::string& board_text) {
  const std::vector<std::string> tokens = split_blanks(board_text);
  auto number = [&](std::size_t i, long long low, long long high, const std::string& what) {
    const std::optional<long long> value =
        i < tokens.size() ? parse_integer(tokens[i]) : std::nullopt;
    if (!value || *value < low || *value > high)
      throw std::invalid_argument("board \"" + board_text + "\": expected " + what);
    return static_cast<int>(*value);
  };
  TestLine line;
  line.rounds = number(0, 1, 9, "R, an integer 1..9, first");
  const int u = number(1, 0, 8, "U, an integer 0..8, second");
  if (tokens.size() != static_cast<std::size_t>(u) + 2)
    throw std::invalid_argument("board \"" + board_text + "\": expected \"R U\" and then U = " +
                                std::to_string(u) + " labels");
  for (int i = 0; i < u; ++i) {
    const Square s = number(static_cast<std::size_t>(i) + 2, 1, 9, "labels 1..9");
    if (contains(line.unavailable_set(), s))
      throw std::invalid_argument("board \"" + board_text + "\": square " + std::to_string(s) +
                                  " is listed twice");
    line.unavailable.push_back(s);
  }
  if (!is_valid_board(line.rounds, line.unavailable_set()))
    throw std::invalid_argument("board \"" + board_text + "\": R + U exceeds 9");
  return line;
}

TestCase make_test(const TestLine& line) {
  TestCase test;
  test.rounds = line.rounds;
  test.unavailable = line.unavailable;
  test.adversary.kind = line.adversary;
  test.adversary.seed = line.seed;
  if (!is_valid_board(line.rounds, line.unavailable_set()) ||
      static_cast<int>(line.unavailable.size()) != size(line.unavailable_set()))
    throw std::invalid_argument("not a board: \"" + line.board() + "\"");
  const bool judge_is_runner = test.winner() == Side::Trapper;
  const std::string side = judge_is_runner ? "the judge plays the Runner on this board"
                                           : "the judge plays the Trapper on this board";
  if (line.adversary == AdversaryKind::Committed && !judge_is_runner)
    throw std::invalid_argument("committed: the committed adversary is a Runner, but " + side);
  if (line.adversary != AdversaryKind::Scripted) {
    if (!line.queries.empty() || !line.answers.empty())
      throw std::invalid_argument("queries and answers are for a scripted adversary only");
    return test;
  }
  Random random(line.seed);
  if (judge_is_runner) {
    if (!line.queries.empty()) throw std::invalid_argument("queries: " + side + " (use answers)");
    if (!one_of(line.answers, answer_scripts()))
      throw std::invalid_argument("answers: expected one of " + listed(answer_scripts()) +
                                  ", got \"" + line.answers + "\"");
    test.adversary.runner_script = runner_script(line.rounds, line.answers, random);
  } else {
    if (!line.answers.empty()) throw std::invalid_argument("answers: " + side + " (use queries)");
    if (!one_of(line.queries, query_scripts()))
      throw std::invalid_argument("queries: expected one of " + listed(query_scripts()) +
                                  ", got \"" + line.queries + "\"");
    test.adversary.trapper_script =
        trapper_script(line.rounds, line.unavailable_set(), line.queries, random);
  }
  return test;
}

}  // namespace entrapment
