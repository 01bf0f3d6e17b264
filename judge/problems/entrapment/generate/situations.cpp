#include "situations.hpp"

#include <algorithm>

#include "../adversary/kind.hpp"

namespace entrapment {

namespace {

enum Index {
  kUnsortedBoard,
  kEmptyQuery,
  kFullQuery,
  kUnsortedQuery,
  kPaddedQuery,
  kBlockUnderRunner,
  kEarlyTrap,
  kAnswerOverruled,
  kCount
};

}  // namespace

const std::vector<Situation>& situations() {
  static const std::vector<Situation> list = {
      {"unsorted_board", "the unavailable squares are not listed in increasing order"},
      {"empty_query", "the judge asks about no square (N = 0, no list line)"},
      {"full_query", "the judge asks about every available square"},
      {"unsorted_query", "the judge lists a query's squares out of order"},
      {"padded_query", "the judge's query holds squares the Runner cannot be on"},
      {"block_under_runner", "the judge blocks a square the Runner may be standing on"},
      {"early_trap", "the judge's Runner is trapped before the last round (stop at Trapped)"},
      {"answer_overruled", "the judge's Runner answers against its script rather than lie"},
  };
  return list;
}

std::vector<int> situations_in(const TestCase& test, const Transcript& game) {
  std::vector<bool> seen(kCount, false);
  seen[kUnsortedBoard] = !std::is_sorted(test.unavailable.begin(), test.unavailable.end());
  const bool judge_is_trapper = test.winner() == Side::Runner;
  for (const TranscriptRound& r : game.round_log) {
    if (judge_is_trapper) {
      const SquareSet query = make_set(r.query);
      seen[kEmptyQuery] = seen[kEmptyQuery] || r.query.empty();
      seen[kFullQuery] = seen[kFullQuery] || (query == r.available_before && !r.query.empty());
      seen[kUnsortedQuery] =
          seen[kUnsortedQuery] || !std::is_sorted(r.query.begin(), r.query.end());
      seen[kPaddedQuery] =
          seen[kPaddedQuery] || (query & ~r.runner_before & r.available_before) != kEmpty;
      seen[kBlockUnderRunner] =
          seen[kBlockUnderRunner] || (r.block != 0 && contains(r.runner_after_answer, r.block));
    } else {
      seen[kEarlyTrap] = seen[kEarlyTrap] ||
                         (r.runner_after_move == kEmpty && r.block != 0 && r.round < test.rounds);
      const auto& script = test.adversary.runner_script;
      if (test.adversary.kind == AdversaryKind::Scripted && r.answer &&
          static_cast<std::size_t>(r.round) <= script.size())
        seen[kAnswerOverruled] =
            seen[kAnswerOverruled] || *r.answer != script[static_cast<std::size_t>(r.round - 1)];
    }
  }
  std::vector<int> out;
  for (int i = 0; i < kCount; ++i)
    if (seen[i]) out.push_back(i);
  return out;
}

}  // namespace entrapment
