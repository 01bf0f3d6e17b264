#include "person_input.hpp"

#include <set>

#include "protocol/tokens.hpp"

namespace entrapment {

namespace {

using Kind = ExpectedLine::Kind;

std::string list_of(SquareSet set) { return set == kEmpty ? "none" : join_labels(set); }

std::string word_problem(const std::string& line, const std::string& a, const std::string& b) {
  const std::vector<std::string> tokens = split_blanks(line);
  if (tokens.size() == 1 && (tokens[0] == a || tokens[0] == b)) return "";
  std::string hint;
  if (tokens.size() == 1) {
    for (const std::string& word : {a, b}) {
      std::string lower_word = word, lower_token = tokens[0];
      for (char& c : lower_word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      for (char& c : lower_token)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (lower_word == lower_token) hint = " (words are case-sensitive: " + word + ")";
    }
  }
  return "expected " + a + " or " + b + ", got " + quote(line) + hint;
}

// `count` labels (count < 0: any number from 1 up), distinct, each in `allowed`.
std::string labels_problem(const std::string& line, int count, SquareSet allowed, int low = 1) {
  const std::vector<std::string> tokens = split_blanks(line);
  if (count >= 0 && static_cast<int>(tokens.size()) != count)
    return "expected " + std::to_string(count) + (count == 1 ? " square" : " squares") +
           " on the line, got " + std::to_string(tokens.size());
  std::set<long long> seen;
  for (const std::string& token : tokens) {
    const std::optional<long long> value = parse_integer(token);
    if (!value || *value < low || *value > 9) return quote(token) + " is not a square (1 to 9)";
    if (allowed != kAllSquares && !contains(allowed, static_cast<Square>(*value)))
      return "square " + token + " is not available (available: " + list_of(allowed) + ")";
    if (allowed != kAllSquares && !seen.insert(*value).second)
      return "square " + token + " is listed twice";
  }
  return "";
}

}  // namespace

ExpectedLine PersonInput::expected(const Transcript& t) const {
  ExpectedLine e;
  const int round = t.round_log.empty() ? 0 : t.round_log.back().round;
  const SquareSet available = t.round_log.empty()
                                  ? static_cast<SquareSet>(kAllSquares & ~test_.unavailable_set())
                                  : t.round_log.back().available_before;
  if (t.claimed.empty() && last_sent_ == Kind::None) {
    e.kind = Kind::Claim;
    e.what = "the side that wins with optimal play: Runner or Trapper";
    return e;
  }
  const bool runner = t.claimed == "Runner";
  const bool judge_spoke_last = !t.lines.empty() && !t.lines.back().from_contestant;
  if (runner) {
    if (!judge_spoke_last && last_sent_ == Kind::Move) {
      e.kind = Kind::Proof;
      e.round = test_.rounds + 1;
      e.count = test_.rounds + 1;
      e.what = "your proof: " + std::to_string(e.count) +
               " squares, the start and the square after each move";
      return e;
    }
    e.round = round;
    if (!t.round_log.empty() && t.round_log.back().block != 0) {
      e.kind = Kind::Move;
      e.what = "Free (you moved), or Trapped";
    } else {
      e.kind = Kind::Answer;
      e.what = "your answer: Yes (you are in one of the squares asked) or No";
    }
    return e;
  }
  // The contestant is the Trapper.
  e.round = round;
  e.available = available;
  if (!judge_spoke_last && last_sent_ == Kind::QuerySize && last_size_ > 0) {
    e.kind = Kind::QueryLabels;
    e.count = last_size_;
    e.what = (last_size_ == 1 ? std::string("the square")
                              : "the " + std::to_string(last_size_) + " squares") +
             " of your query (available: " + list_of(available) + ")";
  } else if (judge_spoke_last && (t.lines.back().text == "Yes" || t.lines.back().text == "No")) {
    e.kind = Kind::Block;
    e.what = "the square you block (available: " + list_of(available) + ")";
  } else {
    e.kind = Kind::QuerySize;
    e.what = "N, how many squares you ask about (0 to " + std::to_string(size(available)) + ")";
  }
  return e;
}

std::string PersonInput::problem(const ExpectedLine& e, const std::string& line) {
  switch (e.kind) {
    case Kind::Claim:
      return word_problem(line, "Runner", "Trapper");
    case Kind::Answer:
      return word_problem(line, "Yes", "No");
    case Kind::Move:
      return word_problem(line, "Free", "Trapped");
    case Kind::Proof:
      return labels_problem(line, e.count, kAllSquares);
    case Kind::QuerySize: {
      const std::vector<std::string> tokens = split_blanks(line);
      const int most = size(e.available);
      const std::optional<long long> n =
          tokens.size() == 1 ? parse_integer(tokens[0]) : std::nullopt;
      if (!n || *n < 0 || *n > most)
        return "expected one integer from 0 to " + std::to_string(most) + ", got " + quote(line);
      return "";
    }
    case Kind::QueryLabels:
      return labels_problem(line, e.count, e.available);
    case Kind::Block:
      return labels_problem(line, 1, e.available);
    case Kind::None:
      return "";
  }
  return "";
}

void PersonInput::sent(const ExpectedLine& e, const std::string& line) {
  last_sent_ = e.kind;
  if (e.kind == Kind::QuerySize) {
    const std::vector<std::string> tokens = split_blanks(line);
    const std::optional<long long> n = tokens.size() == 1 ? parse_integer(tokens[0]) : std::nullopt;
    last_size_ = n ? static_cast<int>(*n) : 0;
  }
}

}  // namespace entrapment
