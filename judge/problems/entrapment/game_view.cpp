// Entrapment's games in the HTML report (report/game_view.hpp): the board, the judge's side,
// the claim and the Runner's proof as facts, and each round drawn as two boards.
#include "../../report/game_view.hpp"

#include <string>
#include <vector>

#include "../../protocol/tokens.hpp"
#include "../../report/text.hpp"
#include "game_view.hpp"
#include "module.hpp"
#include "report/board_svg.hpp"

namespace entrapment {

namespace {

using report::board_svg;
using report::BoardPicture;
using report::kBoardColors;
using report::printable;

constexpr int kBoardPixels = 120;

std::string labels_text(const std::vector<Square>& squares) {
  std::string out;
  for (Square s : squares) out += (out.empty() ? "" : " ") + std::to_string(s);
  return out;
}

std::string set_text(SquareSet set) {
  return set == kEmpty ? "none" : "{" + join_labels(set) + "}";
}

SquareSet unavailable_of(SquareSet available) {
  return static_cast<SquareSet>(kAllSquares & ~available);
}

std::string figure(const BoardPicture& picture, const std::string& title,
                   const std::string& caption_html) {
  return "<figure>" + board_svg(picture, kBoardPixels, title) + "<figcaption>" + caption_html +
         "</figcaption></figure>";
}

std::string legend() {
  auto swatch = [](const char* color, const std::string& text) {
    return std::string("<span><i class=\"sw\" style=\"background:") + color + "\"></i>" + text +
           "</span>";
  };
  return "<div class=\"legend\">" + swatch(kBoardColors.free, "available") +
         swatch(kBoardColors.unavailable, "unavailable") +
         swatch(kBoardColors.query, "in the Trapper's query") +
         swatch(kBoardColors.block, "blocked this round") +
         "<span><svg width=\"14\" height=\"14\"><circle cx=\"7\" cy=\"7\" r=\"6\" fill=\"" +
         kBoardColors.runner + "\"/></svg>the Runner could be here</span>" +
         "<span><svg width=\"14\" height=\"14\"><circle cx=\"7\" cy=\"7\" r=\"5.5\" fill=\"none\" "
         "stroke=\"#64748b\" stroke-width=\"1.5\" stroke-dasharray=\"3 2\"/></svg>ruled out by the "
         "answer</span><span><svg width=\"14\" height=\"14\"><rect x=\"1.5\" y=\"1.5\" "
         "width=\"11\" "
         "height=\"11\" rx=\"2\" fill=\"none\" stroke=\"#0f172a\" stroke-width=\"2\"/></svg>where "
         "the Runner's proof puts it</span></div>";
}

// Where the Runner's proof puts it after `moves` moves (0: the start), when there is a proof
// of the right length; 0 otherwise.
Square path_square(const Transcript& t, int moves) {
  if (t.runner_path.size() != static_cast<std::size_t>(t.rounds) + 1) return 0;
  const Square s = t.runner_path[static_cast<std::size_t>(moves)];
  return is_label(s) ? s : 0;
}

// The board before the first round: the Runner may be on any available square.
std::string start_card(const Transcript& t) {
  const SquareSet unavailable = make_set(t.unavailable);
  const SquareSet available = unavailable_of(unavailable);
  BoardPicture picture;
  picture.unavailable = unavailable;
  picture.runner = t.round_log.empty() ? available : t.round_log.front().runner_before;
  picture.path = path_square(t, 0);
  return "<div class=\"round\"><h4>Start</h4><div class=\"steps\">" +
         figure(picture, "the starting board",
                std::to_string(t.rounds) + (t.rounds == 1 ? " round" : " rounds") +
                    ", unavailable " + set_text(unavailable)) +
         "</div></div>";
}

// One round as two boards: the query and its answer, then the block and the move.
std::string round_card(const Transcript& t, const TranscriptRound& r) {
  const std::string round = "round " + std::to_string(r.round);
  const SquareSet query = make_set(r.query);
  BoardPicture asked;
  asked.unavailable = unavailable_of(r.available_before);
  asked.query = query;
  if (r.round >= 1) asked.path = path_square(t, r.round - 1);
  std::string caption = r.query.empty() ? "asked nothing" : "asked " + labels_text(r.query);
  if (r.answer) {
    asked.runner = r.runner_after_answer;
    asked.ruled_out = static_cast<SquareSet>(r.runner_before & ~r.runner_after_answer);
    caption += std::string(" &rarr; <b>") + to_string(*r.answer) + "</b>";
    if (r.runner_after_answer == kEmpty) caption += " (contradicts every square)";
  } else {
    asked.runner = r.runner_before;
    caption += " &rarr; no valid answer";
  }
  std::string card = "<div class=\"round\"><h4>Round " + std::to_string(r.round) +
                     "</h4><div class=\"steps\">" + figure(asked, round + ": query", caption);
  if (r.block != 0) {
    BoardPicture moved;
    moved.unavailable = unavailable_of(r.available_before);
    moved.block = r.block;
    moved.runner = r.runner_after_move;
    if (r.round >= 1) moved.path = path_square(t, r.round);
    const int left = size(r.runner_after_move);
    const std::string after =
        left == 0 ? "<b>trapped</b>"
                  : "could be on " + std::to_string(left) + (left == 1 ? " square" : " squares");
    card += figure(moved, round + ": block and move",
                   "blocked " + std::to_string(r.block) + " &rarr; " + after);
  }
  return card + "</div></div>";
}

class EntrapmentView : public report::GameView {
 public:
  bool shows(const GameRecord& record) const override {
    return entrapment_transcript(record) != nullptr;
  }

  std::string html_facts(const GameRecord& record) const override {
    const Transcript& t = *entrapment_transcript(record);
    if (t.rounds == 0) return "";
    std::string out = "<dt>board</dt><dd>R = " + std::to_string(t.rounds) + ", unavailable " +
                      set_text(make_set(t.unavailable)) + "</dd>";
    out += "<dt>judge plays</dt><dd>" + xml_escape(printable(t.adversary)) + " (seed " +
           std::to_string(t.seed) + ")</dd>";
    out += "<dt>optimal winner</dt><dd>" + xml_escape(printable(t.winner)) + "</dd>";
    out += "<dt>claimed</dt><dd>" +
           (t.claimed.empty() ? std::string("<i class=\"muted\">nothing</i>")
                              : xml_escape(printable(t.claimed))) +
           "</dd>";
    if (!t.runner_path.empty())
      out += "<dt>Runner's path</dt><dd>" + labels_text(t.runner_path) + "</dd>";
    return out;
  }

  std::string html_game(const GameRecord& record) const override {
    const Transcript& t = *entrapment_transcript(record);
    if (t.rounds == 0) return "";
    std::string out = "<h3>The game</h3>" + legend() + "<div class=\"rounds\">" + start_card(t);
    for (const TranscriptRound& r : t.round_log) out += round_card(t, r);
    return out + "</div>";
  }

  std::string round_label(const GameRecord& record, const GameLine& line) const override {
    const Transcript& t = *entrapment_transcript(record);
    if (line.round == 0) return "";
    if (line.round > t.rounds) return "end";
    return "r" + std::to_string(line.round);
  }
};

}  // namespace

const report::GameView& entrapment_game_view() {
  static const EntrapmentView view;
  return view;
}

}  // namespace entrapment
