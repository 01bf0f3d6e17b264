// How well the contest selection generalises beyond the corpus it was chosen against: for
// each wrong strategy, the contest set is chosen again without it (leave one out), and the
// bench counts the tests of that set that still reject it. Printed for several values of
// `kills` (the minimum number of rejecting tests per strategy), with the set's size. Reads the
// candidates from the package's testdata/generators.yaml (--root, default the source tree).
#include <cstdio>
#include <cstring>
#include <string>

#include "problems/entrapment/generate/description.hpp"
#include "problems/entrapment/generate/selection.hpp"
#include "problems/entrapment/generate/situations.hpp"

namespace {

using namespace entrapment;

}  // namespace

int main(int argc, char** argv) {
  const std::string root = argc > 2 && std::strcmp(argv[1], "--root") == 0
                               ? argv[2]
                               : std::string(ENTRAPMENT_SOURCE_DIR);
  const Description description = describe_testdata(root);
  if (!description.select) {
    std::fprintf(stderr, "selection_bench: %s has no data.secret.select\n", root.c_str());
    return 2;
  }
  std::vector<Candidate> exhaustive;
  for (const auto& [path, line] : description.lines)
    if (path.rfind("testdata/exhaustive/", 0) == 0) exhaustive.push_back({line, path});
  SelectParams params = *description.select;
  params.budget = 100000;  // measure the size, do not enforce it
  const std::vector<Candidate> pool = candidate_pool(exhaustive, params);
  std::vector<TestCase> tests;
  std::vector<std::vector<int>> shown;
  for (const Candidate& c : pool) {
    tests.push_back(make_test(c.line));
    Transcript game;
    corpus::play(tests.back(), corpus::reference_strategy(), game);
    shown.push_back(situations_in(tests.back(), game));
  }
  const std::vector<const corpus::StrategyInfo*> strategies = corpus::all_strategies();
  const corpus::KillMatrix kills = corpus::kill_matrix(tests, strategies);
  std::printf("%zu candidates, %zu strategies\n", pool.size(), strategies.size());
  for (int k : {3, description.select->kills, 8}) {
    params.kills = k;
    const Selection full = choose_contest_set(pool, kills, strategies, shown, params);
    int still_one = 0, still_three = 0;
    std::string missed;
    for (std::size_t left_out = 0; left_out < strategies.size(); ++left_out) {
      std::vector<const corpus::StrategyInfo*> others;
      std::vector<int> index(strategies.size(), -1);
      for (std::size_t s = 0; s < strategies.size(); ++s)
        if (s != left_out) {
          index[s] = static_cast<int>(others.size());
          others.push_back(strategies[s]);
        }
      corpus::KillMatrix without(kills.size());
      for (std::size_t c = 0; c < kills.size(); ++c)
        for (int s : kills[c])
          if (index[s] >= 0) without[c].push_back(index[s]);
      const Selection chosen = choose_contest_set(pool, without, others, shown, params);
      int rejecting = 0;
      for (const SelectedTest& t : chosen.tests)
        for (std::size_t c = 0; c < pool.size(); ++c)
          if (pool[c].line.board() == t.line.board() && pool[c].line.seed == t.line.seed &&
              pool[c].line.adversary == t.line.adversary) {
            for (int s : kills[c]) rejecting += s == static_cast<int>(left_out);
            break;
          }
      still_one += rejecting >= 1;
      still_three += rejecting >= 3;
      if (rejecting == 0) missed += " " + strategies[left_out]->name;
    }
    std::printf(
        "kills %d: %zu tests; chosen without it, a strategy is still rejected by >= 1 test "
        "for %d of %zu, by >= 3 for %d; missed:%s\n",
        k, full.tests.size(), still_one, strategies.size(), still_three,
        missed.empty() ? " none" : missed.c_str());
  }
  return 0;
}
