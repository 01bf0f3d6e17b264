// `judge play [SUBMISSION | -- COMMAND ARGS...] [--test FILE | --board "R U [labels...]"]`: the
// local testing tool for one game. The contestant is a program (spawned and limited exactly as
// `judge run` does) or, without one, the person at the terminal typing the contestant's lines.
// Every line is shown as it passes ("< " judge to contestant, "> " contestant to judge, with
// its round), and the board after each round; at the end the verdict, the judge's message
// and, for a program, its CPU time, wall-clock time and memory. Exit status 0 for AC, 1 for
// any other verdict, 2 when the game could not be set up, 3 for a judge error.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "box/limits.hpp"
#include "command.hpp"
#include "command_list.hpp"
#include "containment/box_process.hpp"
#include "containment/containment.hpp"
#include "enforcement.hpp"
#include "help_format.hpp"
#include "interaction/interaction.hpp"
#include "judging/cpu_pool.hpp"
#include "judging/judge_tests.hpp"
#include "options.hpp"
#include "package/problem_modules.hpp"
#include "play_game.hpp"
#include "play_lines.hpp"
#include "report/live_game.hpp"
#include "report/losing_move.hpp"
#include "report/text.hpp"
#include "submissions/submission.hpp"
#include "submissions/work_dir.hpp"
#include "support/files.hpp"
#include "workflow/person_channel.hpp"

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
};

void print_header(const TestCase& test) {
  std::cout << "board: ";
  const std::vector<std::string> board = test.board_lines();
  for (std::size_t i = 0; i < board.size(); ++i) std::cout << (i ? " | " : "") << board[i];
  std::cout << "   adversary: " << to_string(test.adversary.kind) << " " << test.adversary.seed
            << "\n"
            << "lines: [round] < judge to contestant, > contestant to judge\n";
}

// After a lost game: the move that lost it, by the solver (nothing when every move kept the
// win and the judge's message already says what went wrong).
void print_losing_move(const TestCase& test, const Transcript& transcript, bool lost) {
  if (!lost) return;
  const std::string why = report::losing_move(test, transcript);
  if (!why.empty()) std::cout << "why: " << why << "\n";
}

int play_person(const TestCase& test) {
  const bool terminal = ::isatty(STDIN_FILENO);
  report::LivePrinter printer(test, /*show_contestant=*/!(terminal && ::isatty(STDOUT_FILENO)),
                              /*decisions=*/true);
  if (terminal)
    std::cerr << "You are the contestant: type your lines (Ctrl-D ends your output). A line "
                 "the judge could never accept is not sent: you type it again.\n";
  Transcript transcript;
  PersonChannel person(test, transcript, terminal);
  report::LiveChannel live(person, transcript, printer);
  const Outcome outcome = interact(test, live, transcript);
  printer.finish(transcript);
  std::cout << "verdict: " << to_string(outcome.result) << "\n"
            << "judge: " << report::printable(outcome.message) << "\n";
  print_losing_move(test, transcript, outcome.result == Outcome::Result::WrongAnswer);
  if (outcome.result == Outcome::Result::JudgeError) return kExitJudgeError;
  return outcome.accepted() ? kExitOk : kExitNotExpected;
}

int play_program(const PlayArguments& args, const TestCase& test, const fs::path& root) {
  const BoxLimits limits = package_limits(root);  // a usage error (2) when problem.yaml has none
  std::optional<WorkDir> work;
  int status = kExitOk;
  const std::optional<Submission> prepared_submission =
      prepare_for_play(args.words, args.command, args.sandbox, work, status);
  if (!prepared_submission) return status;
  const Submission& submission = *prepared_submission;

  report::LivePrinter printer(test, /*show_contestant=*/true);
  const ChannelWrapper wrap = [&printer](Channel& pipe, const GameRecord& record) {
    return std::make_unique<report::LiveChannel>(pipe, record, printer);
  };
  // Timed as `judge run` times each test: on a CPU of its own (judging/cpu_pool.hpp).
  const CpuPool::Lease cpu = CpuPool::shared().acquire();
  BoxLimits pinned = limits;
  pinned.cpu = cpu.cpu();
  // `judge play` draws Entrapment's boards: it plays through Entrapment's module.
  const ProblemModule* module = find_problem_module("entrapment");
  if (!module) throw SetupError("this judge was built without Entrapment's module");
  const auto prepared = module->parse_test(format_testcase(test), "");
  const TestResult result =
      judge_test(submission, *module, *prepared, submission.name, pinned, args.sandbox, wrap);
  // No payload when the program could not be started (a JE before any line).
  const Transcript none;
  const auto* played = dynamic_cast<const Transcript*>(result.game.payload.get());
  const Transcript& transcript = played ? *played : none;
  printer.finish(transcript);
  print_program_result(result);
  print_losing_move(test, transcript, result.verdict == Verdict::WA);
  if (result.verdict == Verdict::JE) return kExitJudgeError;
  return result.verdict == Verdict::AC ? kExitOk : kExitNotExpected;
}

