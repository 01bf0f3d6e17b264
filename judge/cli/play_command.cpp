// `judge play [SUBMISSION | -- COMMAND ARGS...] [--test FILE | --board "R U [labels...]"]`: the
// local testing tool for one game. The contestant is a program (spawned and limited exactly as
// `judge run` does) or, without one, the person at the terminal typing the contestant's lines.
// Every line is shown as it passes ("< " judge to contestant, "> " contestant to judge, with
// its round), and the board after each round; at the end the verdict, the judge's message
// and, for a program, its CPU time, wall-clock time and memory. Exit status 0 for AC, 1 for
// any other verdict, 2 when the game could not be set up, 3 for a judge error.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "command.hpp"
#include "execution/contestant_process.hpp"
#include "execution/judge_tests.hpp"
#include "execution/limits.hpp"
#include "execution/submission.hpp"
#include "execution/work_dir.hpp"
#include "help_format.hpp"
#include "interaction/interaction.hpp"
#include "isolation_check.hpp"
#include "options.hpp"
#include "package/problem_yaml.hpp"
#include "person_input.hpp"
#include "report/board_text.hpp"
#include "report/text.hpp"

namespace entrapment::cli {

namespace fs = std::filesystem;

namespace {

struct PlayArguments {
  std::vector<std::string> words;    // SUBMISSION (or nothing before --)
  std::vector<std::string> command;  // COMMAND ARGS... after --
  std::string test_file;
  std::string board;
  std::string adversary = "adaptive";
  std::string seed = "0";  // a string, so the test-file parser judges it like one in a file
  bool sandbox = true;
  bool trust = false;  // see isolation_check.hpp
};

// Where a message about the game's setup goes; the exit status says it failed.
class SetupError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

std::vector<std::string> split_words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

// A TestCaseError's message without its "line N: " prefix (for a test we wrote ourselves,
// whose line numbers mean nothing to the user).
std::string without_line(const TestCaseError& e) {
  const std::string what = e.what();
  const std::string prefix = "line " + std::to_string(e.line()) + ": ";
  return what.rfind(prefix, 0) == 0 ? what.substr(prefix.size()) : what;
}

TestCase test_from_file(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw SetupError("--test: cannot read " + file);
  std::ostringstream text;
  text << in.rdbuf();
  try {
    return parse_testcase(text.str());
  } catch (const TestCaseError& e) {
    throw SetupError("--test: " + file + (e.line() > 0 ? ":" + std::to_string(e.line()) : "") +
                     ": " + without_line(e));
  }
}

// The board from --board, the adversary from --adversary and --seed, written as a test file
// and read back by the test-file parser: its checks and its messages, attributed to the option
// that caused them.
TestCase test_from_board(const PlayArguments& args) {
  const std::string option = "--board \"" + args.board + "\"";
  const std::vector<std::string> words = split_words(args.board);
  if (words.size() < 2)
    throw SetupError(option +
                     ": expected \"R U [labels...]\": the rounds, the number of "
                     "unavailable squares, then their labels");
  const std::vector<std::string> labels(words.begin() + 2, words.end());
  const std::string& u = words[1];
  if (!labels.empty() && u == "0")
    throw SetupError(option + ": U = 0 but " + std::to_string(labels.size()) + " label(s) follow");
  if (labels.empty() && !u.empty() && u != "0" &&
      std::all_of(u.begin(), u.end(), [](char c) { return c >= '0' && c <= '9'; }))
    throw SetupError(option + ": U = " + u + " but no labels follow");
  std::string text = words[0] + " " + u + "\n";
  if (!labels.empty()) {
    std::string line;
    for (const std::string& label : labels) line += (line.empty() ? "" : " ") + label;
    text += line + "\n";
  }
  const int adversary_line = labels.empty() ? 2 : 3;
  text += "adversary " + args.adversary + " " + args.seed + "\n";
  try {
    TestCase test = parse_testcase(text);
    // The canonical text must read back as the same game (the parser's round trip).
    parse_testcase(format_testcase(test));
    return test;
  } catch (const TestCaseError& e) {
    if (e.line() == adversary_line)
      throw SetupError("--adversary " + args.adversary + " --seed " + args.seed + ": " +
                       without_line(e));
    throw SetupError(option + ": " + without_line(e));
  }
}

// Prints the game's lines as they pass, from the transcript the interaction core fills: each
// line once, with its round; and the board after each round (and before the first). The
// count of lines shown outlives the channels that call it.
class LivePrinter {
 public:
  // `show_contestant`: false when the person's typing already shows their lines.
  LivePrinter(const TestCase& test, bool show_contestant)
      : test_(test), show_contestant_(show_contestant) {}

