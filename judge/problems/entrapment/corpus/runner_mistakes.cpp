// Mistakes of a contestant who claims the Runner correctly: answer rules short of the exact
// one, bookkeeping bugs in the candidate set, and misreadings of the query.
#include <functional>

#include "registry.hpp"
#include "search.hpp"

namespace entrapment::corpus {

namespace {

SquareSet yes_part(const PlayerState& s, SquareSet q) {
  return static_cast<SquareSet>(s.runner & q);
}
SquareSet no_part(const PlayerState& s, SquareSet q) {
  return static_cast<SquareSet>(s.runner & ~q);
}

// Yes when `prefer_yes` says so and Yes is possible, else No when possible, else Yes.
Answer consistent(bool prefer_yes, SquareSet yes, SquareSet no) {
  if (prefer_yes && yes != 0) return Answer::Yes;
  if (no != 0) return Answer::No;
  return Answer::Yes;
}

Behaviour answers_by(std::function<Answer(const PlayerState&, SquareSet)> answer) {
  return with_rule(&Behaviour::answer, std::move(answer));
}

// The reference answer rule with the horizon `horizon(r)` instead of the rounds left.
Behaviour answers_with_horizon(std::function<int(int)> horizon) {
  return answers_by([horizon](const PlayerState& s, SquareSet q) {
    return keeping_answer(s.available, s.runner, q, horizon(s.rounds_left()));
  });
}

Behaviour keeps_by(std::function<SquareSet(const PlayerState&, SquareSet, Answer)> kept) {
  return with_rule(&Behaviour::runner_kept, std::move(kept));
}

Behaviour moves_by(std::function<SquareSet(const PlayerState&, SquareSet, SquareSet)> moved) {
  return with_rule(&Behaviour::runner_moved, std::move(moved));
}

// The query read with std::binary_search over the labels as sent, as if they were sorted.
SquareSet binary_search_membership(const std::vector<int>& listed) {
  SquareSet q = kEmpty;
  for (int square = 1; square <= kSquares; ++square) {
    std::size_t low = 0, high = listed.size();  // lower_bound, as the library does it
    while (low < high) {
      const std::size_t mid = low + (high - low) / 2;
      if (listed[mid] < square)
        low = mid + 1;
      else
        high = mid;
    }
    if (low < listed.size() && listed[low] == square) q |= single(square);
  }
  return q;
}

}  // namespace

void add_runner_mistakes(std::vector<StrategyInfo>& out) {
  const auto add = adder_of_kind(out, "runner");
  add("mobility_runner", "answers with the side whose squares have more open neighbours", [] {
    return answers_by([](const PlayerState& s, SquareSet q) {
      const SquareSet yes = yes_part(s, q), no = no_part(s, q);
      const auto mobility = [&](SquareSet x) {
        return size(static_cast<SquareSet>(neighbourhood(x) & s.available));
      };
      return consistent(mobility(yes) >= mobility(no), yes, no);
    });
  });
  add("first_consistent_runner", "answers Yes whenever Yes is possible (answers do not matter)",
      [] {
        return answers_by([](const PlayerState& s, SquareSet q) {
          return consistent(true, yes_part(s, q), no_part(s, q));
        });
      });
  // Capped at 3 rounds the search is exact: no Runner board has R > 3 (measured; README).
  add("lookahead_runner_2", "answers by the exact search capped at 2 rounds of look-ahead",
      [] { return answers_with_horizon([](int r) { return std::min(r, 2); }); });
  add("runner_rounds_minus_one", "answers by the exact search with one round fewer than are left",
      [] { return answers_with_horizon([](int r) { return r - 1; }); });
  add("runner_rounds_plus_one", "answers by the exact search with one round more than are left",
      [] { return answers_with_horizon([](int r) { return r + 1; }); });
  add("runner_query_replaces_set",
      "on Yes replaces its candidate set by the query instead of intersecting with it", [] {
        return keeps_by([](const PlayerState& s, SquareSet q, Answer a) {
          return a == Answer::Yes ? q : no_part(s, q);
        });
      });
  add("runner_no_takes_complement",
      "on No takes every open square outside the query instead of its own squares outside it", [] {
        return keeps_by([](const PlayerState& s, SquareSet q, Answer a) {
          return a == Answer::Yes ? yes_part(s, q) : static_cast<SquareSet>(s.available & ~q);
        });
      });
  add("runner_never_narrows", "never narrows its candidate set by its own answers",
      [] { return keeps_by([](const PlayerState& s, SquareSet, Answer) { return s.runner; }); });
  add("runner_forgets_block",
      "moves its candidate set on the board before this round's block (the block forgotten)", [] {
        return moves_by([](const PlayerState& s, SquareSet kept, SquareSet) {
          return static_cast<SquareSet>(neighbourhood(kept) & s.available);
        });
      });
  add("runner_forgets_move",
      "forgets that the Runner moves: keeps the answered set, minus the block", [] {
        return moves_by([](const PlayerState& s, SquareSet kept, SquareSet blocked) {
          return static_cast<SquareSet>(kept & s.available & ~blocked);
        });
      });
  add("runner_ignores_empty_query", "after N = 0 waits for a line of labels that never comes", [] {
    Behaviour b;
    b.reads_list = [](int) { return true; };
    return b;
  });
  add("runner_binary_search_query",
      "tests membership in the query with a binary search, as if the labels came sorted", [] {
        Behaviour b;
        b.read_query = [](const PlayerState&, const std::vector<int>& listed) {
          return binary_search_membership(listed);
        };
        return b;
      });
}

}  // namespace entrapment::corpus
