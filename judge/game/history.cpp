#include "history.hpp"

namespace entrapment {

namespace {

std::string round_name(std::size_t i) { return "round " + std::to_string(i + 1); }

}  // namespace

Optional<std::string> path_violation(SquareSet available_at_start,
                                     const std::vector<RoundRecord>& rounds,
                                     const std::vector<Square>& path) {
  if (path.size() != rounds.size() + 1)
    return "the proof has " + std::to_string(path.size()) + " squares, expected " +
           std::to_string(rounds.size() + 1) + " (the start and one per round)";
  for (Square s : path)
    if (!is_label(s)) return "square " + std::to_string(s) + " is not a label 1..9";
  if (!contains(available_at_start, path[0]))
    return "start square " + std::to_string(path[0]) + " was unavailable at the start";
  SquareSet available = available_at_start;
  for (std::size_t i = 0; i < rounds.size(); ++i) {
    const RoundRecord& r = rounds[i];
    const Square here = path[i];
    const bool inside = contains(r.query, here);
    if (inside != (r.answer == Answer::Yes))
      return round_name(i) + ": the proof is on square " + std::to_string(here) + ", which is " +
             (inside ? "" : "not ") + "in the query " + describe(r.query) +
             ", but the answer was " + to_string(r.answer);
    available &= static_cast<SquareSet>(~single(r.block));
    const Square next = path[i + 1];
    if (!contains(neighbours(here), next))
      return round_name(i) + ": the move " + std::to_string(here) + " -> " + std::to_string(next) +
             " is not to an orthogonally adjacent square";
    if (!contains(available, next))
      return round_name(i) + ": the move " + std::to_string(here) + " -> " + std::to_string(next) +
             " goes to an unavailable square";
  }
  return kNothing;
}

Optional<std::vector<Square>> find_consistent_path(SquareSet available_at_start,
                                                   const std::vector<RoundRecord>& rounds) {
  // reachable[i]: squares the Runner can be on before round i's query (i = rounds.size():
  // after the last move), given all answers so far.
  std::vector<SquareSet> reachable(rounds.size() + 1);
  std::vector<SquareSet> available(rounds.size() + 1);
  reachable[0] = available[0] = available_at_start;
  for (std::size_t i = 0; i < rounds.size(); ++i) {
    available[i + 1] = static_cast<SquareSet>(available[i] & ~single(rounds[i].block));
    const SquareSet answered = runner_after_answer(reachable[i], rounds[i].query, rounds[i].answer);
    reachable[i + 1] = runner_after_move(answered, available[i + 1]);
  }
  if (reachable.back() == kEmpty) return kNothing;
  // Walk back from the smallest final square through squares that could have led there.
  std::vector<Square> path(rounds.size() + 1);
  path.back() = labels(reachable.back()).front();
  for (std::size_t i = rounds.size(); i-- > 0;) {
    const SquareSet answered = runner_after_answer(reachable[i], rounds[i].query, rounds[i].answer);
    path[i] = labels(answered & neighbours(path[i + 1])).front();
  }
  return path;
}

}  // namespace entrapment
