#include "losing_move.hpp"

#include "../game/solver.hpp"

namespace entrapment::report {

namespace {

std::string rounds_phrase(int round) { return "by round " + std::to_string(round); }

// The Runner's answer in `r`, with `rounds_left` rounds left before the query.
std::string runner_mistake(const TranscriptRound& r, int rounds_left) {
  const Solver& solver = Solver::instance();
  const Position before{r.available_before, r.runner_before, rounds_left};
  if (!r.answer || !solver.runner_wins(before)) return "";
  const SquareSet query = make_set(r.query);
  if (solver.answer_keeps_win(before, query, *r.answer)) return "";
  const Answer other = *r.answer == Answer::Yes ? Answer::No : Answer::Yes;
  const Position after{r.available_before, r.runner_after_answer, rounds_left};
  const int trap = solver.trap_round_after_answer(after.available, after.runner);
  std::string text = "round " + std::to_string(r.round) + ": answering " + to_string(*r.answer) +
                     " to " +
                     (query == kEmpty ? std::string("the empty query") : join_labels(r.query)) +
                     " lost: the Trapper could then trap you " + rounds_phrase(r.round + trap - 1) +
                     " whatever you did";
  if (solver.answer_keeps_win(before, query, other))
    text += std::string("; ") + to_string(other) + " kept your win";
  return text;
}

// The Trapper's query or block in `r`.
std::string trapper_mistake(const TranscriptRound& r, int rounds_left) {
  const Solver& solver = Solver::instance();
  const Position before{r.available_before, r.runner_before, rounds_left};
  if (solver.runner_wins(before)) return "";
  const SquareSet query = make_set(r.query);
  if (!solver.query_keeps_win(before, query)) {
    std::string text = "round " + std::to_string(r.round) + ": the query " +
                       (query == kEmpty ? std::string("0 (empty)") : join_labels(r.query)) +
                       " lost: one of the answers lets the Runner escape whatever you block";
    const std::vector<SquareSet> good = solver.winning_queries(before);
    if (!good.empty())
      text += "; asking " +
              (good.front() == kEmpty ? std::string("0 (empty)") : join_labels(good.front())) +
              " kept your win";
    return text;
  }
  if (r.block == 0 || !r.answer) return "";
  const Position after_answer{r.available_before, r.runner_after_answer, rounds_left};
  if (solver.block_keeps_win(after_answer, r.block)) return "";
  std::string text = "round " + std::to_string(r.round) + ": blocking " + std::to_string(r.block) +
                     " lost: the Runner could then escape";
  const std::vector<Square> good = solver.winning_blocks(after_answer);
  if (!good.empty()) {
    std::string list;
    for (Square s : good) list += (list.empty() ? "" : " or ") + std::to_string(s);
    text += "; blocking " + list + " kept your win";
  }
  return text;
}

}  // namespace

std::string losing_move(const TestCase& test, const Transcript& transcript) {
  if (transcript.claimed.empty()) return "";
  const Side winner = test.winner();
  if (transcript.claimed != to_string(winner)) {
    const Optional<int> trap = Solver::instance().forced_trap_round(test.start());
    return "your claim " + transcript.claimed + " lost: " +
           (trap ? "the Trapper can trap the Runner " + rounds_phrase(*trap) +
                       " whatever the Runner answers"
                 : "the Runner survives all " + std::to_string(test.rounds) +
                       " rounds whatever the Trapper asks and blocks");
  }
  const bool runner = winner == Side::Runner;
  for (const TranscriptRound& r : transcript.round_log) {
    const int rounds_left = test.rounds - r.round + 1;
    const std::string mistake =
        runner ? runner_mistake(r, rounds_left) : trapper_mistake(r, rounds_left);
    if (!mistake.empty()) return mistake;
  }
  return "";
}

}  // namespace entrapment::report
