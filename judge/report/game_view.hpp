// How a problem's module shows its games in the reports: an optional hook. A module without
// one is shown by its lines alone; Entrapment's view draws boards
// (problems/entrapment/game_view.cpp). Views register at start-up, beside their modules.
#pragma once

#include <string>

#include "contract/game_record.hpp"

namespace entrapment::report {

class GameView {
 public:
  virtual ~GameView() = default;
  // Whether `record` is a game this view shows (a payload of its module's).
  virtual bool shows(const GameRecord& record) const = 0;
  // Facts about the game as HTML <dt>/<dd> pairs ("board", "judge plays"...), or "".
  virtual std::string html_facts(const GameRecord& record) const = 0;
  // The game drawn in HTML (a heading and its rounds), or "".
  virtual std::string html_game(const GameRecord& record) const = 0;
  // The label of a line's round in a transcript ("r3", "end"; "" before the first round).
  virtual std::string round_label(const GameRecord& record, const GameLine& line) const = 0;
};

void register_game_view(const GameView& view);

// The view that shows `record`, or null: then the reports show its lines alone.
const GameView* game_view_for(const GameRecord& record);

// A line's round as a view without its own numbering shows it: "" for 0, else "rN".
std::string plain_round_label(const GameLine& line);

}  // namespace entrapment::report
