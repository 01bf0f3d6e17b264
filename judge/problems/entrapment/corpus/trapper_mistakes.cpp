// Mistakes of a contestant who claims the Trapper correctly: searches with the wrong horizon,
// naive queries and blocks, and bookkeeping bugs in where the Runner can be.
#include <functional>

#include "registry.hpp"
#include "search.hpp"

namespace entrapment::corpus {

namespace {

// The reference query and block, searched with `horizon(r)` rounds instead of the rounds left.
Behaviour searches_with_horizon(std::function<int(int)> horizon) {
  Behaviour b;
  b.query = [horizon](const PlayerState& s) {
    return first_losing_cut(s.available, s.runner, horizon(s.rounds_left()));
  };
  b.block = [horizon](const PlayerState& s, SquareSet kept) {
    return first_trapping_block(s.available, kept, horizon(s.rounds_left()));
  };
  return b;
}

Behaviour keeps_by(std::function<SquareSet(const PlayerState&, SquareSet, Answer)> kept) {
  return with_rule(&Behaviour::trapper_kept, std::move(kept));
}

Behaviour moves_by(std::function<SquareSet(const PlayerState&, SquareSet, Square)> moved) {
  return with_rule(&Behaviour::trapper_moved, std::move(moved));
}

SquareSet lower_half(SquareSet set) {
  const std::vector<Square> squares = labels(set);
  SquareSet out = kEmpty;
  for (std::size_t i = 0; i < (squares.size() + 1) / 2; ++i) out |= single(squares[i]);
  return out;
}

}  // namespace

void add_trapper_mistakes(std::vector<StrategyInfo>& out) {
  const auto add = adder_of_kind(out, "trapper");
  // Capped at 3 rounds the search never lost a game (no trap takes more than 4 rounds, and
  // with 4 or more rounds left any play keeps the win): measured, so it is not in the corpus.
  for (int k = 1; k <= 2; ++k)
    add("lookahead_trapper_" + std::to_string(k),
        "chooses queries and blocks by the exact search capped at " + std::to_string(k) + " round" +
            (k > 1 ? "s" : ""),
        [k] { return searches_with_horizon([k](int r) { return std::min(r, k); }); });
  add("trapper_rounds_plus_one", "searches with one round more than are left (off by one)",
      [] { return searches_with_horizon([](int r) { return r + 1; }); });
  add("trapper_rounds_minus_one", "searches with one round fewer than are left (off by one)",
      [] { return searches_with_horizon([](int r) { return r - 1; }); });
  add("trapper_half_query", "asks about the lower half of the Runner's squares (binary search)",
      [] {
        Behaviour b;
        b.query = [](const PlayerState& s) { return lower_half(s.runner); };
        return b;
      });
  add("trapper_never_asks", "never asks (queries seem useless against a Runner who lies)", [] {
    Behaviour b;
    b.query = [](const PlayerState&) { return kEmpty; };
    return b;
  });
  add("trapper_blocks_runner_square", "blocks the lowest square the Runner may be standing on", [] {
    Behaviour b;
    Behaviour reference;
    b.block = [fallback = reference.block](const PlayerState& s, SquareSet kept) {
      const SquareSet on = static_cast<SquareSet>(kept & s.available);
      return on != 0 ? static_cast<Square>(__builtin_ctz(on) + 1) : fallback(s, kept);
    };
    return b;
  });
  add("trapper_block_before_answer", "chooses the block from the squares before the answer", [] {
    Behaviour b;
    b.block = [](const PlayerState& s, SquareSet) {
      return first_trapping_block(s.available, s.runner, s.rounds_left());
    };
    return b;
  });
  add("trapper_swaps_answers", "keeps the squares outside the query on Yes and inside on No", [] {
    return keeps_by([](const PlayerState& s, SquareSet q, Answer a) {
      return runner_after_answer(s.runner, q, a == Answer::Yes ? Answer::No : Answer::Yes);
    });
  });
  add("trapper_query_replaces_set",
      "takes the query itself on Yes and every open square outside it on No", [] {
        return keeps_by([](const PlayerState& s, SquareSet q, Answer a) {
          return a == Answer::Yes ? q : static_cast<SquareSet>(s.available & ~q);
        });
      });
  add("trapper_ignores_answers", "never narrows where the Runner can be by its answers",
      [] { return keeps_by([](const PlayerState& s, SquareSet, Answer) { return s.runner; }); });
  add("trapper_forgets_block",
      "moves the Runner's squares on the board before this round's block (the block forgotten)",
      [] {
        return moves_by([](const PlayerState& s, SquareSet kept, Square) {
          return static_cast<SquareSet>(neighbourhood(kept) & s.available);
        });
      });
  add("trapper_forgets_move",
      "forgets that the Runner moves: keeps the answered set, minus the block", [] {
        return moves_by([](const PlayerState& s, SquareSet kept, Square b) {
          return static_cast<SquareSet>(kept & s.available & ~single(b));
        });
      });
  add("trapper_one_round_short", "plays R - 1 rounds as the Trapper and exits (off by one)", [] {
    Behaviour b;
    b.trapper_rounds_short = 1;
    return b;
  });
}

}  // namespace entrapment::corpus
