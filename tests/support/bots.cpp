#include "bots.hpp"

#include <sstream>

#include "game/history.hpp"
#include "game/solver.hpp"
#include "protocol/tokens.hpp"

namespace entrapment::testing {

namespace {

std::vector<int> ints(const std::string& line) {
  std::vector<int> out;
  for (const std::string& t : split_blanks(line))
    out.push_back(static_cast<int>(*parse_integer(t)));
  return out;
}

// The contestant's whole state machine, fed one judge line at a time.
class Bot {
 public:
  explicit Bot(BotStyle style) : style_(style) {}

  std::vector<std::string> on_line(const std::string& line) {
    if (line == "-1" || done_) {
      done_ = true;
      return {};
    }
    switch (stage_) {
      case Stage::Board:
        return on_board(ints(line));
      case Stage::Labels:
        return start(make_set(ints(line)));
      case Stage::QuerySize: {
        const int n = ints(line)[0];
        if (n > 0) {
          stage_ = Stage::QueryLabels;
          return {};
        }
        return answer(kEmpty);
      }
      case Stage::QueryLabels:
        return answer(make_set(ints(line)));
      case Stage::BlockForRunner:
        return runner_moves(ints(line)[0]);
      case Stage::AnswerForTrapper:
        return trapper_blocks(line == "Yes" ? Answer::Yes : Answer::No);
      case Stage::AfterBlock:
        return line == "Trapped" ? finish() : trapper_asks();
    }
    return {};
  }

 private:
  enum class Stage {
    Board,
    Labels,
    QuerySize,
    QueryLabels,
    BlockForRunner,
    AnswerForTrapper,
    AfterBlock
  };

  std::vector<std::string> on_board(const std::vector<int>& v) {
    rounds_ = v[0];
    if (v[1] > 0) {
      stage_ = Stage::Labels;
      return {};
    }
    return start(kEmpty);
  }

  std::vector<std::string> start(SquareSet unavailable) {
    p_ = start_position(rounds_, unavailable);
    start_available_ = p_.available;
    side_ = Solver::instance().winner(p_);
    std::vector<std::string> out{to_string(side_)};
    if (side_ == Side::Runner) {
      stage_ = Stage::QuerySize;
      return out;
    }
    for (std::string& l : trapper_asks()) out.push_back(l);
    return out;
  }

  // --- as Runner ---
  std::vector<std::string> answer(SquareSet query) {
    const Solver& solver = Solver::instance();
    Answer a;
    if (style_ == BotStyle::GreedyRunner) {
      a = size(p_.runner & query) >= size(p_.runner & ~query) ? Answer::Yes : Answer::No;
    } else {
      a = solver.answer_keeps_win(p_, query, Answer::Yes) ? Answer::Yes : Answer::No;
    }
    if (runner_after_answer(p_.runner, query, a) == kEmpty)
      a = a == Answer::Yes ? Answer::No : Answer::Yes;
    current_ = RoundRecord{query, a, 0};
    p_.runner = runner_after_answer(p_.runner, query, a);
    stage_ = Stage::BlockForRunner;
    return {to_string(a)};
  }

  std::vector<std::string> runner_moves(Square block) {
    current_.block = block;
    history_.push_back(current_);
    p_.available &= static_cast<SquareSet>(~single(block));
    p_.runner = runner_after_move(p_.runner, p_.available);
    p_.rounds_left--;
    if (p_.runner == kEmpty) return finish({"Trapped"});
    stage_ = Stage::QuerySize;
    if (p_.rounds_left > 0) return {"Free"};
    return finish({"Free", join_labels(*find_consistent_path(start_available_, history_))});
  }

  // --- as Trapper ---
  std::vector<std::string> trapper_asks() {
    const std::vector<SquareSet> winning = Solver::instance().winning_queries(p_);
    query_ = winning.empty() ? kEmpty : winning.front();
    stage_ = Stage::AnswerForTrapper;
    std::vector<std::string> out{std::to_string(size(query_))};
    if (query_ != kEmpty) out.push_back(join_labels(query_));
    return out;
  }

  std::vector<std::string> trapper_blocks(Answer a) {
    p_.runner = runner_after_answer(p_.runner, query_, a);
    const std::vector<Square> blocks = Solver::instance().winning_blocks(p_);
    const Square block = blocks.empty() ? labels(p_.available).front() : blocks.front();
    p_.available &= static_cast<SquareSet>(~single(block));
    p_.runner = runner_after_move(p_.runner, p_.available);
    p_.rounds_left--;
    stage_ = Stage::AfterBlock;
    return {std::to_string(block)};
  }

  std::vector<std::string> finish(std::vector<std::string> last = {}) {
    done_ = true;
    return last;
  }

  BotStyle style_;
  Stage stage_ = Stage::Board;
  bool done_ = false;
  int rounds_ = 0;
  Side side_ = Side::Runner;
  Position p_;
  SquareSet start_available_ = kEmpty;
  SquareSet query_ = kEmpty;
  RoundRecord current_;
  std::vector<RoundRecord> history_;
};

}  // namespace

std::unique_ptr<BotChannel> make_bot(BotStyle style) {
  auto bot = std::make_shared<Bot>(style);
  return std::make_unique<BotChannel>(
      std::vector<std::string>{}, [bot](const std::string& line) { return bot->on_line(line); });
}

}  // namespace entrapment::testing
