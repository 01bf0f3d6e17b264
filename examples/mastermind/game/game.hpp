// One game of interactive Master-Mind over a channel: the judge sends "P C G", then answers
// each guess with "B W" until the code is found (Accepted), G guesses are spent or a guess breaks
// the protocol (Wrong Answer; a broken guess is answered -1). The channel is Entrapment's, so the
// same contest-system transports can carry this game. C++14, standard library only.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "adversary.hpp"
#include "contract/channel.hpp"
#include "testcase.hpp"

namespace mastermind {

// A transcript keeps at most this many bytes of any one line, and at most this many lines: a
// whole game has at most 2 + 2 * kMaxGuesses, so the bound only matters against a contestant
// that floods, and memory stays bounded whatever it sends. Lines beyond it are counted.
constexpr std::size_t kTranscriptLineBytes = 200;
constexpr std::size_t kTranscriptMaxLines = 1000;

struct TranscriptLine {
  bool from_contestant = false;
  std::string text;
  bool cut = false;  // the line was longer than kTranscriptLineBytes
};

struct GameResult {
  enum class Verdict { Accepted, WrongAnswer, JudgeError };
  Verdict verdict = Verdict::JudgeError;
  std::string message;
  std::vector<TranscriptLine> lines;
  std::size_t lines_dropped = 0;  // beyond kTranscriptMaxLines, not kept
  int guesses = 0;                // guesses answered
  // The code, or for an adaptive judge a code consistent with every answer; empty when the
  // judge could not start (an invalid test).
  std::string code_revealed;
};

// "AC", "WA", "JE".
const char* to_string(GameResult::Verdict verdict);

// Plays `test` against the contestant behind `channel`. Never throws: a fault of the judge
// itself (an invalid test, an answer no code explains, no memory) is a JudgeError.
GameResult play_game(const TestCase& test, entrapment::Channel& channel);

// The same with a keeper of the caller's in place of test.adversary's: a keeper that lies must
// meet the judge's self-check (tests), and a caller may keep the keeper to inspect it after.
GameResult play_game(const TestCase& test, Adversary& adversary, entrapment::Channel& channel);

}  // namespace mastermind
