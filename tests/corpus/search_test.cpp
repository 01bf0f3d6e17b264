// The corpus's searches (judge/problems/entrapment/corpus/search.hpp answer from the solver's
// table) against a naive transcription of solutions/accepted/reference.cpp's win() and keep(),
// written here separately, on every position; and subset_loop.cpp's endless loop against a literal
// simulation that notices when the cut loop wraps around.
#include "problems/entrapment/corpus/search.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <tuple>

#include "problems/entrapment/game/rules.hpp"

namespace entrapment::corpus {
namespace {

// reference.cpp, literally: keep(a, x, r) and win(a, s, r) on 9-bit masks, memoised.
class NaiveReference {
 public:
  bool keep(int a, int x, int r) {
    if (x == 0) return false;
    if (r <= 0) return true;  // the corpus's convention for a horizon of zero rounds
    auto [it, fresh] = keep_.try_emplace(std::make_tuple(a, x, r), false);
    if (!fresh) return it->second;
    bool ok = true;
    for (int b = 0; b < 9 && ok; b++) {
      if (!(a >> b & 1)) continue;
      const int a2 = a & ~(1 << b);
      const int moved = hood(x) & a2;
      if (moved == 0 || !win(a2, moved, r - 1)) ok = false;
    }
    return keep_[std::make_tuple(a, x, r)] = ok;
  }

  bool win(int a, int s, int r) {
    if (s == 0) return false;
    if (r <= 0) return true;
    auto [it, fresh] = win_.try_emplace(std::make_tuple(a, s, r), false);
    if (!fresh) return it->second;
    bool ok = true;
    const int low = s & -s;
    const int rest = s & ~low;
    for (int sub = rest;; sub = (sub - 1) & rest) {
      const int t = sub | low;
      if (!keep(a, t, r) && !keep(a, s & ~t, r)) {
        ok = false;
        break;
      }
      if (sub == 0) break;
    }
    return win_[std::make_tuple(a, s, r)] = ok;
  }

  static int hood(int x) {
    int out = 0;
    for (int i = 0; i < 9; i++)
      if (x >> i & 1) {
        const int row = i / 3, col = i % 3;
        if (row > 0) out |= 1 << (i - 3);
        if (row < 2) out |= 1 << (i + 3);
        if (col > 0) out |= 1 << (i - 1);
        if (col < 2) out |= 1 << (i + 1);
      }
    return out;
  }

 private:
  std::map<std::tuple<int, int, int>, bool> keep_, win_;
};

// subset_loop.cpp's win(), literally, except that a cut loop that comes back to t = s has
// looped: -1 for "never returns", else 0 or 1.
class NaiveLoop {
 public:
  int keep(int a, int x, int r) {
    if (x == 0) return 0;
    for (int b = 0; b < 9; b++) {
      if (!(a >> b & 1)) continue;
      const int a2 = a & ~(1 << b);
      const int moved = NaiveReference::hood(x) & a2;
      if (moved == 0) return 0;
      const int w = win(a2, moved, r - 1);
      if (w != 1) return w;
    }
    return 1;
  }
  int win(int a, int s, int r) {
    if (s == 0) return 0;
    if (r == 0) return 1;
    const auto key = std::make_tuple(a, s, r);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    int result = -1;
    for (int t = s, wrapped = 0;; t = (t - 1) & s) {
      if (t == s && wrapped++ == 1) break;  // back at the start: it spins for ever
      const int first = keep(a, t, r);
      if (first < 0) break;
      if (first == 0) {
        const int second = keep(a, s & ~t, r);
        if (second < 0) break;
        if (second == 0) {
          result = 0;
          break;
        }
      }
    }
    return memo_[key] = result;
  }

