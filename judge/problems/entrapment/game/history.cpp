#include "history.hpp"

#include "messages.hpp"

namespace entrapment {

Optional<std::string> path_violation(SquareSet available_at_start,
                                     const std::vector<RoundRecord>& rounds,
                                     const std::vector<Square>& path) {
  if (path.size() != rounds.size() + 1)
    return say(Message::proof_length, {{"count", std::to_string(path.size())},
                                       {"expected", std::to_string(rounds.size() + 1)}});
  for (Square s : path)
    if (!is_label(s)) return say(Message::proof_not_a_label, {{"square", std::to_string(s)}});
  if (!contains(available_at_start, path[0]))
    return say(Message::proof_start_unavailable, {{"square", std::to_string(path[0])}});
  SquareSet available = available_at_start;
  for (std::size_t i = 0; i < rounds.size(); ++i) {
    const RoundRecord& r = rounds[i];
    const Square here = path[i];
    const std::string round = std::to_string(i + 1);
    const bool inside = contains(r.query, here);
    if (inside != (r.answer == Answer::Yes))
      return say(inside ? Message::proof_in_query : Message::proof_not_in_query,
                 {{"round", round},
                  {"square", std::to_string(here)},
                  {"query", describe(r.query)},
                  {"answer", to_string(r.answer)}});
    available &= static_cast<SquareSet>(~single(r.block));
    const Square next = path[i + 1];
    if (!contains(neighbours(here), next))
      return say(Message::proof_not_adjacent,
                 {{"round", round}, {"from", std::to_string(here)}, {"to", std::to_string(next)}});
    if (!contains(available, next))
      return say(Message::proof_to_unavailable,
                 {{"round", round}, {"from", std::to_string(here)}, {"to", std::to_string(next)}});
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
