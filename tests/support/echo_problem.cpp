#include "echo_problem.hpp"

#include <memory>

namespace entrapment {
namespace testing {

namespace {

constexpr long long kMostNumber = 1000000000;
constexpr std::size_t kKeptLineBytes = 200;  // of a contestant's line, in the record

// Spaces and tabs separate tokens; a '\r' before the line's end is ignored.
std::vector<std::string> tokens_of(std::string line) {
  if (!line.empty() && line.back() == '\r') line.pop_back();
  std::vector<std::string> tokens;
  std::string token;
  for (char c : line) {
    if (c == ' ' || c == '\t') {
      if (!token.empty()) tokens.push_back(token);
      token.clear();
    } else {
      token += c;
    }
  }
  if (!token.empty()) tokens.push_back(token);
  return tokens;
}

// N in 0..10^9, in digits, without leading zeros: -1 when `text` is not one.
long long number_of(const std::string& text) {
  if (text.empty() || text.size() > 10 || (text.size() > 1 && text[0] == '0')) return -1;
  long long value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return -1;
    value = value * 10 + (c - '0');
  }
  return value <= kMostNumber ? value : -1;
}

std::string quoted(const std::string& text) {
  return "\"" + (text.size() > 60 ? text.substr(0, 60) + "..." : text) + "\"";
}

const EchoTest& echo_test_of(const PreparedTest& test) {
  return dynamic_cast<const EchoTest&>(test);
}

// One game: the lines go to the record and the account alike.
class EchoGame {
 public:
  EchoGame(const EchoTest& test, Channel& channel, GameRecord& record)
      : test_(test), channel_(channel), record_(record), account_(std::make_shared<EchoAccount>()) {
    account_->number = test.number;
    account_->bye = test.bye;
    record_.payload = account_;  // before the first line, as the contract asks
  }

  Outcome play() {
    const std::string answer = "pong " + std::to_string(test_.number);
    send("ping " + std::to_string(test_.number) + (test_.bye ? " bye" : ""));
    const LineRead read = channel_.read_line();
    if (read.status == LineRead::Status::End)
      return wrong("expected " + quoted(answer) + ", but the output ended");
    note(true, read.text);
    if (read.status == LineRead::Status::TooLong)
      return wrong("expected " + quoted(answer) + ", got a line longer than " +
                   std::to_string(kMaxLineBytes) + " bytes");
    const std::vector<std::string> tokens = tokens_of(read.text);
    if (tokens.size() != 2 || tokens[0] != "pong" || number_of(tokens[1]) != test_.number)
      return wrong("expected " + quoted(answer) + ", got " + quoted(read.text));
    if (test_.bye) send("bye");
    // Only blank lines may follow, at most kMaxLineBytes of them in all, like one line: a flood
    // of them is stopped there, never read (or kept) without end.
    std::size_t bytes = 0;
    for (;;) {
      const LineRead after = channel_.read_line();
      if (after.status == LineRead::Status::End)
        return Outcome(Outcome::Result::Accepted, "answered " + quoted(answer));
      if (after.status == LineRead::Status::TooLong || !tokens_of(after.text).empty()) {
        note(true, after.text);
        return wrong("the game is over, but the program wrote more: " + quoted(after.text));
      }
      ++account_->blank_lines_after_game;
      bytes += after.text.size() + 1;
      if (bytes > kMaxLineBytes)
        return wrong("the game is over, but the program wrote more than " +
                     std::to_string(kMaxLineBytes) + " bytes of blank lines after it (" +
                     std::to_string(account_->blank_lines_after_game) + " lines)");
    }
  }

 private:
  void note(bool from_contestant, const std::string& text) {
    GameLine line;
    line.from_contestant = from_contestant;
    line.round = 1;
    line.cut = text.size() > kKeptLineBytes;
    line.text = line.cut ? text.substr(0, kKeptLineBytes) : text;
    record_.lines.push_back(line);
    account_->lines.push_back(line);
  }
  void send(const std::string& line) {
    note(false, line);
    channel_.write_line(line);  // a contestant that is gone shows in what it wrote (or not)
  }
  // A protocol break: "-1", as the real problems send.
  Outcome wrong(const std::string& message) {
    send("-1");
    return Outcome(Outcome::Result::WrongAnswer, message);
  }

  const EchoTest& test_;
  Channel& channel_;
  GameRecord& record_;
  std::shared_ptr<EchoAccount> account_;
};

class EchoModule : public ProblemModule {
 public:
  std::string name() const override { return "echo"; }

  std::shared_ptr<const PreparedTest> parse_test(const std::string& input,
                                                 const std::string& /*answer*/) const override {
    const std::size_t end = input.find('\n');
    const std::string first = input.substr(0, end);
    if (end != std::string::npos && end + 1 < input.size())
      throw TestFileError(2, "expected the end of the file after the one line");
    const std::vector<std::string> tokens = tokens_of(first);
    if (tokens.empty() || tokens.size() > 2 || (tokens.size() == 2 && tokens[1] != "bye"))
      throw TestFileError(1, "expected \"N\" or \"N bye\", got " + quoted(first));
    const long long number = number_of(tokens[0]);
    if (number < 0) throw TestFileError(1, "N: " + quoted(tokens[0]) + " is not in 0..10^9");
    return std::make_shared<EchoTest>(number, tokens.size() == 2);
  }

  std::string contestant_view(const PreparedTest& test) const override {
    const EchoTest& echo = echo_test_of(test);
    return "ping " + std::to_string(echo.number) + (echo.bye ? " bye" : "") + "\n";
  }

  std::string answer_file(const PreparedTest& /*test*/) const override { return ""; }

  Outcome play(const PreparedTest& test, Channel& channel, GameRecord& record) const override {
    const EchoTest* echo = dynamic_cast<const EchoTest*>(&test);
    if (!echo) return Outcome(Outcome::Result::JudgeError, "judge error: not a test of echo");
    return EchoGame(*echo, channel, record).play();
  }

  // The tests' game has no package, hence no input validator.
  std::string input_validator_program() const override { return ""; }
};

}  // namespace

const ProblemModule& echo_module() {
  static const EchoModule module;
  return module;
}

std::string EchoAccount::to_json() const {
  std::string out = "{\n  \"number\": " + std::to_string(number) +
                    ",\n  \"bye\": " + (bye ? "true" : "false") + ",\n  \"lines\": [";
  for (std::size_t i = 0; i < lines.size(); ++i) {
    out += i ? ",\n    " : "\n    ";
    out +=
        std::string("{\"from\": ") + (lines[i].from_contestant ? "\"contestant\"" : "\"judge\"") +
        ", \"text\": " + json_string(lines[i].text) + (lines[i].cut ? ", \"cut\": true" : "") + "}";
  }
  out += lines.empty() ? "]" : "\n  ]";
  if (blank_lines_after_game)
    out += ",\n  \"blank_lines_after_game\": " + std::to_string(blank_lines_after_game);
  return out + "\n}\n";
}

}  // namespace testing
}  // namespace entrapment
