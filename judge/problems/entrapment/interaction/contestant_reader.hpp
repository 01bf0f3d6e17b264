// Reads the contestant's lines the way testlib reads tokens: every read names what it
// expects and its range, so a failure message says exactly what was wanted, where, and what
// arrived. Whitespace policy: spaces and tabs separate tokens anywhere in a line, a '\r'
// before the line end is ignored; everything else is strict (see README, "The protocol").
#pragma once

#include <initializer_list>
#include <stdexcept>
#include <string>
#include <vector>

#include "../game/board.hpp"
#include "../game/messages.hpp"
#include "contract/channel.hpp"
#include "transcript.hpp"

namespace entrapment {

// The contestant broke the protocol or lost the game. `protocol` is true for protocol
// violations, after which the judge sends -1.
class WrongAnswer : public std::runtime_error {
 public:
  WrongAnswer(const std::string& what, bool protocol)
      : std::runtime_error(what), protocol_(protocol) {}
  bool protocol() const { return protocol_; }

 private:
  bool protocol_;
};

class ContestantReader {
 public:
  // `rounds`: R, the game's length; messages name round R + 1 "after round R".
  ContestantReader(Channel& channel, Transcript& transcript, int rounds)
      : channel_(channel), transcript_(transcript), rounds_(rounds) {}

  // Where the game is, for messages and the transcript: 0 before the first round, R + 1 after
  // the last (the Runner's proof).
  void set_round(int round) { round_ = round; }
  int round() const { return round_; }
  // The current place in words: "before the first round", "round 2", "after round 3".
  std::string where() const;

  // Each read names what it expects by a message of game/messages.hpp ("the number of squares
  // to ask"), put in words only when the read fails: games played in process (the selection,
  // the corpus) read by the million, and saying every expectation in advance was a third of
  // their cost.
  //
  // A line holding exactly one of `words`.
  std::string word(std::initializer_list<const char*> words, Message what);
  // A line holding exactly one integer in [low, high].
  int integer(int low, int high, Message what);
  // A line holding exactly `count` integers, each in [low, high].
  std::vector<int> integers(std::size_t count, int low, int high, Message what);
  // A line holding exactly `count` distinct labels of squares in `allowed`. With
  // `skip_one_blank`, a blank line in its place is skipped once (what some programs print for
  // the absent list of an empty query).
  std::vector<Square> labels(std::size_t count, SquareSet allowed, Message what,
                             bool skip_one_blank = false);

  // After the game: only blank lines (by the same whitespace rule as every read) may follow
  // before the end of the output, at most kMaxLineBytes of them in all, like one line. They are
  // counted in the transcript, not stored.
  void expect_end();

  // A wrong answer located at the current round.
  [[noreturn]] void fail(const std::string& message, bool protocol = true) const;

 private:
  // `said` makes the description of what was expected, called only when the read fails.
  template <typename Said>
  std::string next_line(const Said& said);

  Channel& channel_;
  Transcript& transcript_;
  int rounds_;
  int round_ = 0;
};

}  // namespace entrapment