  void print_new(const Transcript& transcript) {
    for (; shown_ < transcript.lines.size(); ++shown_) {
      const TranscriptLine& line = transcript.lines[shown_];
      if (line.round >= 1 && !start_drawn_) draw_start();
      if (!line.from_contestant || show_contestant_)
        std::cout << '[' << line.round << "] " << (line.from_contestant ? "> " : "< ")
                  << report::printable(line.text) << (line.cut ? " ..." : "") << '\n';
      // A round ends with Free or Trapped (whoever says it).
      if (line.text == "Free" || line.text == "Trapped") draw_rounds(transcript, line.round);
    }
    // The judge asks for the first round's lines: the board comes first.
    if (!start_drawn_ && !transcript.claimed.empty() && !transcript.round_log.empty()) draw_start();
    std::cout.flush();
  }

  // After the game: the board after a round the game ended in (a Runner trapped by the block,
  // a lost game) when it was not drawn yet.
  void finish(const Transcript& transcript) {
    print_new(transcript);
    draw_rounds(transcript, transcript.rounds);
    std::cout.flush();
  }

 private:
  void draw(const std::string& title, const report::BoardText& board) {
    std::cout << "    " << title << "\n";
    for (const std::string& row : report::board_text(board, "      ")) std::cout << row << '\n';
  }

  void draw_start() {
    start_drawn_ = true;
    report::BoardText board;
    board.unavailable = test_.unavailable_set();
    board.runner = static_cast<SquareSet>(kAllSquares & ~board.unavailable);
    draw("the board (" + std::string(report::board_legend()) + "):", board);
  }

  // Draws every round up to `last` whose block has been played and that was not drawn yet.
  void draw_rounds(const Transcript& transcript, int last) {
    for (const TranscriptRound& r : transcript.round_log) {
      if (r.round <= drawn_ || r.round > last || r.block == 0) continue;
      drawn_ = r.round;
      if (!start_drawn_) draw_start();
      report::BoardText board;
      board.unavailable =
          static_cast<SquareSet>((kAllSquares & ~r.available_before) | single(r.block));
      board.block = r.block;
      board.runner = r.runner_after_move;
      const int left = size(r.runner_after_move);
      draw("after round " + std::to_string(r.round) + ": blocked " + std::to_string(r.block) +
               "; " +
               (left == 0 ? std::string("the Runner is trapped")
                          : "the Runner could be on " + std::to_string(left) +
                                (left == 1 ? " square" : " squares")),
           board);
    }
  }

  const TestCase& test_;
  bool show_contestant_;
  std::size_t shown_ = 0;
  bool start_drawn_ = false;
  int drawn_ = 0;  // the last round drawn
};

// Forwards to the contestant's channel, showing every line before the judge waits for the
// next one (the judge's lines are in the transcript before they are written, the
// contestant's once they are read).
class LiveChannel : public Channel {
 public:
  LiveChannel(Channel& inner, const Transcript& transcript, LivePrinter& printer)
      : inner_(inner), transcript_(transcript), printer_(printer) {}

  LineRead read_line() override {
    printer_.print_new(transcript_);
    return inner_.read_line();
  }
  bool write_line(const std::string& line) override {
    printer_.print_new(transcript_);
    return inner_.write_line(line);
  }

 private:
  Channel& inner_;
  const Transcript& transcript_;
  LivePrinter& printer_;
};

// The person at the terminal as the contestant: their lines come from stdin; the judge's
// lines reach them through the LivePrinter only (nothing else is written to stdout). On a
// terminal, the prompt (to stderr) names the round and what the judge expects, and a line
// that could never be accepted (a typo) is refused there and asked again (person_input.hpp).
class PersonChannel : public Channel {
 public:
  PersonChannel(const TestCase& test, const Transcript& transcript, bool terminal)
      : transcript_(transcript), terminal_(terminal), input_(test) {}

