#include "player.hpp"

#include "protocol/tokens.hpp"
#include "search.hpp"

namespace entrapment::corpus {

std::vector<SquareSet> PlayerState::kept_sets() const {
  std::vector<SquareSet> out;
  for (const PlayedRound& r : history) out.push_back(r.kept);
  return out;
}

Behaviour::Behaviour() {
  square = [](int label) { return is_label(label) ? single(label) : kEmpty; };
  claim = [](const PlayerState& s) {
    return wins(s.start_available, s.start_available, s.rounds) ? Side::Runner : Side::Trapper;
  };

  reads_list = [](int n) { return n > 0; };
  read_query = nullptr;  // every label listed, each read with `square` (see Player)
  answer = [](const PlayerState& s, SquareSet query) {
    return keeping_answer(s.available, s.runner, query, s.rounds_left());
  };
  answer_word = [](Answer a) { return std::string(to_string(a)); };
  runner_kept = [](const PlayerState& s, SquareSet query, Answer a) {
    return runner_after_answer(s.runner, query, a);
  };
  runner_moved = [](const PlayerState& s, SquareSet kept, SquareSet blocked) {
    return runner_after_move(kept, static_cast<SquareSet>(s.available & ~blocked));
  };
  proof = [](const PlayerState& s) {
    std::vector<int> out;
    for (Square p : walk_back_proof(s.kept_sets(), s.runner)) out.push_back(p);
    return out;
  };
  proof_lines = [](const std::vector<int>& path) {
    return std::vector<std::string>{join_labels(path)};
  };

  query = [](const PlayerState& s) {
    return first_losing_cut(s.available, s.runner, s.rounds_left());
  };
  query_labels = [](const PlayerState&, SquareSet q) {
    std::vector<int> out;
    for (Square s : labels(q)) out.push_back(s);
    return out;
  };
  query_lines = [](const std::vector<int>& listed) {
    std::vector<std::string> out{std::to_string(listed.size())};
    if (!listed.empty()) out.push_back(join_labels(listed));
    return out;
  };
  trapper_kept = [](const PlayerState& s, SquareSet query, Answer a) {
    return runner_after_answer(s.runner, query, a);
  };
  block = [](const PlayerState& s, SquareSet kept) {
    return first_trapping_block(s.available, kept, s.rounds_left());
  };
  block_line = [](Square b) { return std::to_string(b); };
  trapper_moved = [](const PlayerState& s, SquareSet kept, Square b) {
    return runner_after_move(kept, static_cast<SquareSet>(s.available & ~single(b)));
  };
}

namespace {

std::vector<int> integers(const std::string& line) {
  std::vector<int> out;
  for (const std::string& token : split_blanks(line)) {
    const std::optional<long long> value = parse_integer(token);
    out.push_back(value ? static_cast<int>(*value) : 0);
  }
  return out;
}

class Player : public Contestant {
 public:
  explicit Player(Behaviour behaviour) : b_(std::move(behaviour)) {}

  std::vector<std::string> on_judge_line(const std::string& line) override {
    if (stopped_) return {};
    if (line == "-1") return stop();
    try {
      return next(line);
    } catch (const ContestantStops&) {
      return stop();
    }
  }

 private:
  enum class Stage { Board, Labels, QuerySize, QueryList, Block, Answer, AfterBlock };

  std::vector<std::string> stop() {
    stopped_ = true;
    return {};
  }

  std::vector<std::string> next(const std::string& line) {
    const std::vector<int> numbers = integers(line);
    switch (stage_) {
      case Stage::Board:
        s_.rounds = numbers.size() > 0 ? numbers[0] : 0;
        if (numbers.size() > 1 && numbers[1] > 0) {
          stage_ = Stage::Labels;
          return {};
        }
        return start({});
      case Stage::Labels:
        return start(numbers);
      case Stage::QuerySize: {
        const int n = numbers.empty() ? 0 : numbers[0];
        if (b_.reads_list(n)) {
          stage_ = Stage::QueryList;
          return {};
        }
        return runner_answers({});
      }
      case Stage::QueryList:
        return runner_answers(numbers);
      case Stage::Block:
        return runner_moves(numbers.empty() ? 0 : numbers[0]);
      case Stage::Answer:
        return trapper_blocks(line == "Yes" ? Answer::Yes : Answer::No);
      case Stage::AfterBlock:
        if (line == "Trapped" && b_.stops_when_trapped) return stop();
        return trapper_asks();
    }
    return {};
  }

  std::vector<std::string> start(const std::vector<int>& unavailable) {
    SquareSet blocked = kEmpty;
    for (int label : unavailable) blocked |= b_.square(label);
    s_.start_available = static_cast<SquareSet>(kAllSquares & ~blocked);
    s_.available = s_.runner = s_.start_available;
    s_.side = b_.claim(s_);
    std::vector<std::string> out{to_string(s_.side)};
    if (s_.side == Side::Runner) {
      stage_ = Stage::QuerySize;
      return out;
    }
    for (std::string& line : trapper_asks()) out.push_back(std::move(line));
    return out;
  }

  // --- as the Runner ---
  std::vector<std::string> runner_answers(const std::vector<int>& listed) {
    ++s_.round;
    PlayedRound r;
    r.before = s_.runner;
    if (b_.read_query) {
      r.query = b_.read_query(s_, listed);
    } else {
      for (int label : listed) r.query |= b_.square(label);
    }
    r.answer = b_.answer(s_, r.query);
    r.kept = b_.runner_kept(s_, r.query, r.answer);
    s_.history.push_back(r);
    stage_ = Stage::Block;
    return {b_.answer_word(r.answer)};
  }

  std::vector<std::string> runner_moves(int label) {
    PlayedRound& r = s_.history.back();
    r.blocked = b_.square(label);
    r.after = b_.runner_moved(s_, r.kept, r.blocked);
    s_.available &= static_cast<SquareSet>(~r.blocked);
    r.available_after = s_.available;
    s_.runner = r.after;
    if (s_.runner == kEmpty) {
      stopped_ = true;
      return {"Trapped"};
    }
    std::vector<std::string> out{"Free"};
    if (s_.round < s_.rounds) {
      stage_ = Stage::QuerySize;
      return out;
    }
    stopped_ = true;
    for (std::string& line : b_.proof_lines(b_.proof(s_))) out.push_back(std::move(line));
    return out;
  }

  // --- as the Trapper ---
  std::vector<std::string> trapper_asks() {
    if (s_.round >= s_.rounds - b_.trapper_rounds_short) return stop();  // it exits
    ++s_.round;
    PlayedRound r;
    r.before = s_.runner;
    r.query = b_.query(s_);
    s_.history.push_back(r);
    stage_ = Stage::Answer;
    return b_.query_lines(b_.query_labels(s_, r.query));
  }

  std::vector<std::string> trapper_blocks(Answer answer) {
    PlayedRound& r = s_.history.back();
    r.answer = answer;
    r.kept = b_.trapper_kept(s_, r.query, answer);
    const Square block = b_.block(s_, r.kept);
    r.blocked = single(block);
    r.after = b_.trapper_moved(s_, r.kept, block);
    s_.available &= static_cast<SquareSet>(~single(block));
    r.available_after = s_.available;
    s_.runner = r.after;
    stage_ = Stage::AfterBlock;
    return {b_.block_line(block)};
  }

  Behaviour b_;
  PlayerState s_;
  Stage stage_ = Stage::Board;
  bool stopped_ = false;
};

}  // namespace

std::unique_ptr<Contestant> make_player(Behaviour behaviour) {
  return std::make_unique<Player>(std::move(behaviour));
}

}  // namespace entrapment::corpus
