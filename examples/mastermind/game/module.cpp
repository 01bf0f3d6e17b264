#include "module.hpp"

#include <memory>

namespace mastermind {

namespace {

using entrapment::GameRecord;
using entrapment::Outcome;
using entrapment::PreparedTest;

class MasterMindTest : public PreparedTest {
 public:
  explicit MasterMindTest(const TestCase& test) : test(test) {}
  TestCase test;
};

const TestCase& test_of(const PreparedTest& test) {
  return dynamic_cast<const MasterMindTest&>(test).test;
}

Outcome::Result result_of(GameResult::Verdict verdict) {
  switch (verdict) {
    case GameResult::Verdict::Accepted:
      return Outcome::Result::Accepted;
    case GameResult::Verdict::WrongAnswer:
      return Outcome::Result::WrongAnswer;
    case GameResult::Verdict::JudgeError:
      break;
  }
  return Outcome::Result::JudgeError;
}

class MasterMindModule : public entrapment::ProblemModule {
 public:
  std::string name() const override { return "mastermind"; }

  // The input file is the whole test; a contest system's answer file adds nothing to it.
  std::shared_ptr<const PreparedTest> parse_test(const std::string& input,
                                                 const std::string& /*answer*/) const override {
    const ParseResult parsed = parse_testcase(input);
    if (!parsed.ok) throw entrapment::TestFileError(parsed.line, parsed.error);
    return std::make_shared<MasterMindTest>(parsed.test);
  }

  std::string contestant_view(const PreparedTest& test) const override {
    return test_of(test).first_line() + "\n";
  }

  // Nothing to compare: the judge decides from the game alone.
  std::string answer_file(const PreparedTest& /*test*/) const override { return ""; }

  // The game's lines become the record's; a round is a guess with its answer (0: the first
  // line, before any guess).
  Outcome play(const PreparedTest& test, entrapment::Channel& channel,
               GameRecord& record) const override {
    const auto account = std::make_shared<GameAccount>();
    record.payload = account;
    account->test = test_of(test);
    account->result = play_game(account->test, channel);
    int round = 0;
    for (const TranscriptLine& line : account->result.lines) {
      if (line.from_contestant) ++round;
      entrapment::GameLine kept;
      kept.from_contestant = line.from_contestant;
      kept.round = round;
      kept.text = line.text;
      kept.cut = line.cut;
      record.lines.push_back(kept);
    }
    record.lines_dropped = account->result.lines_dropped;
    return Outcome(result_of(account->result.verdict), account->result.message);
  }

  std::string input_validator_program() const override { return "mastermind/input_validator"; }
};

}  // namespace

const entrapment::ProblemModule& mastermind_module() {
  static const MasterMindModule module;
  return module;
}

const GameAccount* mastermind_account(const GameRecord& record) {
  return dynamic_cast<const GameAccount*>(record.payload.get());
}

std::string GameAccount::to_json() const {
  using entrapment::json_string;
  std::string out = "{\n";
  out += "  \"pins\": " + std::to_string(test.pins) + ",\n";
  out += "  \"colours\": " + std::to_string(test.colours) + ",\n";
  out += "  \"guesses_allowed\": " + std::to_string(test.guesses) + ",\n";
  out += "  \"adversary\": " + json_string(to_string(test.adversary.kind)) + ",\n";
  out += "  \"verdict\": " + json_string(to_string(result.verdict)) + ",\n";
  out += "  \"message\": " + json_string(result.message) + ",\n";
  out += "  \"guesses\": " + std::to_string(result.guesses) + ",\n";
  out += "  \"code_revealed\": " + json_string(result.code_revealed) + ",\n";
  out += "  \"lines\": [";
  for (std::size_t i = 0; i < result.lines.size(); ++i) {
    const TranscriptLine& line = result.lines[i];
    out += i ? ",\n    " : "\n    ";
    out += std::string("{\"from\": ") + (line.from_contestant ? "\"contestant\"" : "\"judge\"") +
           ", \"text\": " + json_string(line.text) + (line.cut ? ", \"cut\": true" : "") + "}";
  }
  out += result.lines.empty() ? "]" : "\n  ]";
  if (result.lines_dropped)
    out += ",\n  \"lines_dropped\": " + std::to_string(result.lines_dropped);
  return out + "\n}\n";
}

}  // namespace mastermind
