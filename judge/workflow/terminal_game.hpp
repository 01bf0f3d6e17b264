// How a problem's module plays one game at the terminal (`judge play`): an optional hook,
// registered at start-up beside the module (judge/problems/built_in.cpp), as report/game_view.hpp's
// views are. A module without one is played as its lines: each line shown as it passes, and a
// person types raw lines (cli/play_lines.hpp). Entrapment's draws its boards, prompts a person
// for each move and makes a game from a board given on the command line
// (problems/entrapment/play/).
#pragma once

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "contract/problem_module.hpp"
#include "verdict/result.hpp"

namespace entrapment {

// A mistake in the game's setup: `judge play` names it and exits with status 2.
class PlaySetupError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// An option of `judge play` that makes a game without a test file, beside --test FILE.
struct GameOption {
  std::string name;                  // "--seed"
  std::string value_text;            // its value in the help: "N"
  std::string help;                  // what it gives
  std::string default_value;         // its value when not given
  std::vector<std::string> choices;  // the values it takes (empty: any)
};

// One game a program plays, shown at the terminal as it goes.
class ShownGame {
 public:
  virtual ~ShownGame() = default;
  // The channel the game is played through: `contestant`, shown as its lines pass. `record`
  // is the game's, its payload set by the module before the first line.
  virtual std::unique_ptr<Channel> wrap(Channel& contestant, const GameRecord& record) = 0;
  // The game is over, its verdict not printed yet: what is left to show of it.
  virtual void finish(const GameRecord& record) = 0;
  // After the verdict: what more the game says (Entrapment: the move that lost it).
  virtual void after_verdict(const TestResult& result) = 0;
};

class TerminalGame {
 public:
  virtual ~TerminalGame() = default;
  // The module whose games these are.
  virtual const ProblemModule& module() const = 0;
  // Its name in messages ("Entrapment's games").
  virtual std::string title() const = 0;
  // Whether a person plays it outside any package (`judge play` with neither a package nor a
  // submission), where no limits are needed.
  virtual bool plays_outside_a_package() const = 0;
  // The options that make a game without a test file: the first gives the game (a game is
  // given by --test FILE or by it), the others change it, each excluded by --test.
  virtual std::vector<GameOption> game_options() const = 0;
  // The game in the test file `file`. Throws PlaySetupError naming --test and the line.
  virtual std::shared_ptr<const PreparedTest> game_from_file(const std::string& file) const = 0;
  // The game `values` make (game_options()' values by name, defaults for those not given).
  // Throws PlaySetupError naming the option at fault.
  virtual std::shared_ptr<const PreparedTest> game_from_options(
      const std::map<std::string, std::string>& values) const = 0;
  // What is shown before the game: the test's facts.
  virtual void print_header(const PreparedTest& test) const = 0;
  // The person at the terminal plays `test`: every line and what the module draws, then the
  // verdict (print_outcome()) and what more the game says. Returns the game's outcome.
  virtual Outcome play_person(const PreparedTest& test) const = 0;
  // A program is about to play `test`: how its game is shown.
  virtual std::unique_ptr<ShownGame> show(const PreparedTest& test) const = 0;
};

void register_terminal_game(const TerminalGame& game);

// `module`'s terminal game, or null: then `judge play` shows its lines.
const TerminalGame* terminal_game_for(const ProblemModule& module);

// The terminal game a person plays outside any package, or null.
const TerminalGame* terminal_game_outside_a_package();

// Every terminal game registered, in the order of registration (their options are `judge
// play`'s).
const std::vector<const TerminalGame*>& terminal_games();

// How `judge play` ends a game, whatever the problem: "verdict: AC" and the judge's message.
void print_outcome(const Outcome& outcome);

}  // namespace entrapment
