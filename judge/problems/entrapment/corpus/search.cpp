#include "search.hpp"

#include <algorithm>
#include <array>

#include "../game/solver.hpp"

namespace entrapment::corpus {

namespace {

Square lowest(SquareSet set) { return static_cast<Square>(__builtin_ctz(set) + 1); }

SquareSet without(SquareSet set, Square s) { return static_cast<SquareSet>(set & ~single(s)); }

// `__builtin_ctz(0) + 1` on a machine with TZCNT: the label a C++ program prints when it
// takes the lowest square of an empty set.
constexpr Square kLabelOfNothing = 33;

std::size_t at(int rounds, SquareSet available, SquareSet runner) {
  return (static_cast<std::size_t>(rounds) << 18) | (static_cast<std::size_t>(available) << 9) |
         runner;
}

// subset_loop.cpp's win() and keep(), replayed once for every position (the program's memo
// makes each call's fate a function of the position alone, so one shared table holds it).
class LoopTable {
 public:
  enum Fate : std::uint8_t { kUnknown, kFalse, kTrue, kLoops };

  static const LoopTable& instance() {
    static const LoopTable table;
    return table;
  }

  Fate win(SquareSet a, SquareSet s, int r) const { return win_[at(r, a, s)]; }
  Fate keep(SquareSet a, SquareSet x, int r) const { return keep_[at(r, a, x)]; }

 private:
  LoopTable() : win_(std::size_t{10} << 18, kUnknown), keep_(std::size_t{10} << 18, kUnknown) {
    for (int r = 0; r <= 9; ++r)
      for (unsigned a = 0; a <= kAllSquares; ++a)
        for (unsigned s = a;; s = (s - 1) & a) {
          compute_win(static_cast<SquareSet>(a), static_cast<SquareSet>(s), r);
          if (s == 0) break;
        }
  }

  Fate compute_win(SquareSet a, SquareSet s, int r) {
    if (s == 0) return kFalse;
    if (r == 0) return kTrue;
    Fate& fate = win_[at(r, a, s)];
    if (fate != kUnknown) return fate;
    // Without the break at t == 0 the loop only ends at a cut where both parts lose; on a
    // position the Runner wins there is none, and it spins for ever.
    if (Solver::instance().trap_round(a, s) > r) return fate = kLoops;
    for (SquareSet t = s;; t = static_cast<SquareSet>((t - 1) & s)) {
      const Fate first = compute_keep(a, t, r);
      if (first == kLoops) return fate = kLoops;
      if (first == kFalse) {
        const Fate second = compute_keep(a, static_cast<SquareSet>(s & ~t), r);
        if (second == kLoops) return fate = kLoops;
        if (second == kFalse) return fate = kFalse;
      }
    }
  }

  Fate compute_keep(SquareSet a, SquareSet x, int r) {
    if (x == 0) return kFalse;
    Fate& fate = keep_[at(r, a, x)];
    if (fate != kUnknown) return fate;
    for (Square b : labels(a)) {
      const SquareSet a2 = without(a, b);
      const SquareSet moved = runner_after_move(x, a2);
      if (moved == 0) return fate = kFalse;
      const Fate next = compute_win(a2, moved, r - 1);
      if (next == kLoops) return fate = kLoops;
      if (next == kFalse) return fate = kFalse;
    }
    return fate = kTrue;
  }

  std::vector<Fate> win_;
  std::vector<Fate> keep_;
};

// Trap rounds of two simpler games, by backward induction over the available squares like the
// solver: [available][runner] for the game without queries, [available][square] in plain sight.
class SimplerGames {
 public:
  static const SimplerGames& instance() {
    static const SimplerGames games;
    return games;
  }
  int without_queries(SquareSet a, SquareSet s) const { return no_query_[index(a, s)]; }
  int in_plain_sight(SquareSet a, Square s) const {
    return plain_[static_cast<std::size_t>(a) * 9 + static_cast<std::size_t>(s - 1)];
  }

 private:
  static std::size_t index(SquareSet a, SquareSet s) {
    return (static_cast<std::size_t>(a) << 9) | s;
  }

  SimplerGames() : no_query_(std::size_t{1} << 18, 0), plain_(std::size_t{512} * 9, 0) {
    std::vector<SquareSet> boards;
    for (unsigned a = 0; a <= kAllSquares; ++a) boards.push_back(static_cast<SquareSet>(a));
    std::stable_sort(boards.begin(), boards.end(),
                     [](SquareSet x, SquareSet y) { return size(x) < size(y); });
    for (SquareSet a : boards) {
      if (a == 0) continue;
      for (SquareSet s = a; s != 0; s = static_cast<SquareSet>((s - 1) & a)) {
        int best = 255;  // the Trapper's block that traps soonest
        for (Square b : labels(a)) {
          const SquareSet a2 = without(a, b);
          const SquareSet moved = runner_after_move(s, a2);
          best = std::min(best, moved == 0 ? 1 : 1 + no_query_[index(a2, moved)]);
        }
        no_query_[index(a, s)] = static_cast<std::uint8_t>(best);
      }
      for (Square s : labels(a)) {
        int best = 255;
        for (Square b : labels(a)) {
          const SquareSet a2 = without(a, b);
          int longest = 0;  // the Runner's move that survives longest
          for (Square n : labels(neighbours(s) & a2))
            longest = std::max(longest, in_plain_sight(a2, n));
          best = std::min(best, 1 + longest);
        }
        plain_[static_cast<std::size_t>(a) * 9 + static_cast<std::size_t>(s - 1)] =
            static_cast<std::uint8_t>(best);
      }
    }
  }