 private:
  std::map<std::tuple<int, int, int>, int> memo_;
};

// Every position with at most `max_open` available squares.
template <typename Visit>
void every_position(int max_open, Visit visit) {
  for (int a = 1; a < 512; ++a) {
    if (__builtin_popcount(a) > max_open) continue;
    for (int s = a;; s = (s - 1) & a) {
      visit(static_cast<SquareSet>(a), static_cast<SquareSet>(s));
      if (s == 0) break;
    }
  }
}

TEST(CorpusSearch, KeepsAndWinsAreTheReferenceSolutionsFunctions) {
  NaiveReference naive;
  long checked = 0;
  every_position(7, [&](SquareSet a, SquareSet s) {
    for (int r = 0; r <= 4; ++r) {
      ASSERT_EQ(wins(a, s, r), naive.win(a, s, r)) << describe(a) << describe(s) << r;
      ASSERT_EQ(keeps(a, s, r), naive.keep(a, s, r)) << describe(a) << describe(s) << r;
      ++checked;
    }
  });
  EXPECT_GT(checked, 50000);
}

TEST(CorpusSearch, KeepsAcceptsSetsWithUnavailableSquares) {
  NaiveReference naive;
  // query_stale_squares.cpp passes sets that still hold blocked squares.
  for (int a = 1; a < 512; a += 7)
    for (int x = 1; x < 512; x += 5)
      for (int r = 1; r <= 3; ++r)
        ASSERT_EQ(keeps(static_cast<SquareSet>(a), static_cast<SquareSet>(x), r),
                  naive.keep(a, x, r))
            << a << " " << x << " " << r;
}

TEST(CorpusSearch, FirstCutBlockAndAnswerAreTheReferences) {
  NaiveReference naive;
  every_position(6, [&](SquareSet a, SquareSet s) {
    if (s == 0) return;
    for (int r = 1; r <= 3; ++r) {
      int cut = 0;  // playTrapper's loop
      for (int t = s;; t = (t - 1) & s) {
        if (!naive.keep(a, t, r) && !naive.keep(a, s & ~t, r)) {
          cut = t;
          break;
        }
        if (t == 0) break;
      }
      ASSERT_EQ(first_losing_cut(a, s, r), cut);
      int block = -1;  // its block loop, for the Runner kept on s
      for (int b = 0; b < 9 && block < 0; b++) {
        if (!(a >> b & 1)) continue;
        const int a2 = a & ~(1 << b);
        const int moved = NaiveReference::hood(s) & a2;
        if (moved == 0 || !naive.win(a2, moved, r - 1)) block = b;
      }
      if (block < 0) block = __builtin_ctz(a);
      ASSERT_EQ(first_trapping_block(a, s, r), block + 1);
      for (SquareSet q : {static_cast<SquareSet>(s & 0x0F), static_cast<SquareSet>(a & 0x155)}) {
        const int yes = s & q, no = s & ~q;
        const bool say_yes = naive.keep(a, yes, r) || (!naive.keep(a, no, r) && yes != 0);
        ASSERT_EQ(keeping_answer(a, s, q, r), say_yes ? Answer::Yes : Answer::No);
      }
    }
  });
}

TEST(CorpusSearch, TheEndlessCutLoopIsFoundWhereTheProgramSpins) {
  NaiveLoop naive;
  int loops = 0, returns = 0;
  every_position(6, [&](SquareSet a, SquareSet s) {
    for (int r = 0; r <= 3; ++r) {
      bool value = false;
      const bool returned = LoopingSearch::win_returns(a, s, r, value);
      const int expected = naive.win(a, s, r);
      ASSERT_EQ(returned, expected >= 0) << describe(a) << describe(s) << r;
      if (returned) {
        ASSERT_EQ(value, expected == 1);
      }
      (returned ? returns : loops)++;
    }
  });
  EXPECT_GT(loops, 1000);
  EXPECT_GT(returns, 1000);
}

TEST(CorpusSearch, TheSimplerGamesAreWhatTheyClaim) {
  // Plain sight: the Trapper sees the Runner; the Runner moves to a neighbour each round.
  std::map<std::tuple<int, int, int>, bool> memo;
  std::function<bool(int, int, int)> survives = [&](int a, int square, int r) -> bool {
    if (r == 0) return true;
    const auto key = std::make_tuple(a, square, r);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    bool ok = true;
    for (int b = 0; b < 9 && ok; ++b) {
      if (!(a >> b & 1)) continue;
      const int a2 = a & ~(1 << b);
      bool escape = false;
      for (int n = 0; n < 9; ++n)
        if ((NaiveReference::hood(1 << square) & a2) >> n & 1) escape |= survives(a2, n, r - 1);
      ok = escape;
    }
    return memo[key] = ok;
  };
  // Without queries: the Runner's set is never cut.
  std::function<bool(int, int, int)> no_queries = [&](int a, int s, int r) -> bool {
    if (s == 0) return false;
    if (r == 0) return true;
    for (int b = 0; b < 9; ++b) {
      if (!(a >> b & 1)) continue;
      const int a2 = a & ~(1 << b);
      if (!no_queries(a2, NaiveReference::hood(s) & a2, r - 1)) return false;
    }
    return true;
  };
  for (int a = 1; a < 512; a += 3)
    for (int r = 1; r <= 3; ++r) {
      bool sight = false;
      for (int sq = 0; sq < 9; ++sq)
        if (a >> sq & 1) sight |= survives(a, sq, r);
      ASSERT_EQ(runner_wins_in_plain_sight(static_cast<SquareSet>(a), r), sight) << a << " " << r;
      ASSERT_EQ(runner_wins_without_queries(static_cast<SquareSet>(a), r), no_queries(a, a, r))
          << a << " " << r;
    }
}

TEST(CorpusSearch, AWalkBackProofFollowsTheKeptSets) {
  // Kept {1,2} then {5}: the walk must end on a neighbour of 5 and pass through 2 (next to 5).
  const std::vector<Square> path =
      walk_back_proof({make_set({1, 2}), make_set({5})}, make_set({4, 6}));
  EXPECT_EQ(path, (std::vector<Square>{2, 5, 4}));
  // No square of the kept set next to the walk: the garbage a C++ program would print.
  EXPECT_EQ(walk_back_proof({make_set({9})}, make_set({1})), (std::vector<Square>{33, 1}));
}

}  // namespace
}  // namespace entrapment::corpus
