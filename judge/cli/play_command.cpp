// `judge play [SUBMISSION | -- COMMAND ARGS...] [--test FILE | a game's own options]`: the
// local testing tool for one game. The contestant is a program (spawned and limited exactly as
// `judge run` does) or, without one, the person at the terminal typing the contestant's lines.
// A module with a terminal game of its own (workflow/terminal_game.hpp) shows the game its way
// and may make one from options of its own (Entrapment's: --board, its boards after each
// round, a person prompted for each move); any other shows every line as it passes
// (play_lines.hpp). At the end the verdict, the judge's message and, for a program, its CPU
// time, wall-clock time and memory. Exit status 0 for AC, 1 for any other verdict, 2 when the
// game could not be set up, 3 for a judge error.
#include <exception>
#include <iostream>
#include <map>
#include <memory>
#include <optional>

#include "box/limits.hpp"
#include "command.hpp"
#include "command_list.hpp"
#include "help_format.hpp"
#include "options.hpp"
#include "play_lines.hpp"
#include "submissions/submission.hpp"
#include "submissions/work_dir.hpp"
#include "support/files.hpp"
#include "workflow/terminal_game.hpp"

namespace entrapment::cli {

namespace fs = std::filesystem;

namespace {

struct PlayArguments {
  std::vector<std::string> words;    // SUBMISSION (or nothing before --)
  std::vector<std::string> command;  // COMMAND ARGS... after --
  std::string test_file;
  // The values of the terminal games' own options (TerminalGame::game_options()), by name.
  std::map<std::string, std::string> game_values;
  bool sandbox = true;
};

// The value of the option that gives `game` a game without a test file ("" when not given).
std::string game_option_given(const PlayArguments& args, const TerminalGame& game) {
  const std::vector<GameOption> options = game.game_options();
  return options.empty() ? "" : args.game_values.at(options.front().name);
}

// "--test FILE, or --board \"R U [labels...]\"": how a game is given to `game`.
std::string ways_to_give(const TerminalGame& game) {
  const std::vector<GameOption> options = game.game_options();
  if (options.empty()) return "--test FILE";
  return "--test FILE, or " + options.front().name + " " + options.front().value_text;
}

// "--board, --adversary and --seed make Entrapment's games; ...": the options of a terminal
// game given for a package whose module has none.
void refuse_game_options(const PlayArguments& args, const ProblemModule& module) {
  for (const TerminalGame* game : terminal_games()) {
    if (game_option_given(args, *game).empty()) continue;
    const std::vector<GameOption> options = game->game_options();
    std::string names;
    for (std::size_t i = 0; i < options.size(); ++i)
      names += (i == 0 ? "" : i + 1 == options.size() ? " and " : ", ") + options[i].name;
    throw PlaySetupError(names + " make " + game->title() + "'s games; this package's module is " +
                         module.name() + ": give the game with --test FILE");
  }
}

// A package whose module has no terminal game: its games as lines (play_lines.hpp).
int play_lines(const PlayArguments& args, const fs::path& root, bool person) {
  const ProblemModule& module = package_module(root);
  refuse_game_options(args, module);
  if (args.test_file.empty()) throw PlaySetupError("give the game: --test FILE");
  const SmallFile file = read_small_file(args.test_file);
  if (!file.text) throw PlaySetupError("--test: " + args.test_file + ": " + file.why_not());
  std::shared_ptr<const PreparedTest> test;
  try {
    test = module.parse_test(*file.text, "");
  } catch (const TestFileError& e) {
    throw PlaySetupError("--test: " + args.test_file + ":" + std::to_string(e.line()) + ": " +
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

// A program plays the terminal game's `test`, shown as the module shows it.
int play_program(const PlayArguments& args, const TerminalGame& game, const PreparedTest& test,
                 const fs::path& root) {
  const BoxLimits limits = package_limits(root);  // a usage error (2) when problem.yaml has none
  std::optional<WorkDir> work;
  int status = kExitOk;
  const std::optional<Submission> submission =
      prepare_for_play(args.words, args.command, args.sandbox, work, status);
  if (!submission) return status;
  const std::unique_ptr<ShownGame> shown = game.show(test);
  return play_shown_program(game.module(), test, *submission, limits, args.sandbox, *shown);
}

int play(const PlayArguments& args) {
  try {
    if (args.words.size() > 1)
      throw PlaySetupError("one SUBMISSION at most (got " + std::to_string(args.words.size()) +
                           "); use -- COMMAND ARGS... for a command line");
    if (!args.words.empty() && !args.command.empty())
      throw PlaySetupError("give a SUBMISSION or -- COMMAND ARGS..., not both");
    const bool person = args.words.empty() && args.command.empty();
    // The package, or none: a person may play outside any (the game that plays there, below).
    std::optional<fs::path> root;
    std::exception_ptr outside;
    try {
      root = package_root();
    } catch (const CommandFailure&) {
      if (!person) throw;
      outside = std::current_exception();
    }
    const TerminalGame* game =
        root ? terminal_game_for(package_module(*root)) : terminal_game_outside_a_package();
    if (!game) {
      if (!root) std::rethrow_exception(outside);
      return play_lines(args, *root, person);
    }
    if (args.test_file.empty() == game_option_given(args, *game).empty())
      throw PlaySetupError("give the game: " + ways_to_give(*game));
    std::map<std::string, std::string> values;
    for (const GameOption& option : game->game_options())
      values[option.name] = args.game_values.at(option.name);
    const std::shared_ptr<const PreparedTest> test = args.test_file.empty()
                                                         ? game->game_from_options(values)
                                                         : game->game_from_file(args.test_file);
    if (!root) {
      try {
        std::rethrow_exception(outside);
      } catch (const CommandFailure& e) {
        // A root named with --root or ENTRAPMENT_ROOT that is not a package is a mistake.
        if (std::string(e.what()).rfind("no package here", 0) != 0) throw;
      }
      std::cout << "judge play: outside a package (no problem.yaml and testdata/ in "
                << fs::current_path().string()
                << " or above): fine for your own game, which needs no limits\n";
    }
    game->print_header(*test);
    return person ? exit_status_of(game->play_person(*test))
                  : play_program(args, *game, *test, *root);
  } catch (const PlaySetupError& e) {
    std::cerr << "judge play: " << e.what() << "\n";
    return kExitUsage;
  }
}

// Each terminal game's own options (TerminalGame::game_options()), once each, excluded by
// --test.
void add_game_options(CLI::App& sub, CLI::Option& test, PlayArguments& args) {
  for (const TerminalGame* game : terminal_games())
    for (const GameOption& option : game->game_options()) {
      if (args.game_values.count(option.name)) continue;
      std::string& value = args.game_values[option.name];
      value = option.default_value;
      CLI::Option* added =
          sub.add_option(option.name, value, option.help)->option_text(option.value_text);
      if (!option.choices.empty()) added->check(CLI::IsMember(option.choices));
      test.excludes(added);
    }
}

}  // namespace

void add_play_command(CLI::App& app) {
  auto args = std::make_shared<PlayArguments>();
  CLI::App* sub = app.add_subcommand(
      "play", "play one game, shown live: a submission, or you at the terminal, against the judge");
  // "(--test FILE | --board \"R U [labels...]\")": a test file, or each terminal game's own.
  std::string games = "--test FILE";
  for (const TerminalGame* game : terminal_games()) {
    const std::vector<GameOption> options = game->game_options();
    if (!options.empty()) games += " | " + options.front().name + " " + options.front().value_text;
  }
  set_usage(*sub, {"judge play [OPTIONS] [SUBMISSION] (" + games + ")",
                   "judge play [OPTIONS] (" + games + ") -- COMMAND ARGS..."});
  sub->add_option("SUBMISSION", args->words,
                  "a source, an executable or a directory submission, or -- COMMAND ARGS...; "
                  "without either, you type the contestant's lines");
  CLI::Option* test =
      add_input_file_option(*sub, "--test", args->test_file, "the game: a test file");
  add_game_options(*sub, *test, *args);
  add_sandbox_option(*sub, args->sandbox);
  add_trust_option(*sub);
  on_run(*sub, [args] {
    args->command = trailing_command();  // main() took the words after `--` off
    return play(*args);
  });
}

}  // namespace entrapment::cli
