// The contest set, chosen by measurement: every candidate test (the exhaustive tier's tests,
// and more seeds of every adversary on every board) is played against every wrong strategy of
// the corpus (../corpus/), and a greedy, deterministic selection keeps few tests such that
//   - the mandatory ones are there: the empty board for every R, R + U = 9 for every R, one
//     available square, boards where the winner changes when R changes by one, and every
//     adversary (each script kind) on each side it plays;
//   - every strategy some candidate rejects is rejected by at least `kills` selected tests (by
//     all its rejecting candidates if they are fewer), and every protocol situation
//     (situations.hpp) shows up in at least `kills` of them, so that the set also catches
//     mistakes the corpus does not hold.
// Ties go to the candidate that rejects more strategies, then to the earlier one in a fixed
// order, so the same parameters always give the same set.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../corpus/play.hpp"
#include "test_line.hpp"

namespace entrapment {

// generators.yaml's data.secret.select.
struct SelectParams {
  std::string file;        // the selection, relative to testdata/ ("secret.yaml")
  int budget = 100;        // at most this many tests
  int kills = 3;           // every rejectable strategy rejected by at least this many
  int seeds = 2;           // extra seeds per board and adversary in the candidate pool
  std::uint64_t seed = 0;  // the extra candidates' seeds and label orders come from it
};

struct Candidate {
  TestLine line;
  std::string origin;  // "exhaustive/boards/r1-u0", "extra", or "hand" (below)
};

// A contest test written by hand (generators.yaml, data.secret.data, beside `select:`): always in
// the contest set, counted like the chosen ones (what it rejects, the situations it shows, the
// budget), so the selection adds only what it still needs.
struct HandTest {
  std::string name;  // its path under testdata/secret/, without ".in"
  TestCase test;
  std::string text;  // its .in file
};

// A test of the previous selection that a new one keeps (`judge generate --select`): taken as it
// is, before anything else is chosen, under its name and with the reasons it was chosen for.
struct KeptTest {
  std::string name;
  TestLine line;
  std::vector<std::string> reasons;
};

struct SelectedTest {
  std::string name;             // file name in secret/, without ".in"
  bool hand = false;            // written by hand (generators.yaml), not chosen
  TestLine line;                // for a hand-written test, its board and adversary (no script kind)
  std::string desc;             // why it is there
  std::vector<int> kills;       // indices into Selection::strategies, increasing
  std::vector<int> situations;  // indices into situations(), increasing
};

struct Selection {
  std::vector<SelectedTest> tests;
  std::vector<const corpus::StrategyInfo*> strategies;  // the corpus, in the registry's order
  std::size_t candidates = 0;
  std::size_t exhaustive_candidates = 0;  // how many of the candidates are the exhaustive tier
  std::vector<int> candidate_kills;       // per strategy: candidates that reject it
  std::vector<int> exhaustive_kills;      // per strategy: exhaustive-tier tests that reject it
  std::vector<int> contest_kills;         // per strategy: selected tests that reject it
  std::vector<int> candidate_situations;  // per situation: candidates that show it
  std::vector<int> contest_situations;    // per situation: selected tests that show it
};

// The candidate pool: `exhaustive` (the exhaustive tier's tests, as generated) first, then for
// every board and each of `params.seeds` rounds: the adaptive, random and scripted adversaries
// and, where the judge plays the Runner, the committed one.
std::vector<Candidate> candidate_pool(const std::vector<Candidate>& exhaustive,
                                      const SelectParams& params);

// Chooses the contest set from `hand` and `candidates`: plays them against the corpus, then
// choose_contest_set() with the hand-written tests first and the `kept` ones next (a kept test
// that is not a candidate any more is added to the candidates). Throws std::runtime_error when
// it needs more than params.budget tests, or when the reference player loses a game (a judge
// bug).
Selection select_contest_set(const std::vector<Candidate>& candidates, const SelectParams& params,
                             const std::vector<HandTest>& hand = {},
                             const std::vector<KeptTest>& kept = {});

// What identifies a test of the selection whatever it is called: the line that makes it.
std::string line_key(const TestLine& line);

// The reasons a selected test's description gives (SelectedTest::desc without what it plays on
// which board, and without its role decision, which are worked out again): what a kept test
// was chosen for.
std::vector<std::string> reasons_in(const std::string& desc);

// The line of configuration closest to a test written by hand: its board, adversary and seed
// (a scripted adversary's script is its own, so no script kind).
TestLine line_of(const TestCase& test);

// The greedy choice itself, given the kill matrix of `candidates` against `strategies`
// (kills[c]: the indices of the strategies candidate c rejects, increasing) and the situations
// each candidate shows (shown[c]: indices into situations(), increasing). Candidates whose
// origin is "hand" are taken first, as they are, named by `hand_names` in their order; then
// the candidate of each `kept` test (the first that is not hand-written with its line; a kept
// test without one is a std::invalid_argument), under its name.
Selection choose_contest_set(const std::vector<Candidate>& candidates,
                             const corpus::KillMatrix& kills,
                             const std::vector<const corpus::StrategyInfo*>& strategies,
                             const std::vector<std::vector<int>>& shown, const SelectParams& params,
                             const std::vector<std::string>& hand_names = {},
                             const std::vector<KeptTest>& kept = {});

}  // namespace entrapment
