// `judge play` with a person at the terminal: what the judge expects from them next (for the
// prompt), and whether a typed line has that form. The game stays strict: a line that has the
// form is sent as typed and the judge decides (a wrong claim, a lie or a bad proof still lose).
// Only a line that could never be accepted there (a typo: "yes", "1 2 x", a square that is
// not available) is refused at the terminal, with what was wrong, and asked again; it is
// never sent, so the transcript holds exactly the lines the judge received.
#pragma once

#include <string>

#include "../interaction/transcript.hpp"
#include "../testcase/testcase.hpp"

namespace entrapment {

struct ExpectedLine {
  enum class Kind { Claim, Answer, Move, Proof, QuerySize, QueryLabels, Block, None };
  Kind kind = Kind::None;
  int round = 0;                 // the round the line belongs to (R + 1: the Runner's proof)
  int count = 0;                 // QueryLabels: how many; Proof: R + 1
  SquareSet available = kEmpty;  // QuerySize, QueryLabels, Block: the squares one may name
  std::string what;              // for the prompt: "your answer to the query: Yes or No"
};

class PersonInput {
 public:
  explicit PersonInput(const TestCase& test) : test_(test) {}

  // What the judge is waiting for, from the game so far.
  ExpectedLine expected(const Transcript& transcript) const;

  // "" when `line` has the form `expected` asks for; else what is wrong with it.
  static std::string problem(const ExpectedLine& expected, const std::string& line);

  // The line was sent: remember what it was (a query's size decides the next line).
  void sent(const ExpectedLine& expected, const std::string& line);

 private:
  const TestCase& test_;
  ExpectedLine::Kind last_sent_ = ExpectedLine::Kind::None;
  int last_size_ = 0;
};

}  // namespace entrapment
