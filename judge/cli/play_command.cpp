// `judge play [SUBMISSION | -- COMMAND ARGS...] [--test FILE | --board "R U [labels...]"]`: the
// local testing tool for one game. The contestant is a program (spawned and limited exactly as
// `judge run` does) or, without one, the person at the terminal typing the contestant's lines.
// Every line is shown as it passes ("< " judge to contestant, "> " contestant to judge, with
// its round); at the end the verdict, the judge's message and, for a program, its CPU time,
// wall-clock time and memory. Exit status 0 for AC, 1 for any other verdict, 2 when the game
// could not be set up.
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
#include "interaction/interaction.hpp"
#include "package/problem_yaml.hpp"
#include "runner/contestant_process.hpp"
#include "runner/judge_tests.hpp"
#include "runner/limits.hpp"
#include "runner/submission.hpp"
#include "runner/work_dir.hpp"

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
  bool no_sandbox = false;
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
// line once, with its round. The count of lines shown outlives the channels that call it.
class LivePrinter {
 public:
  // `show_contestant`: false when the person's typing already shows their lines.
  explicit LivePrinter(bool show_contestant) : show_contestant_(show_contestant) {}

  void print_new(const Transcript& transcript) {
    for (; shown_ < transcript.lines.size(); ++shown_) {
      const TranscriptLine& line = transcript.lines[shown_];
      if (line.from_contestant && !show_contestant_) continue;
      std::cout << '[' << line.round << "] " << (line.from_contestant ? "> " : "< ") << line.text
                << (line.cut ? " ..." : "") << '\n';
    }
    std::cout.flush();
  }

 private:
  bool show_contestant_;
  std::size_t shown_ = 0;
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
// lines reach them through the LivePrinter only (nothing else is written to stdout). The
// prompt goes to stderr, and only to a terminal.
class PersonChannel : public Channel {
 public:
  PersonChannel(const Transcript& transcript, bool prompt)
      : transcript_(transcript), prompt_(prompt) {}

  LineRead read_line() override {
    // A program ends the game by exiting; a person cannot, so once the game is decided (the
    // judge said Trapped, or the Runner's proof is in) the end of their lines is implied.
    if (game_over()) return LineRead{};
    if (prompt_) {
      int round = transcript_.lines.empty() ? 0 : transcript_.lines.back().round;
      // The Runner's "Free" in the last round is followed, with no judge line between, by
      // its proof, which belongs after the last round.
      if (!transcript_.lines.empty() && transcript_.lines.back().from_contestant &&
          transcript_.lines.back().text == "Free")
        ++round;
      std::cerr << '[' << round << "] > " << std::flush;
    }
    return stdin_.read_line();
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
  bool prompt_;
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
  std::cout << "   adversary: " << to_string(test.adversary.strategy) << " " << test.adversary.seed
            << "\n"
            << "lines: [round] < judge to contestant, > contestant to judge\n";
}

int play_person(const TestCase& test) {
  const bool terminal = ::isatty(STDIN_FILENO);
  LivePrinter printer(/*show_contestant=*/!(terminal && ::isatty(STDOUT_FILENO)));
  if (terminal) std::cerr << "You are the contestant: type your lines (Ctrl-D ends your output).\n";
  Transcript transcript;
  PersonChannel person(transcript, terminal);
  LiveChannel live(person, transcript, printer);
  const Outcome outcome = interact(test, live, transcript);
  printer.print_new(transcript);
  std::cout << "verdict: " << to_string(outcome.result) << "\n"
            << "judge: " << outcome.message << "\n";
  return outcome.accepted() ? 0 : 1;
}

int play_program(const PlayArguments& args, const TestCase& test) {
  const fs::path root = package_root();
  Limits limits;
  try {
    limits = limits_from(load_problem_yaml(root / "problem.yaml"));
  } catch (const std::exception& e) {
    throw SetupError(e.what());
  }
  std::optional<WorkDir> work;
  Submission submission;
  try {
    work.emplace("play");
    submission = args.command.empty() ? prepare_submission(args.words[0], work->path())
                                      : command_submission(args.command);
  } catch (const std::exception& e) {
    throw SetupError(e.what());
  }
  if (!args.no_sandbox && !sandbox_support().usable)
    std::cerr << "judge play: running without the sandbox: " << sandbox_support().reason << "\n";

  LivePrinter printer(/*show_contestant=*/true);
  const ChannelWrapper wrap = [&printer](Channel& pipe, const Transcript& transcript) {
    return std::make_unique<LiveChannel>(pipe, transcript, printer);
  };
  const TestResult result =
      judge_test(submission, test, submission.name, limits, !args.no_sandbox, wrap);
  printer.print_new(result.transcript);
  std::cout << "verdict: " << to_string(result.verdict) << "\n"
            << "judge: " << result.message << "\n"
            << "contestant: " << seconds(result.cpu_s) << " CPU, " << seconds(result.wall_s)
            << " wall, " << (result.memory_kib + 512) / 1024 << " MiB peak memory\n";
  return result.verdict == Verdict::AC ? 0 : 1;
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
    print_header(test);
    const bool person = args.words.empty() && args.command.empty();
    return person ? play_person(test) : play_program(args, test);
  } catch (const SetupError& e) {
    std::cerr << "judge play: " << e.what() << "\n";
    return 2;
  }
}

const RegisterCommand registered(15, [](CLI::App& app) {
  auto args = std::make_shared<PlayArguments>();
  CLI::App* sub = app.add_subcommand(
      "play", "play one game, shown live: a submission, or you at the terminal, against the judge");
  sub->add_option("submission", args->words,
                  "SUBMISSION (a source file or an executable), or -- COMMAND ARGS...; "
                  "without either, you type the contestant's lines");
  CLI::Option* test =
      sub->add_option("--test", args->test_file, "the game: a test file")->check(CLI::ExistingFile);
  CLI::Option* board = sub->add_option("--board", args->board,
                                       "the game: \"R U [labels...]\", e.g. \"3 6 1 2 3 7 8 9\"");
  CLI::Option* adversary =
      sub->add_option("--adversary", args->adversary,
                      "with --board: the judge's side, adaptive (default), random or committed")
          ->check(CLI::IsMember({"adaptive", "random", "committed", "scripted"}));
  CLI::Option* seed =
      sub->add_option("--seed", args->seed, "with --board: the adversary's seed (default 0)");
  test->excludes(board)->excludes(adversary)->excludes(seed);
  sub->add_flag("--no-sandbox", args->no_sandbox, "do not run the contestant inside bwrap");
  sub->callback([args] {
    args->command = trailing_command();  // main() took the words after `--` off
    const int status = play(*args);
    if (status != 0) throw CLI::RuntimeError(status);
  });
});

}  // namespace

}  // namespace entrapment::cli