// The package's root when its module is not Entrapment's (whose boards this command draws);
// nothing inside Entrapment's package or outside any (where a person plays Entrapment's boards).
std::optional<fs::path> package_of_another_problem(bool person) {
  fs::path root;
  try {
    root = package_root();
  } catch (const CommandFailure&) {
    if (person) return std::nullopt;  // play() says why, or plays outside a package
    throw;
  }
  if (&package_module(root) == find_problem_module("entrapment")) return std::nullopt;
  return root;
}

int play_another_problem(const PlayArguments& args, const fs::path& root, bool person) {
  const ProblemModule& module = package_module(root);
  if (!args.board.empty())
    throw SetupError(
        "--board, --adversary and --seed make Entrapment's games; this package's "
        "module is " +
        module.name() + ": give the game with --test FILE");
  if (args.test_file.empty()) throw SetupError("give the game: --test FILE");
  const SmallFile file = read_small_file(args.test_file);
  if (!file.text) throw SetupError("--test: " + args.test_file + ": " + file.why_not());
  std::shared_ptr<const PreparedTest> test;
  try {
    test = module.parse_test(*file.text, "");
  } catch (const TestFileError& e) {
    throw SetupError("--test: " + args.test_file + ":" + std::to_string(e.line()) + ": " +
                     e.detail());
  }
  std::cout << "test: " << args.test_file << "   module: " << module.name() << "\n";
  if (person) return play_lines_person(module, *test);
  const BoxLimits limits = package_limits(root);
  std::optional<WorkDir> work;
  int status = kExitOk;
  const std::optional<Submission> submission =
      prepare_for_play(args.words, args.command, args.sandbox, work, status);
  if (!submission) return status;
  return play_lines_program(module, *test, *submission, limits, args.sandbox);
}

int play(const PlayArguments& args) {
  try {
    if (args.words.size() > 1)
      throw SetupError("one SUBMISSION at most (got " + std::to_string(args.words.size()) +
                       "); use -- COMMAND ARGS... for a command line");
    if (!args.words.empty() && !args.command.empty())
      throw SetupError("give a SUBMISSION or -- COMMAND ARGS..., not both");
    const bool person = args.words.empty() && args.command.empty();
    // A package whose module is not Entrapment's: its games as lines (play_lines.hpp).
    if (const std::optional<fs::path> root = package_of_another_problem(person))
      return play_another_problem(args, *root, person);
    if (args.test_file.empty() == args.board.empty())
      throw SetupError("give the game: --test FILE, or --board \"R U [labels...]\"");
    if (!args.board.empty() && args.adversary == "scripted")
      throw SetupError("--adversary scripted needs a script: give a test file with --test");
    const TestCase test = args.test_file.empty()
                              ? test_from_board(args.board, args.adversary, args.seed)
                              : test_from_file(args.test_file);
    fs::path root;
    try {
      root = package_root();
    } catch (const CommandFailure& e) {
      // A program is limited by problem.yaml's limits; a root named with --root or
      // ENTRAPMENT_ROOT that is not a package is a mistake either way.
      if (!person || std::string(e.what()).rfind("no package here", 0) != 0) throw;
      std::cout << "judge play: outside a package (no problem.yaml and testdata/ in "
                << fs::current_path().string()
                << " or above): fine for your own game, which needs no limits\n";
    }
    print_header(test);
    return person ? play_person(test) : play_program(args, test, root);
  } catch (const SetupError& e) {
    std::cerr << "judge play: " << e.what() << "\n";
    return kExitUsage;
  }
}

}  // namespace

void add_play_command(CLI::App& app) {
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
  add_trust_option(*sub);
  on_run(*sub, [args] {
    args->command = trailing_command();  // main() took the words after `--` off
    return play(*args);
  });
}

}  // namespace entrapment::cli