  LineRead read_line() override {
    // A program ends the game by exiting; a person cannot, so once the game is decided (the
    // judge said Trapped, or the Runner's proof is in) the end of their lines is implied.
    if (game_over()) return LineRead{};
    const ExpectedLine expected = input_.expected(transcript_);
    for (;;) {
      if (terminal_)
        std::cerr << '[' << expected.round << "] " << expected.what << "\n[" << expected.round
                  << "] > " << std::flush;
      LineRead read = stdin_.read_line();
      if (read.status != LineRead::Status::Line || !terminal_) {
        if (read.status == LineRead::Status::Line) input_.sent(expected, read.text);
        return read;
      }
      std::string text = read.text;
      if (!text.empty() && text.back() == '\r') text.pop_back();
      const std::string problem = PersonInput::problem(expected, text);
      if (problem.empty()) {
        input_.sent(expected, read.text);
        return read;
      }
      std::cerr << "    not sent: " << problem << "; type it again\n";
    }
  }
  bool write_line(const std::string&) override { return true; }

 private:
  bool game_over() const {
    if (transcript_.lines.empty()) return false;
    const TranscriptLine& last = transcript_.lines.back();
    if (!last.from_contestant) return last.text == "Trapped";
    return transcript_.rounds > 0 && last.round == transcript_.rounds + 1;
  }

