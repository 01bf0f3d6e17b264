#include "selection.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <tuple>

#include "../adversary/kind.hpp"
#include "../adversary/random.hpp"
#include "boards.hpp"
#include "situations.hpp"

namespace entrapment {

namespace {

constexpr int kFlipPairs = 4;  // boards where the winner changes when R grows by one, in pairs

// A selected test's description: "WHAT on BOARD: REASON; REASON[; role decision: ... claim the
// wrong side]" (reasons_in() reads the reasons back).
constexpr const char* kAfterBoard = ": ";
constexpr const char* kBetweenReasons = "; ";
constexpr const char* kRoleDecision = "; role decision: ";

using BoardKey = std::pair<int, SquareSet>;  // rounds, unavailable squares

BoardKey key_of(const TestLine& line) { return {line.rounds, line.unavailable_set()}; }

// What the judge plays and how: "adaptive as Trapper", "scripted answers=yes as Runner".
std::string adversary_role(const TestLine& line) {
  const Side judge = winner(Board{line.rounds, line.unavailable_set()}) == Side::Runner
                         ? Side::Trapper
                         : Side::Runner;
  return line.adversary_text() + " as " + to_string(judge);
}

std::string file_name(std::size_t index, const TestLine& line) {
  std::string number = std::to_string(index + 1);
  number.insert(0, number.size() < 3 ? 3 - number.size() : 0, '0');
  std::string name = number + "-" + board_name(Board{line.rounds, line.unavailable_set()}) + "-" +
                     to_string(line.adversary);
  if (!line.queries.empty()) name += "-queries-" + line.queries;
  if (!line.answers.empty()) name += "-answers-" + line.answers;
  return name;
}

std::string board_words(const BoardKey& board) {
  std::string out = "R = " + std::to_string(board.first) + ", ";
  out += board.second == kEmpty ? "no square unavailable" : "unavailable " + describe(board.second);
  return out;
}

class Selector {
 public:
  // hits[c]: the targets (strategies to reject, situations to show) candidate c covers;
  // need[t]: how many chosen tests target t needs.
  Selector(const std::vector<Candidate>& candidates, const corpus::KillMatrix& hits,
           const std::vector<int>& need, std::size_t targets)
      : candidates_(candidates),
        hits_(hits),
        need_(need),
        covered_(targets, 0),
        reasons_(candidates.size()),
        is_chosen_(candidates.size(), false) {}

  // Ensures a chosen test satisfies `fits`, choosing the best candidate that does when none
  // does; the test gets `reason` in its description. False when no candidate fits.
  bool require(const std::function<bool(const Candidate&)>& fits, const std::string& reason) {
    for (std::size_t c : chosen_)
      if (fits(candidates_[c])) {
        note(c, reason);
        return true;
      }
    const std::optional<std::size_t> best = best_where(fits);
    if (!best) return false;
    choose(*best, reason);
    return true;
  }

  // Boards where the winner changes when R grows by one: `pairs` pairs (the Runner board with
  // R, the Trapper board with R + 1, same squares), counting pairs already chosen.
  void require_flips(int pairs) {
    std::vector<BoardKey> runner_sides;  // the R of each flip: Runner wins R, Trapper wins R + 1
    for (const Board& b : all_boards()) {
      const Board next{b.rounds + 1, b.unavailable};
      if (!is_valid_board(next.rounds, next.unavailable)) continue;
      if (winner(b) == Side::Runner && winner(next) == Side::Trapper)
        runner_sides.push_back({b.rounds, b.unavailable});
    }
    auto on = [](const BoardKey& board) {
      return [board](const Candidate& c) { return key_of(c.line) == board; };
    };
    auto reason = [](const BoardKey& board) {
      return "winner flip: the Runner wins with " + board_words(board) + ", the Trapper with " +
             std::to_string(board.first + 1) + " rounds";
    };
    std::vector<BoardKey> pending;
    int present = 0;
    for (const BoardKey& flip : runner_sides) {
      const BoardKey next{flip.first + 1, flip.second};
      if (has_chosen(on(flip)) && has_chosen(on(next))) {
        ++present;
        require(on(flip), reason(flip));
        require(on(next), reason(flip));
      } else {
        pending.push_back(flip);
      }
    }
    for (; present < pairs && !pending.empty(); ++present) {
      // The pair whose two best tests gain the most.
      std::size_t best = 0;
      std::tuple<int, int> best_score{-1, -1};
      for (std::size_t i = 0; i < pending.size(); ++i) {
        const BoardKey next{pending[i].first + 1, pending[i].second};
        std::tuple<int, int> score{0, 0};
        for (const BoardKey& board : {pending[i], next})
          if (const std::optional<std::size_t> c = best_where(on(board)))
            score = {std::get<0>(score) + gain(*c),
                     std::get<1>(score) + static_cast<int>(hits_[*c].size())};
        if (score > best_score) {
          best_score = score;
          best = i;
        }
      }
      const BoardKey flip = pending[best];
      require(on(flip), reason(flip));
      require(on({flip.first + 1, flip.second}), reason(flip));
      pending.erase(pending.begin() + static_cast<std::ptrdiff_t>(best));
    }
  }

