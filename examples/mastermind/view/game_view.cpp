#include "game_view.hpp"

#include <sstream>
#include <string>

#include "module.hpp"
#include "protocol/tokens.hpp"
#include "report/text.hpp"

namespace mastermind {

namespace {

using entrapment::GameLine;
using entrapment::GameRecord;
using entrapment::xml_escape;
using entrapment::report::printable;

// Six colours a reader tells apart, colour 1 first.
const char* const kPegColours[] = {"#dc2626", "#2563eb", "#16a34a",
                                   "#eab308", "#9333ea", "#f97316"};

// A guess as pegs when it is one (P colours in 1..C), else the line as sent.
std::string pegs(const std::string& line, const TestCase& test) {
  std::istringstream in(line);
  std::string pegs_html;
  int colour = 0, count = 0;
  while (in >> colour) {
    if (colour < 1 || colour > test.colours || colour > 6) return xml_escape(printable(line));
    pegs_html += std::string("<span title=\"colour ") + std::to_string(colour) +
                 "\" style=\"display:inline-block;width:14px;height:14px;border-radius:7px;"
                 "margin-right:3px;background:" +
                 kPegColours[colour - 1] + "\"></span>";
    ++count;
  }
  if (!in.eof() || count != test.pins) return xml_escape(printable(line));
  return pegs_html + " <span class=\"mono\">" + xml_escape(line) + "</span>";
}

class MasterMindView : public entrapment::report::GameView {
 public:
  bool shows(const GameRecord& record) const override {
    return mastermind_account(record) != nullptr;
  }

  std::string html_facts(const GameRecord& record) const override {
    const GameAccount& game = *mastermind_account(record);
    const TestCase& test = game.test;
    std::string out = "<dt>code</dt><dd>" + std::to_string(test.pins) + " pins of " +
                      std::to_string(test.colours) + " colours, at most " +
                      std::to_string(test.guesses) + " guesses</dd>";
    out += "<dt>judge plays</dt><dd>" + std::string(to_string(test.adversary.kind)) + "</dd>";
    out += "<dt>guesses answered</dt><dd>" + std::to_string(game.result.guesses) + "</dd>";
    if (!game.result.code_revealed.empty())
      out += "<dt>a code consistent with every answer</dt><dd>" +
             xml_escape(game.result.code_revealed) + "</dd>";
    return out;
  }

  // The guesses in order, each with the judge's answer.
  std::string html_game(const GameRecord& record) const override {
    const GameAccount& game = *mastermind_account(record);
    std::string rows;
    int number = 0;
    for (std::size_t i = 0; i < record.lines.size(); ++i) {
      const GameLine& line = record.lines[i];
      if (!line.from_contestant) continue;
      const bool answered = i + 1 < record.lines.size() && !record.lines[i + 1].from_contestant;
      rows += "<tr><td>" + std::to_string(++number) + "</td><td>" + pegs(line.text, game.test) +
              "</td><td class=\"mono\">" +
              (answered ? xml_escape(printable(record.lines[i + 1].text)) : "") + "</td></tr>";
    }
    if (rows.empty()) return "";
    return "<h3>The game</h3><table><tr><th>guess</th><th>code guessed</th><th>B W</th></tr>" +
           rows + "</table>";
  }

  std::string round_label(const GameRecord&, const GameLine& line) const override {
    return entrapment::report::plain_round_label(line);
  }
};

}  // namespace

const entrapment::report::GameView& mastermind_game_view() {
  static const MasterMindView view;
  return view;
}

}  // namespace mastermind
