#include "play_hook.hpp"

#include <unistd.h>

#include <iostream>

#include "../interaction/interaction.hpp"
#include "../module.hpp"
#include "../report/live_game.hpp"
#include "../report/losing_move.hpp"
#include "person_channel.hpp"
#include "play_game.hpp"
#include "report/text.hpp"

namespace entrapment {

namespace {

// After a lost game: the move that lost it, by the solver (nothing when every move kept the
// win and the judge's message already says what went wrong).
void print_losing_move(const TestCase& test, const Transcript& transcript, bool lost) {
  if (!lost) return;
  const std::string why = report::losing_move(test, transcript);
  if (!why.empty()) std::cout << "why: " << why << "\n";
}

// A program's game: every line and the board after each round, as they pass.
class ShownProgramGame : public ShownGame {
 public:
  explicit ShownProgramGame(const TestCase& test)
      : test_(test), printer_(test, /*show_contestant=*/true) {}

  std::unique_ptr<Channel> wrap(Channel& contestant, const GameRecord& record) override {
    return std::make_unique<report::LiveChannel>(contestant, record, printer_);
  }
  void finish(const GameRecord& record) override { printer_.finish(transcript_of(record)); }
  void after_verdict(const TestResult& result) override {
    print_losing_move(test_, transcript_of(result.game), result.verdict == Verdict::WA);
  }

 private:
  // No payload when the program could not be started (a JE before any line).
  const Transcript& transcript_of(const GameRecord& record) const {
    const Transcript* played = entrapment_transcript(record);
    return played ? *played : none_;
  }

  const TestCase& test_;
  report::LivePrinter printer_;
  const Transcript none_;
};

class EntrapmentTerminalGame : public TerminalGame {
 public:
  const ProblemModule& module() const override { return entrapment_module(); }
  std::string title() const override { return "Entrapment"; }
  // A person's own board needs no package, and no limits.
  bool plays_outside_a_package() const override { return true; }

  std::vector<GameOption> game_options() const override {
    return {{"--board",
             "\"R U [labels...]\"",
             "the game: \"R U [labels...]\", e.g. \"3 6 1 2 3 7 8 9\"",
             "",
             {}},
            {"--adversary",
             "NAME",
             "with --board: the judge's side: adaptive (default), random or committed",
             "adaptive",
             {"adaptive", "random", "committed", "scripted"}},
            // A string, so the test-file parser judges it like one in a file.
            {"--seed",
             "N",
             "with --board: the adversary's seed, 0 to 999999999999999999 (default 0)",
             "0",
             {}}};
  }

  std::shared_ptr<const PreparedTest> game_from_file(const std::string& file) const override {
    return std::make_shared<EntrapmentTest>(test_from_file(file));
  }

  std::shared_ptr<const PreparedTest> game_from_options(
      const std::map<std::string, std::string>& values) const override {
    const std::string& adversary = values.at("--adversary");
    if (adversary == "scripted")
      throw PlaySetupError("--adversary scripted needs a script: give a test file with --test");
    return std::make_shared<EntrapmentTest>(
        test_from_board(values.at("--board"), adversary, values.at("--seed")));
  }

  void print_header(const PreparedTest& prepared) const override {
    const TestCase& test = entrapment_test(prepared);
    std::cout << "board: ";
    const std::vector<std::string> board = test.board_lines();
    for (std::size_t i = 0; i < board.size(); ++i) std::cout << (i ? " | " : "") << board[i];
    std::cout << "   adversary: " << to_string(test.adversary.kind) << " " << test.adversary.seed
              << "\n"
              << "lines: [round] < judge to contestant, > contestant to judge\n";
  }

  Outcome play_person(const PreparedTest& prepared) const override {
    const TestCase& test = entrapment_test(prepared);
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
    print_outcome(outcome);
    print_losing_move(test, transcript, outcome.result == Outcome::Result::WrongAnswer);
    return outcome;
  }

  std::unique_ptr<ShownGame> show(const PreparedTest& prepared) const override {
    return std::make_unique<ShownProgramGame>(entrapment_test(prepared));
  }
};

}  // namespace

const TerminalGame& entrapment_terminal_game() {
  static const EntrapmentTerminalGame game;
  return game;
}

}  // namespace entrapment
