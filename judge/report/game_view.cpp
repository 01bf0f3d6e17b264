#include "game_view.hpp"

#include <vector>

namespace entrapment::report {

namespace {

// Filled by static initializers (judge/problems/built_in.cpp) before main, read after.
std::vector<const GameView*>& views() {
  static std::vector<const GameView*> registered;
  return registered;
}

}  // namespace

void register_game_view(const GameView& view) { views().push_back(&view); }

const GameView* game_view_for(const GameRecord& record) {
  for (const GameView* view : views())
    if (view->shows(record)) return view;
  return nullptr;
}

std::string plain_round_label(const GameLine& line) {
  return line.round == 0 ? "" : "r" + std::to_string(line.round);
}

}  // namespace entrapment::report
