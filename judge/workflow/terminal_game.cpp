#include "terminal_game.hpp"

#include <iostream>

#include "report/text.hpp"

namespace entrapment {

namespace {

// Filled by static initializers (judge/problems/built_in.cpp) before main, read after.
std::vector<const TerminalGame*>& registered_games() {
  static std::vector<const TerminalGame*> registered;
  return registered;
}

}  // namespace

void register_terminal_game(const TerminalGame& game) { registered_games().push_back(&game); }

const TerminalGame* terminal_game_for(const ProblemModule& module) {
  for (const TerminalGame* game : registered_games())
    if (&game->module() == &module) return game;
  return nullptr;
}

const TerminalGame* terminal_game_outside_a_package() {
  for (const TerminalGame* game : registered_games())
    if (game->plays_outside_a_package()) return game;
  return nullptr;
}

const std::vector<const TerminalGame*>& terminal_games() { return registered_games(); }

void print_outcome(const Outcome& outcome) {
  std::cout << "verdict: " << to_string(outcome.result) << "\n"
            << "judge: " << report::printable(outcome.message) << "\n";
}

}  // namespace entrapment
