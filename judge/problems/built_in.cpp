// The problems build/bin/judge knows: each module registers itself before main, and with it
// its optional hooks (a view in the reports, generator families, a terminal game), so the
// toolkit below finds a package's module by the name in its judge.yaml and includes none.
// Linked as an object library (problems/CMakeLists.txt): a static library would drop this
// file, whose only use is its initializer.
#include "../package/problem_modules.hpp"
#include "entrapment/game_view.hpp"
#include "entrapment/generate/generator_hook.hpp"
#include "entrapment/module.hpp"
#include "entrapment/play/play_hook.hpp"
#include "game/module.hpp"     // examples/mastermind/
#include "view/game_view.hpp"  // examples/mastermind/

namespace {

const bool registered = [] {
  entrapment::register_problem_module(entrapment::entrapment_module());
  entrapment::register_problem_module(mastermind::mastermind_module());
  entrapment::report::register_game_view(entrapment::entrapment_game_view());
  entrapment::report::register_game_view(mastermind::mastermind_game_view());
  entrapment::register_generator_families(entrapment::entrapment_generator_families());
  entrapment::register_terminal_game(entrapment::entrapment_terminal_game());
  return true;
}();

}  // namespace
