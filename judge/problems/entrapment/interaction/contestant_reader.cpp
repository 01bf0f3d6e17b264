#include "contestant_reader.hpp"

#include "protocol/tokens.hpp"

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
  if (round_ == 0) return say(Message::where_before);
  if (round_ > rounds_) return say(Message::where_after, {{"rounds", std::to_string(rounds_)}});
  return say(Message::where_round, {{"round", std::to_string(round_)}});
}

void ContestantReader::fail(const std::string& message, bool protocol) const {
  throw WrongAnswer(say(Message::located, {{"where", where()}, {"message", message}}), protocol);
}

template <typename Said>
std::string ContestantReader::next_line(const Said& said) {
  LineRead read = channel_.read_line();
  if (read.status == LineRead::Status::End) fail(say(Message::output_ended, {{"what", said()}}));
  if (read.status == LineRead::Status::TooLong) {
    transcript_.add_line(true, round_, read.text);
    fail(say(Message::line_too_long, {{"what", said()}, {"limit", std::to_string(kMaxLineBytes)}}));
  }
  strip_carriage_return(read.text);
  transcript_.add_line(true, round_, read.text);
  return read.text;
}

std::string ContestantReader::word(std::initializer_list<const char*> words, Message what) {
  const auto expected = [&] {
    std::string out;
    for (const char* w : words) out += (out.empty() ? "" : " or ") + std::string(w);
    return out;
  };
  const std::string line = next_line([&] {
    return say(Message::word_wanted, {{"what", say(what)}, {"words", expected()}});
  });
  const std::vector<std::string> got = split_blanks(line);
  if (got.size() == 1)
    for (const char* w : words)
      if (got[0] == w) return w;
  fail(say(Message::not_the_word,
           {{"what", say(what)}, {"words", expected()}, {"line", quote(line)}}));
}

int ContestantReader::integer(int low, int high, Message what) {
  const auto wanted = [&] {
    return say(Message::integer_wanted,
               {{"what", say(what)}, {"low", std::to_string(low)}, {"high", std::to_string(high)}});
  };
  const std::string line = next_line(wanted);
  const std::vector<std::string> got = split_blanks(line);
  if (got.size() != 1) fail(say(Message::not_alone, {{"what", wanted()}, {"line", quote(line)}}));
  const Optional<long long> value = parse_integer(got[0]);
  if (!value)
    fail(say(Message::not_an_integer_alone, {{"what", wanted()}, {"token", quote(got[0])}}));
  if (*value < low || *value > high)
    fail(say(Message::out_of_range_alone, {{"what", wanted()}, {"token", got[0]}}));
  return static_cast<int>(*value);
}

std::vector<int> ContestantReader::integers(std::size_t count, int low, int high, Message what) {
  const auto wanted = [&] {
    return say(Message::integers_wanted, {{"what", say(what)},
                                          {"count", std::to_string(count)},
                                          {"low", std::to_string(low)},
                                          {"high", std::to_string(high)}});
  };
  const std::vector<std::string> got = split_blanks(next_line(wanted));
  if (got.size() != count)
    fail(say(
        Message::token_count,
        {{"what", wanted()}, {"tokens", count_of(static_cast<long long>(got.size()), "token")}}));
  std::vector<int> out;
  for (const std::string& token : got) {
    const Optional<long long> value = parse_integer(token);
    if (!value) fail(say(Message::not_an_integer, {{"what", say(what)}, {"token", quote(token)}}));
    if (*value < low || *value > high)
      fail(say(Message::outside_range, {{"what", say(what)},
                                        {"token", token},
                                        {"low", std::to_string(low)},
                                        {"high", std::to_string(high)}}));
    out.push_back(static_cast<int>(*value));
  }
  return out;
}

std::vector<Square> ContestantReader::labels(std::size_t count, SquareSet allowed, Message what,
                                             bool skip_one_blank) {
  const auto wanted = [&] {
    return say(Message::labels_wanted,
               {{"what", say(what)},
                {"labels", count_of(static_cast<long long>(count), "distinct square label")}});
  };
  std::vector<std::string> got = split_blanks(next_line(wanted));
  if (got.empty() && skip_one_blank) got = split_blanks(next_line(wanted));
  if (got.size() != count)
    fail(say(
        Message::token_count,
        {{"what", wanted()}, {"tokens", count_of(static_cast<long long>(got.size()), "token")}}));
  std::vector<Square> out;
  SquareSet seen = kEmpty;
  for (const std::string& token : got) {
    const Optional<long long> value = parse_integer(token);
    if (!value) fail(say(Message::not_an_integer, {{"what", say(what)}, {"token", quote(token)}}));
    if (!is_label(static_cast<int>(*value)) || *value != static_cast<int>(*value))
      fail(say(Message::not_a_label, {{"what", say(what)}, {"token", token}}));
    const Square s = static_cast<Square>(*value);
    if (contains(seen, s))
      fail(say(Message::listed_twice, {{"what", say(what)}, {"token", token}}));
    if (!contains(allowed, s))
      fail(say(Message::not_available,
               {{"what", say(what)}, {"token", token}, {"available", describe(allowed)}}));
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
      fail(say(Message::more_after_game, {{"line", quote(read.text)}}));
    }
    ++transcript_.blank_lines_after_game;
    bytes += read.text.size() + 1;
    if (bytes > kMaxLineBytes)
      fail(say(Message::blank_lines_after_game,
               {{"limit", std::to_string(kMaxLineBytes)},
                {"lines", std::to_string(transcript_.blank_lines_after_game)}}));
  }
}

}  // namespace entrapment
