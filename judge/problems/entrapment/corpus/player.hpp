// The corpus's contestant: one protocol driver that reads the judge's lines and writes its
// own exactly as solutions/accepted/reference.cpp does, with every decision, every piece of
// bookkeeping and every line it writes behind a replaceable function (a Behaviour). A wrong
// strategy is the reference player with one or two of them replaced, so each strategy is a few
// lines that say precisely what its author got wrong.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../game/rules.hpp"
#include "contestant.hpp"

namespace entrapment::corpus {

// What the contestant remembers of a round it played, in its own (possibly wrong) bookkeeping.
struct PlayedRound {
  SquareSet before = kEmpty;  // its candidate set when the round began
  SquareSet query = kEmpty;   // the query, as it understood it (Runner) or asked it (Trapper)
  Answer answer = Answer::No;
  SquareSet kept = kEmpty;             // its candidate set after the answer
  SquareSet blocked = kEmpty;          // the square blocked, as it understood it
  SquareSet available_after = kEmpty;  // its board after the block
  SquareSet after = kEmpty;            // its candidate set after the move
};

struct PlayerState {
  int rounds = 0;
  SquareSet start_available = kEmpty;  // the board as it understood it
  Side side = Side::Runner;            // what it claimed
  int round = 0;                       // the round being played, 1-based (0 before the first)
  SquareSet available = kEmpty;        // its board now
  SquareSet runner = kEmpty;           // where it thinks the Runner can be now
  std::vector<PlayedRound> history;

  int rounds_left() const { return rounds - round + 1; }  // counting the current round
  std::vector<SquareSet> kept_sets() const;               // history[i].kept for every round
};

// Thrown by a decision to make the program stop writing: it crashed, hangs or exited.
struct ContestantStops {};

// Every decision the player makes. The defaults are the reference solution's.
struct Behaviour {
  Behaviour();  // the reference solution

  // How the program turns a label it reads into a square (a 0-based reader shifts it).
  std::function<SquareSet(int label)> square;
  // The side it claims once it has read the board.
  std::function<Side(const PlayerState&)> claim;

  // --- as the Runner ---
  // Whether a line of labels follows the query size N (a program may forget that N = 0 has none).
  std::function<bool(int n)> reads_list;
  // The query as the program understands the labels sent, in their order (unset: the union of
  // `square` of each label).
  std::function<SquareSet(const PlayerState&, const std::vector<int>& listed)> read_query;
  std::function<Answer(const PlayerState&, SquareSet query)> answer;
  std::function<std::string(Answer)> answer_word;
  // Its candidate set after answering.
  std::function<SquareSet(const PlayerState&, SquareSet query, Answer)> runner_kept;
  // Its candidate set after the block and the move; `state.available` is still the board
  // before the block.
  std::function<SquareSet(const PlayerState&, SquareSet kept, SquareSet blocked)> runner_moved;
  // The proof (labels as it prints them), once every round is played.
  std::function<std::vector<int>(const PlayerState&)> proof;
  std::function<std::vector<std::string>(const std::vector<int>& path)> proof_lines;

  // --- as the Trapper ---
  std::function<SquareSet(const PlayerState&)> query;
  // The labels it prints for its query, in order.
  std::function<std::vector<int>(const PlayerState&, SquareSet query)> query_labels;
  std::function<std::vector<std::string>(const std::vector<int>& listed)> query_lines;
  std::function<SquareSet(const PlayerState&, SquareSet query, Answer)> trapper_kept;
  std::function<Square(const PlayerState&, SquareSet kept)> block;
  std::function<std::string(Square)> block_line;
  std::function<SquareSet(const PlayerState&, SquareSet kept, Square block)> trapper_moved;
  bool stops_when_trapped = true;  // false: plays on after reading Trapped
  int trapper_rounds_short = 0;    // plays this many rounds fewer than R as the Trapper
};

// The reference player with one rule replaced, the shape of most mistakes:
// with_rule(&Behaviour::answer, wrong_answer).
template <typename Signature>
Behaviour with_rule(std::function<Signature> Behaviour::*rule,
                    std::type_identity_t<std::function<Signature>> replacement) {
  Behaviour b;
  b.*rule = std::move(replacement);
  return b;
}

// A contestant that plays by `behaviour`.
std::unique_ptr<Contestant> make_player(Behaviour behaviour);

}  // namespace entrapment::corpus