  // Adds the best test until every target (a strategy to reject, a situation to show; named
  // by `names`) is covered as often as it needs to be.
  void cover(const std::vector<std::string>& names) {
    for (;;) {
      const std::optional<std::size_t> best =
          best_where([](const Candidate&) { return true; }, /*useful_only=*/true);
      if (!best) return;
      std::string wanted;
      for (int s : hits_[*best])
        if (covered_[s] < need_[s]) wanted += (wanted.empty() ? "" : ", ") + names[s];
      choose(*best, "for " + wanted);
    }
  }

  // Takes candidate c whatever it gains (a test written by hand, or kept from the previous
  // selection), with the reasons it is there.
  void take(std::size_t c, const std::vector<std::string>& reasons) {
    is_chosen_[c] = true;
    chosen_.push_back(c);
    for (int s : hits_[c]) ++covered_[s];
    for (const std::string& reason : reasons) note(c, reason);
  }

  bool is_chosen(std::size_t c) const { return is_chosen_[c]; }

  const std::vector<std::size_t>& chosen() const { return chosen_; }
  const std::vector<std::string>& reasons(std::size_t c) const { return reasons_[c]; }
  const std::vector<int>& covered() const { return covered_; }

 private:
  int gain(std::size_t c) const {
    int g = 0;
    for (int s : hits_[c]) g += covered_[s] < need_[s];
    return g;
  }

  bool has_chosen(const std::function<bool(const Candidate&)>& fits) const {
    for (std::size_t c : chosen_)
      if (fits(candidates_[c])) return true;
    return false;
  }

  std::optional<std::size_t> best_where(const std::function<bool(const Candidate&)>& fits,
                                        bool useful_only = false) const {
    std::optional<std::size_t> best;
    std::tuple<int, int> best_score{-1, -1};
    for (std::size_t c = 0; c < candidates_.size(); ++c) {
      if (is_chosen_[c] || !fits(candidates_[c])) continue;
      const std::tuple<int, int> score{gain(c), static_cast<int>(hits_[c].size())};
      if (useful_only && std::get<0>(score) == 0) continue;
      if (score > best_score) {  // strictly: the earliest candidate wins ties
        best_score = score;
        best = c;
      }
    }
    return best;
  }

  void choose(std::size_t c, const std::string& reason) { take(c, {reason}); }

  void note(std::size_t c, const std::string& reason) {
    std::vector<std::string>& r = reasons_[c];
    if (std::find(r.begin(), r.end(), reason) == r.end()) r.push_back(reason);
  }

