#include "testcase.hpp"

#include <vector>

#include "solver.hpp"
#include "text.hpp"

namespace mastermind {

namespace {

// The first fault of a file, with its line; thrown only inside this file, to stop parsing at
// the first fault without threading a result through every helper.
struct Fault {
  int line;
  std::string what;
};

// The file's lines without their '\n'. A last line without one is kept and refused only when it
// is reached, so that the fault named is always the first in the file.
class Lines {
 public:
  explicit Lines(const std::string& text) {
    if (text.empty()) throw Fault{1, "the file is empty"};
    if (text.size() > kMaxTestFileBytes)
      throw Fault{0, "the file is longer than " + std::to_string(kMaxTestFileBytes) + " bytes"};
    std::string current;
    for (char c : text) {
      if (c == '\n') {
        lines_.push_back(current);
        current.clear();
      } else {
        current += c;
      }
    }
    unterminated_ = text.back() != '\n';
    if (unterminated_) lines_.push_back(current);
  }

  // Line `number` (1-based); `wanted` says what it should hold when it is missing.
  const std::string& at(int number, const std::string& wanted) const {
    const std::size_t i = static_cast<std::size_t>(number - 1);
    if (i >= lines_.size()) throw Fault{number, "missing line: expected " + wanted};
    if (unterminated_ && i + 1 == lines_.size())
      throw Fault{number, "the last line " + quote(lines_[i]) + " does not end with a newline"};
    return lines_[i];
  }
  std::size_t size() const { return lines_.size(); }
  // Line `number` as it is, ended or not (for a line that should not be there at all).
  const std::string& raw(int number) const { return lines_[static_cast<std::size_t>(number - 1)]; }

 private:
  std::vector<std::string> lines_;
  bool unterminated_ = false;
};

std::vector<std::string> tokens_of(const std::string& line, int number) {
  const std::string fault = spacing_fault(line);
  if (!fault.empty()) throw Fault{number, fault + " in " + quote(line)};
  return split_spaces(line);
}

unsigned long long number(const std::string& token, unsigned long long low, unsigned long long high,
                          const std::string& name, int line) {
  const std::string fault = integer_fault(token);
  if (!fault.empty()) throw Fault{line, name + ": " + fault};
  const unsigned long long value = integer_value(token, high);
  if (value < low || value > high)
    throw Fault{line, name + " = " + quote(token) + " is outside " + std::to_string(low) + ".." +
                          std::to_string(high)};
  return value;
}

void parse_shape(const std::string& line, TestCase& test) {
  const std::vector<std::string> tokens = tokens_of(line, 1);
  if (tokens.size() != 3)
    throw Fault{1,
                "expected 3 integers \"P C G\", got " + std::to_string(tokens.size()) + " tokens"};
  test.pins = static_cast<int>(number(tokens[0], kMinPins, kMaxPins, "P", 1));
  test.colours = static_cast<int>(number(tokens[1], kMinColours, kMaxColours, "C", 1));
  const int least = minimum_guesses(test.pins, test.colours);
  test.guesses = static_cast<int>(number(tokens[2], 1, kMaxGuesses, "G", 1));
  if (test.guesses < least)
    throw Fault{1, "G = " + tokens[2] + " is below " + std::to_string(least) +
                       ", the guesses the lexicographic strategy needs with P = " + tokens[0] +
                       " and C = " + tokens[1]};
}

void parse_adversary(const std::string& line, TestCase& test) {
  const std::vector<std::string> tokens = tokens_of(line, 2);
  AdversarySpec& spec = test.adversary;
  const std::string& name = tokens[0];
  if (name == "fixed") {
    spec.kind = AdversaryKind::Fixed;
    if (tokens.size() != static_cast<std::size_t>(test.pins) + 1)
      throw Fault{2, "fixed: expected the code's " + std::to_string(test.pins) + " colours (P = " +
                         std::to_string(test.pins) + "), got " + std::to_string(tokens.size() - 1)};
    for (std::size_t i = 1; i < tokens.size(); ++i)
      spec.code.push_back(
          static_cast<int>(number(tokens[i], 1, static_cast<unsigned long long>(test.colours),
                                  "fixed: colour " + std::to_string(i), 2)));
    return;
  }
  if (name == "random") {
    spec.kind = AdversaryKind::Random;
    if (tokens.size() != 2) throw Fault{2, "random: expected \"random SEED\""};
    spec.seed = number(tokens[1], 0, kSeedLimit - 1, "random: SEED", 2);
    return;
  }
  if (name == "largest" || name == "lexicographic-worst") {
    spec.kind = name == "largest" ? AdversaryKind::Largest : AdversaryKind::LexicographicWorst;
    if (tokens.size() != 1) throw Fault{2, name + ": expected nothing after the name"};
    return;
  }
  throw Fault{2, "unknown adversary " + quote(name) +
                     " (expected fixed, random, largest or lexicographic-worst)"};
}

}  // namespace

std::string TestCase::first_line() const {
  return std::to_string(pins) + " " + std::to_string(colours) + " " + std::to_string(guesses);
}

std::string ParseResult::message() const {
  return line > 0 ? "line " + std::to_string(line) + ": " + error : error;
}

ParseResult parse_testcase(const std::string& text) {
  ParseResult result;
  try {
    const Lines lines(text);
    parse_shape(lines.at(1, "\"P C G\""), result.test);
    parse_adversary(lines.at(2, "the adversary"), result.test);
    if (lines.size() > 2) {
      // A third line that is empty is what a file with a blank line at its end has.
      throw Fault{3, "unexpected line " + quote(lines.raw(3)) + " after the adversary"};
    }
    result.ok = true;
  } catch (const Fault& fault) {
    result.line = fault.line;
    result.error = fault.what;
    result.test = TestCase();
  } catch (...) {
    // Only running out of memory can land here; a file of a few bytes does not.
    result.line = 0;
    result.error = "out of memory while reading the test file";
    result.test = TestCase();
  }
  return result;
}

std::string format_testcase(const TestCase& test) {
  std::string out = test.first_line() + "\n" + to_string(test.adversary.kind);
  if (test.adversary.kind == AdversaryKind::Fixed) out += " " + format_code(test.adversary.code);
  if (test.adversary.kind == AdversaryKind::Random)
    out += " " + std::to_string(test.adversary.seed);
  return out + "\n";
}

}  // namespace mastermind