  const Transcript& transcript_;
  bool terminal_;
  PersonInput input_;
  StreamChannel stdin_{stdin, stdout};  // only read from
};

std::string seconds(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f s", s);
  return text;
}

void print_header(const TestCase& test) {
  std::cout << "board: ";
  const std::vector<std::string> board = test.board_lines();
  for (std::size_t i = 0; i < board.size(); ++i) std::cout << (i ? " | " : "") << board[i];
  std::cout << "   adversary: " << to_string(test.adversary.kind) << " " << test.adversary.seed
            << "\n"
            << "lines: [round] < judge to contestant, > contestant to judge\n";
}

int play_person(const TestCase& test) {
  const bool terminal = ::isatty(STDIN_FILENO);
  LivePrinter printer(test, /*show_contestant=*/!(terminal && ::isatty(STDOUT_FILENO)));
  if (terminal)
    std::cerr << "You are the contestant: type your lines (Ctrl-D ends your output). A line "
                 "the judge could never accept is not sent: you type it again.\n";
  Transcript transcript;
  PersonChannel person(test, transcript, terminal);
  LiveChannel live(person, transcript, printer);
  const Outcome outcome = interact(test, live, transcript);
  printer.finish(transcript);
  std::cout << "verdict: " << to_string(outcome.result) << "\n"
            << "judge: " << report::printable(outcome.message) << "\n";
  if (outcome.result == Outcome::Result::JudgeError) return kExitJudgeError;
  return outcome.accepted() ? kExitOk : kExitNotExpected;
}

int play_program(const PlayArguments& args, const TestCase& test, const fs::path& root) {
  Limits limits;
  try {
    const ProblemConfig problem = load_problem_yaml(root / "problem.yaml");
    limits = limits_from(problem);
    set_compile_options(compile_options_from(problem));
  } catch (const std::exception& e) {
    throw SetupError(e.what());
  }
  // Nothing isolating it: only the package's own runs (after a warning) unless --trust.
  if (!args.command.empty() || !is_package_submission(args.words[0], root))
    check_isolation(args.sandbox, {args.command.empty() ? args.words[0] : args.command[0]},
                    args.trust);
  else
    check_isolation(args.sandbox, {}, args.trust);
  std::optional<WorkDir> work;
  Submission submission;
  try {
    work.emplace("play");
    submission = args.command.empty() ? prepare_submission(args.words[0], work->path())
                                      : command_submission(args.command);
  } catch (const SubmissionError& e) {
    throw SetupError(e.what());
  } catch (const CompileError& e) {
    std::cout << "verdict: CE\n";
    std::istringstream message(e.what());  // the compiler quotes the contestant's source
    for (std::string line; std::getline(message, line);)
      std::cout << report::printable(line) << "\n";
    return kExitNotExpected;
  } catch (const std::exception& e) {
    std::cerr << "judge play: cannot prepare the submission: " << e.what() << "\n";
    return kExitJudgeError;
  }
  if (args.sandbox && !sandbox_support().usable)
    std::cerr << "judge play: running without the sandbox: " << sandbox_support().reason << "\n";

  LivePrinter printer(test, /*show_contestant=*/true);
  const ChannelWrapper wrap = [&printer](Channel& pipe, const Transcript& transcript) {
    return std::make_unique<LiveChannel>(pipe, transcript, printer);
  };
  const TestResult result =
      judge_test(submission, test, submission.name, limits, args.sandbox, wrap);
  printer.finish(result.transcript);
  std::cout << "verdict: " << to_string(result.verdict) << "\n"
            << "judge: " << report::printable(result.message) << "\n"
            << "contestant: " << seconds(result.cpu_s) << " CPU, " << seconds(result.wall_s)
            << " wall, " << (result.memory_kib + 512) / 1024 << " MiB peak memory\n";
  if (result.verdict == Verdict::JE) return kExitJudgeError;
  return result.verdict == Verdict::AC ? kExitOk : kExitNotExpected;
}

int play(const PlayArguments& args) {
  try {
    if (args.words.size() > 1)
      throw SetupError("one SUBMISSION at most (got " + std::to_string(args.words.size()) +
                       "); use -- COMMAND ARGS... for a command line");
    if (!args.words.empty() && !args.command.empty())
      throw SetupError("give a SUBMISSION or -- COMMAND ARGS..., not both");
    if (args.test_file.empty() == args.board.empty())
      throw SetupError("give the game: --test FILE, or --board \"R U [labels...]\"");
    if (!args.board.empty() && args.adversary == "scripted")
      throw SetupError("--adversary scripted needs a script: give a test file with --test");
    const TestCase test =
        args.test_file.empty() ? test_from_board(args) : test_from_file(args.test_file);
    const bool person = args.words.empty() && args.command.empty();
    fs::path root;
    try {
      root = package_root();
    } catch (const CommandFailure& e) {
      if (!person) throw;  // a program is limited by problem.yaml's limits
      std::cout << "judge play: no package (a person's game needs none): " << e.what() << "\n";
    }
    print_header(test);
    return person ? play_person(test) : play_program(args, test, root);
  } catch (const SetupError& e) {
    std::cerr << "judge play: " << e.what() << "\n";
    return kExitUsage;
  }
}

const RegisterCommand registered(15, [](CLI::App& app) {
  auto args = std::make_shared<PlayArguments>();
  CLI::App* sub = app.add_subcommand(
      "play", "play one game, shown live: a submission, or you at the terminal, against the judge");
  set_usage(*sub, {"judge play [OPTIONS] [SUBMISSION] (--test FILE | --board \"R U [labels...]\")",
                   "judge play [OPTIONS] (--test FILE | --board \"R U [labels...]\") -- COMMAND "
                   "ARGS..."});
  sub->add_option("SUBMISSION", args->words,
                  "a source, an executable or a directory submission, or -- COMMAND ARGS...; "
                  "without either, you type the contestant's lines");
  CLI::Option* test =
      add_input_file_option(*sub, "--test", args->test_file, "the game: a test file");
  CLI::Option* board = sub->add_option("--board", args->board,
                                       "the game: \"R U [labels...]\", e.g. \"3 6 1 2 3 7 8 9\"")
                           ->option_text("\"R U [labels...]\"");
  CLI::Option* adversary =
      sub->add_option("--adversary", args->adversary,
                      "with --board: the judge's side: adaptive (default), random or committed")
          ->option_text("NAME")
          ->check(CLI::IsMember({"adaptive", "random", "committed", "scripted"}));
  CLI::Option* seed =
      sub->add_option("--seed", args->seed,
                      "with --board: the adversary's seed, 0 to 999999999999999999 (default 0)")
          ->option_text("N");
  test->excludes(board)->excludes(adversary)->excludes(seed);
  add_sandbox_option(*sub, args->sandbox);
  add_trust_option(*sub, args->trust);
  sub->callback([args] {
    args->command = trailing_command();  // main() took the words after `--` off
    const int status = play(*args);
    if (status != 0) throw CLI::RuntimeError(status);
  });
});

}  // namespace

}  // namespace entrapment::cli