  std::vector<std::uint8_t> no_query_;
  std::vector<std::uint8_t> plain_;
};

}  // namespace

bool keeps(SquareSet available, SquareSet kept, int rounds) {
  if (kept == 0) return false;
  if (rounds <= 0) return true;
  const Solver& solver = Solver::instance();
  if ((kept & ~available) == 0) return solver.trap_round_after_answer(available, kept) > rounds;
  for (Square b : labels(available))
    if (solver.trap_round_after_block(without(available, b), kept) <= rounds) return false;
  return true;
}

// Whether the query `t` traps a Runner anywhere in `runner`: neither answer keeps it alive.
bool cut_traps(SquareSet available, SquareSet runner, SquareSet t, int rounds) {
  return !keeps(available, t, rounds) &&
         !keeps(available, static_cast<SquareSet>(runner & ~t), rounds);
}

bool wins(SquareSet available, SquareSet runner, int rounds) {
  if (runner == 0) return false;
  if (rounds <= 0) return true;
  if ((runner & ~available) == 0) return Solver::instance().trap_round(available, runner) > rounds;
  // A set with squares that are not available: the definition, cut by cut.
  const SquareSet low = static_cast<SquareSet>(runner & -runner);
  const SquareSet rest = static_cast<SquareSet>(runner & ~low);
  for (SquareSet sub = rest;; sub = static_cast<SquareSet>((sub - 1) & rest)) {
    const SquareSet t = static_cast<SquareSet>(sub | low);
    if (cut_traps(available, runner, t, rounds)) return false;
    if (sub == 0) break;
  }
  return true;
}

SquareSet first_losing_cut(SquareSet available, SquareSet runner, int rounds) {
  for (SquareSet t = runner;; t = static_cast<SquareSet>((t - 1) & runner)) {
    if (cut_traps(available, runner, t, rounds)) return t;
    if (t == 0) break;
  }
  return kEmpty;
}

Square first_trapping_block(SquareSet available, SquareSet kept, int rounds) {
  for (Square b : labels(available)) {
    const SquareSet a2 = without(available, b);
    const SquareSet moved = runner_after_move(kept, a2);
    if (moved == 0 || !wins(a2, moved, rounds - 1)) return b;
  }
  return lowest(available);
}

Answer keeping_answer(SquareSet available, SquareSet runner, SquareSet query, int rounds) {
  const SquareSet yes = static_cast<SquareSet>(runner & query);
  const SquareSet no = static_cast<SquareSet>(runner & ~query);
  const bool say_yes = keeps(available, yes, rounds) || (!keeps(available, no, rounds) && yes != 0);
  return say_yes ? Answer::Yes : Answer::No;
}

std::vector<Square> walk_back_proof(const std::vector<SquareSet>& kept, SquareSet final_squares) {
  std::vector<Square> path(kept.size() + 1, kLabelOfNothing);
  Square cur = final_squares != 0 ? lowest(final_squares) : kLabelOfNothing;
  path.back() = cur;
  for (std::size_t i = kept.size(); i-- > 0;) {
    if (!is_label(cur)) break;  // garbage in, garbage out: the rest stays kLabelOfNothing
    const SquareSet options = static_cast<SquareSet>(kept[i] & neighbours(cur));
    cur = options != 0 ? lowest(options) : kLabelOfNothing;
    path[i] = cur;
  }
  return path;
}

bool LoopingSearch::win_returns(SquareSet available, SquareSet runner, int rounds, bool& value) {
  if (runner == 0 || rounds == 0) {
    value = runner != 0;
    return true;
  }
  const LoopTable::Fate fate = LoopTable::instance().win(available, runner, rounds);
  value = fate == LoopTable::kTrue;
  return fate != LoopTable::kLoops;
}

bool LoopingSearch::query_returns(SquareSet available, SquareSet runner, int rounds) {
  const LoopTable& table = LoopTable::instance();
  auto keep = [&](SquareSet x) {
    return x == 0 ? LoopTable::kFalse : table.keep(available, x, rounds);
  };
  for (SquareSet t = runner;; t = static_cast<SquareSet>((t - 1) & runner)) {
    const LoopTable::Fate first = keep(t);
    if (first == LoopTable::kLoops) return false;
    if (first == LoopTable::kFalse) {
      const LoopTable::Fate second = keep(static_cast<SquareSet>(runner & ~t));
      if (second == LoopTable::kLoops) return false;
      if (second == LoopTable::kFalse) return true;
    }
    if (t == 0) return true;
  }
}

bool LoopingSearch::block_returns(SquareSet available, SquareSet kept, int rounds) {
  for (Square b : labels(available)) {
    const SquareSet a2 = without(available, b);
    const SquareSet moved = runner_after_move(kept, a2);
    if (moved == 0) return true;
    bool value = false;
    if (!win_returns(a2, moved, rounds - 1, value)) return false;
    if (!value) return true;
  }
  return true;
}

bool runner_wins_in_plain_sight(SquareSet available, int rounds) {
  for (Square s : labels(available))
    if (SimplerGames::instance().in_plain_sight(available, s) > rounds) return true;
  return false;
}

bool runner_wins_without_queries(SquareSet available, int rounds) {
  return available != 0 && SimplerGames::instance().without_queries(available, available) > rounds;
}

}  // namespace entrapment::corpus
