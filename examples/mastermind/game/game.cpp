#include "game.hpp"

#include <memory>

#include "adversary.hpp"
#include "text.hpp"

namespace mastermind {

namespace {

// What is wrong with a guess line, or "" for a guess of P colours in 1..C written exactly as
// "c_1 c_2 ... c_P". Nothing is tolerated (no tab, no '\r', no sign or leading zero): a line is
// either the one way to write its guess or refused, so no contestant is judged by a reading
// that another judge would not share.
std::string guess_fault(const std::string& line, int pins, int colours) {
  const std::string spacing = spacing_fault(line);
  if (!spacing.empty()) return spacing + " in " + quote(line);
  const std::vector<std::string> tokens = split_spaces(line);
  for (const std::string& token : tokens) {
    const std::string fault = integer_fault(token);
    if (!fault.empty()) return fault + " in " + quote(line);
  }
  if (tokens.size() != static_cast<std::size_t>(pins))
    return "expected " + std::to_string(pins) + " numbers (P = " + std::to_string(pins) +
           "), got " + std::to_string(tokens.size()) + " in " + quote(line);
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::uint64_t value = integer_value(tokens[i], static_cast<std::uint64_t>(colours));
    if (value < 1 || value > static_cast<std::uint64_t>(colours))
      return "colour " + quote(tokens[i]) + " of pin " + std::to_string(i + 1) + " is outside 1.." +
             std::to_string(colours);
  }
  return "";
}

Code parse_guess(const std::string& line) {
  Code code;
  for (const std::string& token : split_spaces(line))
    code.push_back(static_cast<int>(integer_value(token, kMaxColours)));
  return code;
}

class Game {
 public:
  Game(const TestCase& test, entrapment::Channel& channel, GameResult& result)
      : test_(test), channel_(channel), result_(result), consistent_(test.pins, test.colours) {}

  // `adversary` null: the test could not make one.
  void play(Adversary* adversary) {
    if (!adversary || !valid_shape(test_.pins, test_.colours) || test_.guesses < 1 ||
        test_.guesses > kMaxGuesses)
      return judge_error("the test case is invalid (" + test_.first_line() + ")");
    send(test_.first_line());
    for (int number = 1; number <= test_.guesses; ++number) {
      const std::string where = "guess " + std::to_string(number);
      const entrapment::LineRead read = channel_.read_line();
      if (read.status == entrapment::LineRead::Status::End) {
        result_.code_revealed = format_code(adversary->reveal());
        return protocol_error("end of input before the game was won (" + where + " expected, " +
                              std::to_string(number - 1) + " answered)");
      }
      record(true, read.text);
      if (read.status == entrapment::LineRead::Status::TooLong) {
        result_.code_revealed = format_code(adversary->reveal());
        return protocol_error(where + ": the line is too long (more than " +
                              std::to_string(entrapment::kMaxLineBytes) + " bytes)");
      }
      const std::string fault = guess_fault(read.text, test_.pins, test_.colours);
      if (!fault.empty()) {
        result_.code_revealed = format_code(adversary->reveal());
        return protocol_error(where + ": " + fault);
      }
      const Code guess = parse_guess(read.text);
      const Hint hint = adversary->answer(guess);
      if (!consistent_.record(guess, hint))
        return judge_error(where +
                           ": the judge's answers are consistent with no code (it answered " +
                           quote(format_hint(hint)) + " to " + quote(read.text) + ")");
      send(format_hint(hint));
      result_.guesses = number;
      result_.code_revealed = format_code(adversary->reveal());
      if (hint.black == test_.pins) return after_win(number);
    }
    finish(GameResult::Verdict::WrongAnswer,
           "the code was not found in " + std::to_string(test_.guesses) +
               " guesses; a code consistent with every answer: " + result_.code_revealed);
  }

 private:
  void record(bool from_contestant, const std::string& text) {
    if (result_.lines.size() >= kTranscriptMaxLines) {
      ++result_.lines_dropped;
      return;
    }
    TranscriptLine line;
    line.from_contestant = from_contestant;
    line.cut = text.size() > kTranscriptLineBytes;
    line.text = line.cut ? text.substr(0, kTranscriptLineBytes) : text;
    result_.lines.push_back(line);
  }

  // A failed write is not judged: the contestant may have exited after its last guess, and the
  // verdict must depend on what it wrote, not on when the system noticed it stopped reading. If
  // it still owed a guess, the next read finds the end of its output.
  void send(const std::string& line) {
    record(false, line);
    channel_.write_line(line);
  }

  void finish(GameResult::Verdict verdict, const std::string& message) {
    result_.verdict = verdict;
    result_.message = message;
  }

  void protocol_error(const std::string& message) {
    send("-1");
    finish(GameResult::Verdict::WrongAnswer, message);
  }

  void judge_error(const std::string& message) {
    finish(GameResult::Verdict::JudgeError, "judge error: " + message);
  }

  // Once the code is found the contestant must exit. Nothing at all may follow, not even a blank
  // line: guesses are read just as strictly, and stopping at the first line read means a
  // contestant that floods is never read further. No -1 is sent: the game is over and was
  // announced won; the verdict alone says the tail was wrong.
  void after_win(int number) {
    const entrapment::LineRead read = channel_.read_line();
    if (read.status == entrapment::LineRead::Status::End)
      return finish(GameResult::Verdict::Accepted, "found the code " + result_.code_revealed +
                                                       " in " + std::to_string(number) + " of " +
                                                       std::to_string(test_.guesses) + " guesses");
    record(true, read.text);
    finish(GameResult::Verdict::WrongAnswer, "wrote after the game was won (guess " +
                                                 std::to_string(number) +
                                                 " found the code): " + quote(read.text));
  }

  const TestCase& test_;
  entrapment::Channel& channel_;
  GameResult& result_;
  ConsistentSet consistent_;
};

// Runs `play` on a fresh result; whatever escapes it (no memory, a keeper that throws) is the
// judge's fault, never the contestant's.
template <typename Play>
GameResult guarded(const Play& play) {
  GameResult result;
  try {
    play(result);
  } catch (const std::exception& e) {
    result.verdict = GameResult::Verdict::JudgeError;
    result.message = std::string("judge error: ") + e.what();
  } catch (...) {
    result.verdict = GameResult::Verdict::JudgeError;
    result.message = "judge error: an unknown exception";
  }
  return result;
}

}  // namespace

const char* to_string(GameResult::Verdict verdict) {
  switch (verdict) {
    case GameResult::Verdict::Accepted:
      return "AC";
    case GameResult::Verdict::WrongAnswer:
      return "WA";
    case GameResult::Verdict::JudgeError:
      return "JE";
  }
  return "JE";
}

GameResult play_game(const TestCase& test, entrapment::Channel& channel) {
  return guarded([&](GameResult& result) {
    const std::unique_ptr<Adversary> adversary =
        make_adversary(test.adversary, test.pins, test.colours);
    Game(test, channel, result).play(adversary.get());
  });
}

GameResult play_game(const TestCase& test, Adversary& adversary, entrapment::Channel& channel) {
  return guarded([&](GameResult& result) { Game(test, channel, result).play(&adversary); });
}

}  // namespace mastermind
