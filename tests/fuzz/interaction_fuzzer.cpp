// libFuzzer harness: arbitrary bytes as the contestant's output (and as test files) into the
// judging core. Besides crashes and sanitizer reports it checks what must hold whatever the
// contestant sends: the judge never blames itself, and it only accepts a correct claim backed
// by a valid proof, and its transcript stays bounded whatever arrives.
//
// Input: byte 0 selects the mode (even: a game, odd: the test-file parser); for a game,
// bytes 1-2 select one of the 2304 boards and byte 3 the adversary and its seed; the rest is
// what the contestant writes.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "problems/entrapment/adversary/kind.hpp"
#include "problems/entrapment/game/history.hpp"
#include "problems/entrapment/game/solver.hpp"
#include "problems/entrapment/interaction/interaction.hpp"
#include "protocol/scripted_channel.hpp"

namespace {

using namespace entrapment;

[[noreturn]] void broken(const std::string& what) {
  std::fprintf(stderr, "fuzz invariant broken: %s\n", what.c_str());
  std::abort();
}

TestCase board_for(unsigned index, unsigned adversary) {
  static const std::vector<std::pair<int, SquareSet>> boards = [] {
    std::vector<std::pair<int, SquareSet>> out;
    for (int r = 1; r <= 9; ++r)
      for (unsigned u = 0; u <= kAllSquares; ++u)
        if (is_valid_board(r, static_cast<SquareSet>(u))) out.emplace_back(r, u);
    return out;
  }();
  const auto& [rounds, unavailable] = boards[index % boards.size()];
  TestCase test;
  test.rounds = rounds;
  test.unavailable = labels(unavailable);
  test.adversary.seed = adversary >> 2;
  const AdversaryKind kinds[] = {AdversaryKind::Adaptive, AdversaryKind::Random,
                                 AdversaryKind::Committed, AdversaryKind::Scripted};
  test.adversary.kind = kinds[adversary & 3];
  const bool judge_is_runner = test.winner() == Side::Trapper;
  if (test.adversary.kind == AdversaryKind::Committed && !judge_is_runner)
    test.adversary.kind = AdversaryKind::Random;
  if (test.adversary.kind == AdversaryKind::Scripted) {
    if (judge_is_runner) {
      for (int i = 0; i < rounds; ++i)
        test.adversary.runner_script.push_back((adversary >> (i % 8)) & 1 ? Answer::Yes
                                                                          : Answer::No);
    } else {
      SquareSet open = test.start().available;
      for (int i = 0; i < rounds; ++i) {
        const std::vector<Square> squares = labels(open);
        ScriptedTrapperRound round;
        round.query.assign(squares.begin() + static_cast<long>(squares.size() / 2), squares.end());
        round.block = squares[static_cast<std::size_t>(adversary + i) % squares.size()];
        open &= static_cast<SquareSet>(~single(round.block));
        test.adversary.trapper_script.push_back(round);
      }
    }
  }
  return test;
}

void fuzz_game(const std::uint8_t* data, std::size_t size) {
  if (size < 4) return;
  const TestCase test = board_for(data[1] | (data[2] << 8), data[3]);
  ScriptedChannel channel =
      ScriptedChannel::from_bytes(std::string(reinterpret_cast<const char*>(data + 4), size - 4));
  Transcript transcript;
  const Outcome outcome = interact(test, channel, transcript);
  if (outcome.result == Outcome::Result::JudgeError) broken(outcome.message);
  if (transcript.lines.size() > kTranscriptMaxLines) broken("the transcript outgrew its cap");
  for (const TranscriptLine& line : transcript.lines)
    if (line.text.size() > kTranscriptLineBytes) broken("a transcript line outgrew its cap");
  if (!outcome.accepted()) return;
  const Side winner = test.winner();
  if (transcript.claimed != to_string(winner)) broken("accepted a wrong claim");
  if (winner == Side::Runner) {
    std::vector<RoundRecord> rounds;
    for (const TranscriptRound& r : transcript.round_log)
      rounds.push_back({make_set(r.query), r.answer.value_or(Answer::No), r.block});
    if (path_violation(test.start().available, rounds, transcript.runner_path))
      broken("accepted an invalid proof");
  } else if (transcript.round_log.empty() ||
             transcript.round_log.back().runner_after_move != kEmpty) {
    broken("accepted a Trapper that did not trap");
  }
}

void fuzz_parser(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    const TestCase test = parse_testcase(text);
    // What parses must print back to the same test.
    if (format_testcase(parse_testcase(format_testcase(test))) != format_testcase(test))
      broken("format_testcase does not round-trip");
  } catch (const TestCaseError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  if (data[0] & 1) {
    fuzz_parser(data, size);
  } else {
    fuzz_game(data, size);
  }
  return 0;
}
