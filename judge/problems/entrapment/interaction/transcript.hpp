// Everything that happened in one game, kept for people and machines: every line each side
// sent (with its round), and per round the query, answer, block and the squares the Runner
// could be on. The contest-system transports write it as JSON into the feedback directory;
// reports and pictures of `judge run` are built on it. C++17, standard library only.
#pragma once

#include <string>
#include <vector>

#include "../game/rules.hpp"
#include "contract/game_record.hpp"
#include "protocol/optional.hpp"

namespace entrapment {

// A transcript keeps at most this many bytes of any one line ...
constexpr std::size_t kTranscriptLineBytes = 200;
// ... and at most this many lines (a whole game has fewer than 60): whatever a contestant
// sends, the judge's memory stays bounded. Lines beyond it are counted, not kept.
constexpr std::size_t kTranscriptMaxLines = 1000;

// A line as every problem keeps it (contract/game_record.hpp); its round is Entrapment's.
using TranscriptLine = GameLine;

struct TranscriptRound {
  int round = 0;
  std::vector<Square> query;  // in the order sent
  Optional<Answer> answer;
  Square block = 0;  // 0 while not yet played
  SquareSet available_before = kEmpty;
  SquareSet runner_before = kEmpty;        // squares the Runner could be on at the query
  SquareSet runner_after_answer = kEmpty;  // ... once it answered
  SquareSet runner_after_move = kEmpty;    // ... once it moved (empty: trapped)
};

// Entrapment's own account of a game: the payload its module leaves in a GameRecord.
struct Transcript : GamePayload {
  int rounds = 0;
  std::vector<Square> unavailable;
  std::string adversary;
  unsigned long long seed = 0;
  std::string claimed;  // what the contestant claimed, as sent
  std::string winner;   // who wins with optimal play
  std::vector<TranscriptLine> lines;
  std::size_t lines_dropped = 0;           // lines beyond kTranscriptMaxLines, not kept
  std::size_t blank_lines_after_game = 0;  // counted, not kept in `lines`
  std::vector<TranscriptRound> round_log;
  std::vector<Square> runner_path;  // the Runner's proof (the contestant's or the judge's)
  std::string verdict;              // "AC", "WA" or "JE"
  std::string message;

  void add_line(bool from_contestant, int round, const std::string& text);
  std::string to_json() const override;
};

}  // namespace entrapment
