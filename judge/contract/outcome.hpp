// What the judge concluded from one game, for every problem: accepted, a wrong answer, or a
// fault of the judge itself, with the reason (judgemessage.txt, reports).
// C++14, standard library only (part of the single-file programs).
#pragma once

#include <string>
#include <utility>

namespace entrapment {

struct Outcome {
  enum class Result { Accepted, WrongAnswer, JudgeError };
  Result result = Result::JudgeError;
  std::string message;  // why, for judgemessage.txt and reports

  Outcome() = default;
  Outcome(Result r, std::string why) : result(r), message(std::move(why)) {}

  bool accepted() const { return result == Result::Accepted; }
};

inline const char* to_string(Outcome::Result result) {
  switch (result) {
    case Outcome::Result::Accepted:
      return "AC";
    case Outcome::Result::WrongAnswer:
      return "WA";
    case Outcome::Result::JudgeError:
      break;
  }
  return "JE";
}

}  // namespace entrapment