  const std::vector<Candidate>& candidates_;
  const corpus::KillMatrix& hits_;
  const std::vector<int>& need_;
  std::vector<int> covered_;
  std::vector<std::vector<std::string>> reasons_;
  std::vector<bool> is_chosen_;
  std::vector<std::size_t> chosen_;
};

// Every adversary, each script kind, on each side where it plays.
std::vector<std::pair<std::string, std::function<bool(const Candidate&)>>> adversary_kinds() {
  std::vector<std::pair<std::string, std::function<bool(const Candidate&)>>> out;
  auto judge_plays = [](const TestLine& line) {
    return winner(Board{line.rounds, line.unavailable_set()}) == Side::Runner ? Side::Trapper
                                                                              : Side::Runner;
  };
  for (AdversaryKind s : {AdversaryKind::Adaptive, AdversaryKind::Random})
    for (Side side : {Side::Trapper, Side::Runner})
      out.push_back({std::string("every adversary: ") + to_string(s) + " as " + to_string(side),
                     [s, side, judge_plays](const Candidate& c) {
                       return c.line.adversary == s && judge_plays(c.line) == side;
                     }});
  out.push_back({"every adversary: committed as Runner",
                 [](const Candidate& c) { return c.line.adversary == AdversaryKind::Committed; }});
  for (const std::string& q : query_scripts())
    out.push_back({"every adversary: scripted queries=" + q + " as Trapper",
                   [q](const Candidate& c) { return c.line.queries == q; }});
  for (const std::string& a : answer_scripts())
    out.push_back({"every adversary: scripted answers=" + a + " as Runner",
                   [a](const Candidate& c) { return c.line.answers == a; }});
  return out;
}

}  // namespace

std::vector<Candidate> candidate_pool(const std::vector<Candidate>& exhaustive,
                                      const SelectParams& params) {
  std::vector<Candidate> out = exhaustive;
  Random random(params.seed);
  for (int round = 0; round < params.seeds; ++round)
    for (const Board& board : all_boards()) {
      const bool judge_is_runner = winner(board) == Side::Trapper;
      auto add = [&](AdversaryKind strategy, std::string queries, std::string answers) {
        TestLine line;
        line.rounds = board.rounds;
        line.unavailable = labels(board.unavailable);
        random.shuffle(line.unavailable);  // contestants must not assume sorted labels
        line.adversary = strategy;
        line.seed = random.next() % kTestSeedLimit;
        line.queries = std::move(queries);
        line.answers = std::move(answers);
        out.push_back({std::move(line), "extra"});
      };
      add(AdversaryKind::Adaptive, "", "");
      add(AdversaryKind::Random, "", "");
      if (judge_is_runner) {
        add(AdversaryKind::Committed, "", "");
        add(AdversaryKind::Scripted, "", random.pick(answer_scripts()));
      } else {
        add(AdversaryKind::Scripted, random.pick(query_scripts()), "");
      }
    }
  return out;
}

std::string line_key(const TestLine& line) {
  return line.board() + "|" + line.adversary_text() + "|" + std::to_string(line.seed);
}

std::vector<std::string> reasons_in(const std::string& desc) {
  std::vector<std::string> out;
  const std::string after_board = kAfterBoard, between = kBetweenReasons;
  const std::size_t at_board = desc.find(after_board);
  if (at_board == std::string::npos) return out;
  const std::size_t from = at_board + after_board.size();
  const std::size_t end = desc.find(kRoleDecision, from);
  const std::string list = desc.substr(from, end == std::string::npos ? end : end - from);
  for (std::size_t at = 0; at <= list.size();) {
    const std::size_t next = std::min(list.find(between, at), list.size());
    if (next > at) out.push_back(list.substr(at, next - at));
    at = next + between.size();
  }
  return out;
}

TestLine line_of(const TestCase& test) {
  TestLine line;
  line.rounds = test.rounds;
  line.unavailable = test.unavailable;
  line.adversary = test.adversary.kind;
  line.seed = test.adversary.seed;
  return line;
}

Selection select_contest_set(const std::vector<Candidate>& candidates, const SelectParams& params,
                             const std::vector<HandTest>& hand, const std::vector<KeptTest>& kept) {
  std::vector<Candidate> all;
  std::vector<TestCase> tests;
  std::vector<std::string> hand_names;
  for (const HandTest& h : hand) {
    all.push_back({line_of(h.test), "hand"});
    tests.push_back(h.test);
    hand_names.push_back(h.name);
  }
  all.insert(all.end(), candidates.begin(), candidates.end());
  // A kept test the pool no longer makes (its parameters changed) is a candidate all the same.
  std::set<std::string> pooled;
  for (const Candidate& c : candidates) pooled.insert(line_key(c.line));
  for (const KeptTest& k : kept)
    if (pooled.insert(line_key(k.line)).second) all.push_back({k.line, "kept"});
  std::vector<std::vector<int>> shown;
  for (std::size_t c = 0; c < all.size(); ++c) {
    if (c >= hand.size()) tests.push_back(make_test(all[c].line));
    Transcript game;
    if (!corpus::play(tests[c], corpus::reference_strategy(), game).accepted())
      throw std::runtime_error("the reference player loses " +
                               (c < hand.size() ? "the hand-written test secret/" + hand[c].name
                                                : "the candidate " + all[c].origin) +
                               " (" + all[c].line.board() + ", " + all[c].line.adversary_text() +
                               "): a bug in the judge");
    shown.push_back(situations_in(tests[c], game));
  }
  const std::vector<const corpus::StrategyInfo*> strategies = corpus::all_strategies();
  return choose_contest_set(all, corpus::kill_matrix(tests, strategies), strategies, shown, params,
                            hand_names, kept);
}

Selection choose_contest_set(const std::vector<Candidate>& candidates,
                             const corpus::KillMatrix& kills,
                             const std::vector<const corpus::StrategyInfo*>& strategies,
                             const std::vector<std::vector<int>>& shown, const SelectParams& params,
                             const std::vector<std::string>& hand_names,
                             const std::vector<KeptTest>& kept) {
  Selection out;
  out.strategies = strategies;
  out.candidates = candidates.size();
  const auto exhaustive = [&](std::size_t c) {
    const std::string& origin = candidates[c].origin;
    return origin != "extra" && origin != "hand" && origin != "kept";
  };
  for (std::size_t c = 0; c < candidates.size(); ++c)
    if (exhaustive(c)) ++out.exhaustive_candidates;
  const std::size_t n = strategies.size();
  const std::size_t m = situations().size();
  out.candidate_kills.assign(n, 0);
  out.exhaustive_kills.assign(n, 0);
  out.candidate_situations.assign(m, 0);
  // The targets: strategies 0..n-1, then situations n..n+m-1.
  corpus::KillMatrix targets(candidates.size());
  std::vector<std::string> names;
  for (const corpus::StrategyInfo* s : strategies) names.push_back(s->name);
  for (const Situation& s : situations()) names.push_back("situation " + s.name);
  for (std::size_t t = 0; t < candidates.size(); ++t) {
    for (int s : kills[t]) {
      ++out.candidate_kills[s];
      if (exhaustive(t)) ++out.exhaustive_kills[s];
      targets[t].push_back(s);
    }
    for (int s : shown[t]) {
      ++out.candidate_situations[s];
      targets[t].push_back(static_cast<int>(n) + s);
    }
  }
  std::vector<int> need(n + m);
  for (std::size_t s = 0; s < n; ++s) need[s] = std::min(params.kills, out.candidate_kills[s]);
  for (std::size_t s = 0; s < m; ++s)
    need[n + s] = std::min(params.kills, out.candidate_situations[s]);

  Selector selector(candidates, targets, need, n + m);
  for (std::size_t c = 0; c < candidates.size(); ++c)
    if (candidates[c].origin == "hand")
      selector.take(c, {"written by hand (generators.yaml, data.secret.data)"});
  // The previous selection's tests, each under its name: the set only grows.
  std::map<std::size_t, std::string> kept_names;
  for (const KeptTest& k : kept) {
    std::optional<std::size_t> found;
    for (std::size_t c = 0; c < candidates.size() && !found; ++c)
      if (candidates[c].origin != "hand" && line_key(candidates[c].line) == line_key(k.line))
        found = c;
    if (!found)
      throw std::invalid_argument("choose_contest_set: the kept test " + k.name +
                                  " is not a candidate");
    if (selector.is_chosen(*found)) continue;  // kept twice: the first name stands
    selector.take(*found, k.reasons);
    kept_names[*found] = k.name;
  }
  for (int r = 1; r <= 9; ++r)
    selector.require(
        [r](const Candidate& c) {
          return key_of(c.line) == BoardKey{r, kEmpty};
        },
        "boundary: the empty board (U = 0) with R = " + std::to_string(r));
  for (int r = 1; r <= 8; ++r)
    selector.require(
        [r](const Candidate& c) {
          return c.line.rounds == r && c.line.rounds + size(c.line.unavailable_set()) == 9;
        },
        "boundary: R + U = 9 with R = " + std::to_string(r));
  selector.require([](const Candidate& c) { return size(c.line.unavailable_set()) == 8; },
                   "boundary: one available square");
  selector.require_flips(kFlipPairs);
  for (const auto& [reason, fits] : adversary_kinds()) selector.require(fits, reason);
  selector.cover(names);

  const std::vector<int>& covered = selector.covered();
  out.contest_kills.assign(covered.begin(), covered.begin() + static_cast<std::ptrdiff_t>(n));
  out.contest_situations.assign(covered.begin() + static_cast<std::ptrdiff_t>(n), covered.end());
  const std::vector<std::size_t>& chosen = selector.chosen();
  if (static_cast<int>(chosen.size()) > params.budget)
    throw std::runtime_error("the contest set needs " + std::to_string(chosen.size()) +
                             " tests, more than the budget of " + std::to_string(params.budget));
  std::size_t hand_seen = 0;
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    const std::size_t c = chosen[i];
    SelectedTest test;
    test.hand = candidates[c].origin == "hand";
    if (test.hand && hand_seen >= hand_names.size())
      throw std::invalid_argument("choose_contest_set: a hand-written candidate without a name");
    if (test.hand)
      test.name = hand_names[hand_seen++];
    else if (kept_names.count(c))
      test.name = kept_names[c];
    else
      test.name = file_name(i - hand_seen, candidates[c].line);
    test.line = candidates[c].line;
    test.kills = kills[c];
    test.situations = shown[c];
    std::vector<std::string> role_rules;
    for (int s : kills[c])
      if (out.strategies[s]->kind == "role") role_rules.push_back(out.strategies[s]->name);
    for (const std::string& reason : selector.reasons(c))
      test.desc += (test.desc.empty() ? "" : kBetweenReasons) + reason;
    if (!role_rules.empty()) {
      std::string list;
      for (const std::string& r : role_rules) list += (list.empty() ? "" : ", ") + r;
      test.desc += kRoleDecision + list + " claim the wrong side";
    }
    test.desc = adversary_role(test.line) + " on " + board_words(key_of(test.line)) + kAfterBoard +
                test.desc;
    out.tests.push_back(std::move(test));
  }
  return out;
}

}  // namespace entrapment
