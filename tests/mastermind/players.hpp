// Contestants played in process against the game, and the channels that connect them: a
// contestant that replays fixed lines, and one that computes each guess from the answers. The
// wrong strategies are the mistakes the issue names; each must lose somewhere at G = the table.
#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "code.hpp"
#include "contract/channel.hpp"
#include "solver.hpp"

namespace mastermind {
namespace testing {

// Replays fixed contestant lines and records what the judge sent.
class ScriptedChannel : public entrapment::Channel {
 public:
  explicit ScriptedChannel(std::vector<std::string> lines) : lines_(std::move(lines)) {}
  entrapment::LineRead read_line() override {
    entrapment::LineRead read;
    if (next_ >= lines_.size()) return read;  // End
    const std::string& line = lines_[next_++];
    read.status = line.size() > entrapment::kMaxLineBytes ? entrapment::LineRead::Status::TooLong
                                                          : entrapment::LineRead::Status::Line;
    read.text = line.substr(0, entrapment::kMaxLineBytes);
    return read;
  }
  bool write_line(const std::string& line) override {
    judge_.push_back(line);
    return true;
  }
  const std::vector<std::string>& judge_lines() const { return judge_; }
  std::size_t lines_read() const { return next_; }

 private:
  std::vector<std::string> lines_;
  std::size_t next_ = 0;
  std::vector<std::string> judge_;
};

// A contestant that decides as it goes.
class Player {
 public:
  virtual ~Player() = default;
  virtual void start(int pins, int colours) = 0;
  // The next line to write, or false to exit.
  virtual bool next(std::string& line) = 0;
  virtual void hear(const Hint& hint) = 0;
};

// Connects a Player to the judge: the judge's first line starts it, each later one is an answer
// (-1 or B = P makes it stop).
class PlayerChannel : public entrapment::Channel {
 public:
  explicit PlayerChannel(Player& player) : player_(player) {}
  entrapment::LineRead read_line() override {
    entrapment::LineRead read;
    if (done_ || !player_.next(read.text)) return read;  // End
    read.status = entrapment::LineRead::Status::Line;
    return read;
  }
  bool write_line(const std::string& line) override {
    judge_.push_back(line);
    int a = 0, b = 0, c = 0;
    if (judge_.size() == 1) {
      if (std::sscanf(line.c_str(), "%d %d %d", &a, &b, &c) == 3) player_.start(a, b);
      pins_ = a;
    } else if (line == "-1") {
      done_ = true;
    } else if (std::sscanf(line.c_str(), "%d %d", &a, &b) == 2) {
      player_.hear(Hint{a, b});
      if (a == pins_) done_ = !keep_writing_;
    }
    return true;
  }
  // The contestant goes on writing after it won (a mistake).
  void keep_writing_after_win() { keep_writing_ = true; }
  const std::vector<std::string>& judge_lines() const { return judge_; }

 private:
  Player& player_;
  std::vector<std::string> judge_;
  int pins_ = 0;
  bool done_ = false;
  bool keep_writing_ = false;
};

// How a candidate strategy judges whether a code is still possible after an answer.
enum class Reading {
  Right,          // score() as the statement defines it
  RepeatsOnce,    // colours compared as sets: a repeated colour counts once
  RepeatsPerPin,  // each guess pin off its place whose colour is anywhere in the code is white
  BlackOnly,      // W ignored: the answer only half used
};

// W = (distinct colours in both) - B.
inline Hint repeats_once_score(const Code& code, const Code& guess) {
  Hint h;
  for (std::size_t i = 0; i < code.size(); ++i)
    if (code[i] == guess[i]) ++h.black;
  int common = 0;
  for (int c = 1; c <= kMaxColours; ++c) {
    bool in_code = false, in_guess = false;
    for (int x : code) in_code = in_code || x == c;
    for (int x : guess) in_guess = in_guess || x == c;
    if (in_code && in_guess) ++common;
  }
  h.white = common - h.black;
  return h;
}

// Pins of the code are not used up: 1 1 2 2 against 1 3 3 3 gives W = 1 for the second 1.
inline Hint repeats_per_pin_score(const Code& code, const Code& guess) {
  Hint h;
  for (std::size_t i = 0; i < guess.size(); ++i) {
    if (guess[i] == code[i]) {
      ++h.black;
      continue;
    }
    for (int c : code)
      if (c == guess[i]) {
        ++h.white;
        break;
      }
  }
  return h;
}

inline bool explains(Reading reading, const Code& code, const Code& guess, const Hint& hint) {
  switch (reading) {
    case Reading::Right:
      return score(code, guess) == hint;
    case Reading::RepeatsOnce:
      return repeats_once_score(code, guess) == hint;
    case Reading::RepeatsPerPin:
      return repeats_per_pin_score(code, guess) == hint;
    case Reading::BlackOnly:
      return score(code, guess).black == hint.black;
  }
  return false;
}

// Guesses the first code (lexicographic) its reading keeps; exits when none is left. With
// `offset` -1 it writes colours from 0.
class FirstConsistent : public Player {
 public:
  explicit FirstConsistent(Reading reading = Reading::Right, int offset = 0)
      : reading_(reading), offset_(offset) {}
  void start(int pins, int colours) override { alive_ = all_codes(pins, colours); }
  bool next(std::string& line) override {
    if (alive_.empty()) return false;
    last_ = alive_.front();
    Code shown = last_;
    for (int& c : shown) c += offset_;
    line = format_code(shown);
    return true;
  }
  void hear(const Hint& hint) override {
    std::vector<Code> kept;
    for (const Code& code : alive_)
      if (explains(reading_, code, last_, hint)) kept.push_back(code);
    alive_ = kept;
  }

 private:
  Reading reading_;
  int offset_;
  std::vector<Code> alive_;
  Code last_;
};

// Learns the colours one at a time (1 1 1 1, 2 2 2 2, ...) until their counts add up to P, and
// only then guesses the first code consistent with every answer.
class OneColourAtATime : public Player {
 public:
  void start(int pins, int colours) override {
    pins_ = pins;
    colours_ = colours;
    alive_ = all_codes(pins, colours);
  }
  bool next(std::string& line) override {
    if (alive_.empty()) return false;
    if (found_ < pins_ && probe_ < colours_) {
      last_ = Code(static_cast<std::size_t>(pins_), ++probe_);
    } else {
      last_ = alive_.front();
    }
    line = format_code(last_);
    return true;
  }
  void hear(const Hint& hint) override {
    if (last_ == Code(static_cast<std::size_t>(pins_), probe_)) found_ += hint.black;
    alive_ = consistent_with(alive_, last_, hint);
  }

 private:
  int pins_ = 0;
  int colours_ = 0;
  int probe_ = 0;
  int found_ = 0;
  std::vector<Code> alive_;
  Code last_;
};

}  // namespace testing
}  // namespace mastermind
