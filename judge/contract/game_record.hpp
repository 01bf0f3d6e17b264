// What one game left behind, in the terms every problem shares: the lines each side sent (with
// the problem's own round numbers), and the problem module's own account of the game (its
// payload), which only that module's hooks read. The toolkit (judging, reports, the commands)
// keeps and shows a game through this alone. C++14, standard library only.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace entrapment {

struct GameLine {
  bool from_contestant = false;
  int round = 0;  // the problem's own numbering (0: before the first round)
  std::string text;
  bool cut = false;  // the line was longer than the module keeps of a line
};

// A module's own account of a game (Entrapment's transcript with its boards, Master-Mind's
// guesses and the code revealed): kept with the result and read back by the module's hooks.
class GamePayload {
 public:
  virtual ~GamePayload() = default;
  // The whole game as one JSON object (a contest system's feedback directory, JSON reports).
  virtual std::string to_json() const = 0;
};

struct GameRecord {
  std::vector<GameLine> lines;    // bounded by the module: a flood of lines is counted, not kept
  std::size_t lines_dropped = 0;  // lines beyond the module's bound
  std::shared_ptr<const GamePayload> payload;  // set by the module when its game starts

  // The payload's JSON, or the lines alone when the game left no payload.
  std::string to_json() const;
};

// `text` as a JSON string literal.
std::string json_string(const std::string& text);

// `lines` as a JSON array, one object a line ({"from": "judge" or "contestant", "round", "text",
// and "cut": true for a line kept only in part), indented as a member of a top-level object.
std::string json_lines(const std::vector<GameLine>& lines);

}  // namespace entrapment
