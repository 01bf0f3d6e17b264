#include "contestant_reader.hpp"

#include "../protocol/tokens.hpp"

namespace entrapment {

namespace {

// The one whitespace rule of every read: a '\r' before the line end is ignored ...
void strip_carriage_return(std::string& line) {
  if (!line.empty() && line.back() == '\r') line.pop_back();
}

// ... and spaces and tabs separate tokens: a blank line holds no token.
bool is_blank(std::string line) {
  strip_carriage_return(line);
  return split_blanks(line).empty();
}

}  // namespace

std::string ContestantReader::where() const {
  if (round_ == 0) return "before the first round";
  if (round_ > rounds_) return "after round " + std::to_string(rounds_);
  return "round " + std::to_string(round_);
}

void ContestantReader::fail(const std::string& message, bool protocol) const {
  throw WrongAnswer(where() + ": " + message, protocol);
}

std::string ContestantReader::next_line(const std::string& what) {
  LineRead read = channel_.read_line();
  if (read.status == LineRead::Status::End) fail("expected " + what + ", but the output ended");
  if (read.status == LineRead::Status::TooLong) {
    transcript_.add_line(true, round_, read.text);
    fail("expected " + what + ", got a line longer than " + std::to_string(kMaxLineBytes) +
         " bytes");
  }
  strip_carriage_return(read.text);
  transcript_.add_line(true, round_, read.text);
  return read.text;
}

std::vector<std::string> ContestantReader::tokens(const std::string& what) {
  return split_blanks(next_line(what));
}

std::vector<std::string> ContestantReader::tokens_skipping_one_blank(const std::string& what) {
  std::vector<std::string> out = tokens(what);
  return out.empty() ? tokens(what) : out;
}

std::string ContestantReader::word(const std::vector<std::string>& words, const std::string& what) {
  std::string expected;
  for (const std::string& w : words) expected += (expected.empty() ? "" : " or ") + w;
  const std::string line = next_line(what + " (" + expected + ")");
  const std::vector<std::string> got = split_blanks(line);
  if (got.size() == 1)
    for (const std::string& w : words)
      if (got[0] == w) return w;
  fail("expected " + what + " (" + expected + ", exactly), got " + quote(line));
}

int ContestantReader::integer(int low, int high, const std::string& what) {
  const std::string range =
      " (an integer " + std::to_string(low) + ".." + std::to_string(high) + ")";
  const std::string line = next_line(what + range);
  const std::vector<std::string> got = split_blanks(line);
  if (got.size() != 1) fail("expected " + what + range + " alone on its line, got " + quote(line));
  const Optional<long long> value = parse_integer(got[0]);
  if (!value) fail("expected " + what + range + ", got " + quote(got[0]) + ", not an integer");
  if (*value < low || *value > high)
    fail("expected " + what + range + ", got " + got[0] + ", out of range");
  return static_cast<int>(*value);
}

std::vector<int> ContestantReader::integers(std::size_t count, int low, int high,
                                            const std::string& what) {
  const std::string expected = std::to_string(count) + " integers " + std::to_string(low) + ".." +
                               std::to_string(high) + " on one line";
  const std::vector<std::string> got = tokens(what + ", " + expected);
  if (got.size() != count)
    fail("expected " + what + ", " + expected + ", got " + std::to_string(got.size()) + " token" +
         (got.size() == 1 ? "" : "s"));
  std::vector<int> out;
  for (const std::string& token : got) {
    const Optional<long long> value = parse_integer(token);
    if (!value) fail(what + ": " + quote(token) + " is not an integer");
    if (*value < low || *value > high)
      fail(what + ": " + token + " is outside " + std::to_string(low) + ".." +
           std::to_string(high));
    out.push_back(static_cast<int>(*value));
  }
  return out;
}

std::vector<Square> ContestantReader::labels(std::size_t count, SquareSet allowed,
                                             const std::string& what, bool skip_one_blank) {
  const std::string expected =
      std::to_string(count) + " distinct square label" + (count == 1 ? "" : "s") + " on one line";
  const std::vector<std::string> got = skip_one_blank
                                           ? tokens_skipping_one_blank(what + ", " + expected)
                                           : tokens(what + ", " + expected);
  if (got.size() != count)
    fail("expected " + what + ", " + expected + ", got " + std::to_string(got.size()) + " token" +
         (got.size() == 1 ? "" : "s"));
  std::vector<Square> out;
  SquareSet seen = kEmpty;
  for (const std::string& token : got) {
    const Optional<long long> value = parse_integer(token);
    if (!value) fail(what + ": " + quote(token) + " is not an integer");
    if (!is_label(static_cast<int>(*value)) || *value != static_cast<int>(*value))
      fail(what + ": " + token + " is not a square label (1..9)");
    const Square s = static_cast<Square>(*value);
    if (contains(seen, s)) fail(what + ": square " + token + " is listed twice");
    if (!contains(allowed, s))
      fail(what + ": square " + token + " is not available (available: " + describe(allowed) + ")");
    seen |= single(s);
    out.push_back(s);
  }
  return out;
}

void ContestantReader::expect_end() {
  // Bytes after the game, newlines included: capped like one line, so a program that floods
  // blank lines is stopped after 1 MiB instead of being read (and stored) without end.
  std::size_t bytes = 0;
  for (;;) {
    LineRead read = channel_.read_line();
    if (read.status == LineRead::Status::End) return;
    if (read.status == LineRead::Status::TooLong || !is_blank(read.text)) {
      transcript_.add_line(true, round_, read.text);
      fail("the game is over, but the program wrote more: " + quote(read.text));
    }
    ++transcript_.blank_lines_after_game;
    bytes += read.text.size() + 1;
    if (bytes > kMaxLineBytes)
      fail("the game is over, but the program wrote more than " + std::to_string(kMaxLineBytes) +
           " bytes of blank lines after it (" + std::to_string(transcript_.blank_lines_after_game) +
           " lines)");
  }
}

}  // namespace entrapment
