// `judge play` without a program: the person at the terminal is the contestant.
#pragma once

#include <cstdio>
#include <string>

#include "../interaction/transcript.hpp"
#include "../testcase/testcase.hpp"
#include "contract/channel.hpp"
#include "person_input.hpp"

namespace entrapment {

// The person at the terminal as the contestant: their lines come from stdin; the judge's
// lines reach them through the LivePrinter only (nothing else is written to stdout). On a
// terminal, the prompt (to stderr) names the round and what the judge expects, and a line
// that could never be accepted (a typo) is refused there and asked again (person_input.hpp).
class PersonChannel : public Channel {
 public:
  PersonChannel(const TestCase& test, const Transcript& transcript, bool terminal)
      : transcript_(transcript), terminal_(terminal), input_(test) {}

  LineRead read_line() override;
  bool write_line(const std::string&) override { return true; }

 private:
  bool game_over() const;

  const Transcript& transcript_;
  bool terminal_;
  PersonInput input_;
  StreamChannel stdin_{stdin, stdout};  // only read from
};

}  // namespace entrapment
