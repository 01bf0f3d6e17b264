#include "interaction.hpp"

#include <algorithm>

#include "../adversary/adversary.hpp"
#include "../game/messages.hpp"
#include "../game/solver.hpp"
#include "contestant_reader.hpp"

namespace entrapment {

namespace {

// The judge itself broke (a strategy that lies, a transport that fails): never the
// contestant's fault.
class JudgeFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

std::string path_text(const std::vector<Square>& path) {
  return path.empty() ? std::string("(none)") : join_labels(path);
}

// "1 round", "3 rounds".
std::string rounds_text(int count) { return count_of(count, "round"); }

class Game {
 public:
  Game(const TestCase& test, Channel& channel, Transcript& transcript)
      : test_(test),
        channel_(channel),
        transcript_(transcript),
        reader_(channel, transcript, test.rounds),
        position_(test.start()) {}

  // Returns the accepting message; throws WrongAnswer or JudgeFailure.
  std::string play() {
    for (const std::string& line : test_.board_lines()) send(line);
    const std::string claim = reader_.word({"Runner", "Trapper"}, Message::what_side);
    transcript_.claimed = claim;
    const Side winner = test_.winner();
    if (claim != to_string(winner))
      reader_.fail(say(Message::wrong_side, {{"claim", claim},
                                             {"rounds", std::to_string(test_.rounds)},
                                             {"unavailable", describe(test_.unavailable_set())},
                                             {"winner", to_string(winner)}}));
    return winner == Side::Runner ? play_as_runner() : play_as_trapper();
  }

 private:
  // A failed write (the contestant closed its input or exited) is not judged by itself: the
  // verdict must depend only on what the contestant wrote, not on when the operating system
  // noticed that it stopped reading. If it still owed lines, the next read finds the end of
  // its output and that is the wrong answer.
  void send(const std::string& line) {
    transcript_.add_line(false, reader_.round(), line);
    channel_.write_line(line);
  }

  std::string where() const { return reader_.where(); }

  TranscriptRound& begin_round(int round) {
    reader_.set_round(round);
    TranscriptRound log;
    log.round = round;
    log.available_before = position_.available;
    log.runner_before = position_.runner;
    transcript_.round_log.push_back(log);
    return transcript_.round_log.back();
  }

  // The contestant is the Runner; the judge plays the Trapper.
  std::string play_as_runner() {
    const std::unique_ptr<TrapperAdversary> trapper = make_trapper(test_.adversary);
    for (int round = 1; round <= test_.rounds; ++round) {
      TranscriptRound& log = begin_round(round);
      const std::vector<Square> query = trapper->query(position_, round);
      const SquareSet query_set = make_set(query);
      if (!is_legal_query(position_, query_set) ||
          static_cast<int>(query.size()) != size(query_set))
        throw JudgeFailure(where() + ": the judge's Trapper asked an illegal query");
      log.query = query;
      send(std::to_string(query.size()));
      if (!query.empty()) send(join_labels(query));

      const Answer answer =
          reader_.word({"Yes", "No"}, Message::what_answer) == "Yes" ? Answer::Yes : Answer::No;
      log.answer = answer;
      const SquareSet left = runner_after_answer(position_.runner, query_set, answer);
      log.runner_after_answer = left;
      // In round 1 there are no earlier answers: only the board limits the squares.
      if (left == kEmpty)
        reader_.fail(say(Message::answer_contradicts,
                         {{"answer", to_string(answer)},
                          {"query", describe(query_set)},
                          {"squares", describe(position_.runner)},
                          {"earlier", say(round == 1 ? Message::earlier_first_round
                                                     : Message::earlier_later_rounds)}}));
      position_.runner = left;

      const Square block = trapper->block(position_, round);
      if (!is_legal_block(position_, block))
        throw JudgeFailure(where() + ": the judge's Trapper blocked an unavailable square");
      log.block = block;
      history_.push_back(RoundRecord(query_set, answer, block));
      send(std::to_string(block));
      position_.available &= static_cast<SquareSet>(~single(block));
      const SquareSet moved = runner_after_move(left, position_.available);
      log.runner_after_move = moved;
      if (moved == kEmpty)
        reader_.fail(say(Message::trapped_after_block,
                         {{"block", std::to_string(block)}, {"squares", describe(left)}}),
                     false);
      if (reader_.word({"Free", "Trapped"}, Message::what_move) == "Trapped")
        reader_.fail(
            say(Message::false_trapped, {{"squares", describe(left)}, {"moved", describe(moved)}}));
      position_.runner = moved;
      position_.rounds_left--;
    }
    reader_.set_round(test_.rounds + 1);
    const std::vector<int> path =
        reader_.integers(static_cast<std::size_t>(test_.rounds) + 1, 1, 9, Message::what_proof);
    transcript_.runner_path.assign(path.begin(), path.end());
    if (Optional<std::string> wrong =
            path_violation(test_.start().available, history_, transcript_.runner_path))
      reader_.fail(say(Message::invalid_proof,
                       {{"path", path_text(transcript_.runner_path)}, {"why", *wrong}}));
    reader_.expect_end();
    return say(Message::runner_survived, {{"rounds", rounds_text(test_.rounds)},
                                          {"path", path_text(transcript_.runner_path)}});
  }

