// The judging core: plays one game of Entrapment against a contestant through a Channel and
// decides whether the contestant proved its claim. Every transport (the contest-system
// interactor, the testlib build, judge/judging) calls this and nothing else.
// C++17, standard library only.
#pragma once

#include <string>
#include <utility>

#include "../testcase/testcase.hpp"
#include "channel.hpp"
#include "transcript.hpp"

namespace entrapment {

struct Outcome {
  enum class Result { Accepted, WrongAnswer, JudgeError };
  Result result = Result::JudgeError;
  std::string message;  // why, for judgemessage.txt and reports

  Outcome() = default;
  Outcome(Result r, std::string why) : result(r), message(std::move(why)) {}

  bool accepted() const { return result == Result::Accepted; }
};

const char* to_string(Outcome::Result result);  // "AC", "WA", "JE"

// Plays the game described by `test`. Never throws; never reads after the outcome is known
// (after a protocol violation it sends -1 and returns). `transcript` receives the game.
Outcome interact(const TestCase& test, Channel& channel, Transcript& transcript);

}  // namespace entrapment