  // The contestant is the Trapper; the judge plays the Runner.
  std::string play_as_trapper() {
    const std::unique_ptr<RunnerAdversary> runner =
        make_runner(test_.adversary, test_.start().available);
    for (int round = 1; round <= test_.rounds; ++round) {
      TranscriptRound& log = begin_round(round);
      const int n = reader_.integer(0, size(position_.available), Message::what_query_size);
      std::vector<Square> query;
      if (n > 0)
        query =
            reader_.labels(static_cast<std::size_t>(n), position_.available, Message::what_query);
      const SquareSet query_set = make_set(query);
      log.query = query;

      const Answer answer = runner->answer(position_, query_set, round);
      const SquareSet left = runner_after_answer(position_.runner, query_set, answer);
      if (left == kEmpty)
        throw JudgeFailure(where() + ": the judge's Runner gave an answer that contradicts itself");
      log.answer = answer;
      log.runner_after_answer = left;
      send(to_string(answer));
      position_.runner = left;

      // An empty query has no list line; a blank line in its place is tolerated.
      const std::vector<Square> block =
          reader_.labels(1, position_.available, Message::what_block, /*skip_one_blank=*/n == 0);
      log.block = block[0];
      history_.push_back(RoundRecord(query_set, answer, block[0]));
      position_.available &= static_cast<SquareSet>(~single(block[0]));
      const bool free = runner->move(position_);
      const SquareSet moved = runner_after_move(left, position_.available);
      if (free && moved == kEmpty)
        throw JudgeFailure(where() + ": the judge's Runner moved although it was trapped");
      log.runner_after_move = free ? moved : kEmpty;
      position_.runner = moved;
      position_.rounds_left--;
      if (!free) {
        send("Trapped");
        reader_.expect_end();
        return say(Message::runner_trapped,
                   {{"round", std::to_string(round)}, {"rounds", std::to_string(test_.rounds)}});
      }
      send("Free");
    }
    transcript_.runner_path = runner->proof(test_.start().available, history_);
    reader_.set_round(test_.rounds);
    reader_.fail(say(Message::runner_escaped, {{"rounds", rounds_text(test_.rounds)},
                                               {"path", path_text(transcript_.runner_path)}}),
                 false);
  }

  const TestCase& test_;
  Channel& channel_;
  Transcript& transcript_;
  ContestantReader reader_;
  Position position_;
  std::vector<RoundRecord> history_;
};

}  // namespace

Outcome interact(const TestCase& test, Channel& channel, Transcript& transcript) {
  transcript.rounds = test.rounds;
  transcript.unavailable = test.unavailable;
  transcript.adversary = to_string(test.adversary.kind);
  transcript.seed = test.adversary.seed;
  // Room for a whole game at once (five lines a round at most, and the board, the claim and the
  // proof), within the transcript's bound: the corpus plays games by the million.
  const std::size_t rounds = test.rounds > 0 ? static_cast<std::size_t>(test.rounds) : 0;
  transcript.lines.reserve(std::min(kTranscriptMaxLines, transcript.lines.size() + 5 * rounds + 5));
  transcript.round_log.reserve(std::min(kTranscriptMaxLines, rounds));
  Outcome outcome;
  try {
    transcript.winner = to_string(test.winner());
    Game game(test, channel, transcript);
    outcome = Outcome(Outcome::Result::Accepted, game.play());
  } catch (const WrongAnswer& e) {
    outcome = Outcome(Outcome::Result::WrongAnswer, e.what());
    if (e.protocol()) {
      transcript.add_line(false, transcript.lines.empty() ? 0 : transcript.lines.back().round,
                          "-1");
      channel.write_line("-1");  // the contestant may be gone already: nothing more to do
    }
  } catch (const std::exception& e) {
    outcome = Outcome(Outcome::Result::JudgeError, std::string("judge error: ") + e.what());
  }
  transcript.verdict = to_string(outcome.result);
  transcript.message = outcome.message;
  return outcome;
}

}  // namespace entrapment
