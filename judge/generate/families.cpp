#include "families.hpp"

#include <stdexcept>

#include "adversary/random.hpp"
#include "boards.hpp"
#include "game/solver.hpp"

namespace entrapment {

namespace {

constexpr std::uint64_t kSeedLimit = 1000000000000000000ULL;  // test-file seeds are < 10^18

Side winner(const Board& board) {
  return Solver::instance().winner(start_position(board.rounds, board.unavailable));
}

// The boards on which the judge plays `judge_side` (the side that loses with optimal play).
std::vector<Board> boards_where_judge_plays(Side judge_side) {
  std::vector<Board> out;
  for (const Board& board : all_boards())
    if (winner(board) != judge_side) out.push_back(board);
  return out;
}

TestCase test_on(const Board& board, Strategy strategy, std::uint64_t seed) {
  TestCase test;
  test.rounds = board.rounds;
  test.unavailable = labels(board.unavailable);
  test.adversary.strategy = strategy;
  test.adversary.seed = seed;
  return test;
}

// "007-r3-u2-blocked-1-5": the index keeps names unique when a board is drawn twice.
std::string numbered(int index, int count, const Board& board) {
  const int width = std::max<int>(3, static_cast<int>(std::to_string(count).size()));
  std::string number = std::to_string(index + 1);
  number.insert(0, static_cast<std::size_t>(width) - number.size(), '0');
  return number + "-" + board_name(board);
}

// Draws `count` boards from `pool` and makes a test on each; `make` fills in the adversary.
// The unavailable squares are listed in a random order: contestants must not assume sorting.
template <typename Make>
std::vector<NamedTest> drawn(const FamilyParams& params, const std::vector<Board>& pool,
                             Make make) {
  Random random(params.seed);
  std::vector<NamedTest> out;
  for (int i = 0; i < params.count; ++i) {
    const Board& board = random.pick(pool);
    const std::uint64_t seed = random.next() % kSeedLimit;
    TestCase test = make(board, seed, random);
    random.shuffle(test.unavailable);
    out.push_back({numbered(i, params.count, board), std::move(test)});
  }
  return out;
}

// A judge Trapper's script: queries as `mode` says, and every block on a square the Runner
// may be standing on, whatever it answered (the union over all answers), when there is one.
std::vector<ScriptedTrapperRound> trapper_script(const Board& board, const std::string& mode,
                                                 Random& random) {
  SquareSet available = static_cast<SquareSet>(kAllSquares & ~board.unavailable);
  SquareSet runner_may_be = available;
  std::vector<ScriptedTrapperRound> script;
  for (int round = 1; round <= board.rounds; ++round) {
    ScriptedTrapperRound r;
    if (mode == "full") {
      r.query = labels(available);
    } else if (mode == "random") {
      for (Square s : labels(available))
        if (random.coin()) r.query.push_back(s);
    }
    random.shuffle(r.query);
    const SquareSet on_runner = runner_may_be & available;
    r.block = random.pick(labels(on_runner != kEmpty ? on_runner : available));
    available &= static_cast<SquareSet>(~single(r.block));
    runner_may_be = runner_after_move(runner_may_be, available);
    script.push_back(r);
  }
  return script;
}

std::vector<Answer> runner_script(int rounds, const std::string& mode, Random& random) {
  std::vector<Answer> out;
  for (int round = 0; round < rounds; ++round) {
    bool yes = mode == "yes";
    if (mode == "alternate") yes = round % 2 == 0;
    if (mode == "random") yes = random.coin();
    out.push_back(yes ? Answer::Yes : Answer::No);
  }
  return out;
}

void require_one_of(const std::string& key, const std::string& value,
                    const std::vector<std::string>& allowed) {
  std::string list;
  for (const std::string& a : allowed) {
    if (a == value) return;
    list += (list.empty() ? "" : ", ") + a;
  }
  throw std::invalid_argument(key + ": expected one of " + list + ", got \"" + value + "\"");
}

}  // namespace

const std::vector<FamilyInfo>& families() {
  static const std::vector<FamilyInfo> list = {
      {"all_boards", {"seed"}, "every board once, against the adversary hardest for it"},
      {"random_games", {"seed", "count"}, "random boards against the random adversary"},
      {"committed_games", {"seed", "count"}, "Trapper-win boards against the committed Runner"},
      {"scripted_trapper",
       {"seed", "count", "queries"},
       "Runner-win boards against a scripted Trapper (queries: empty, full or random)"},
      {"scripted_runner",
       {"seed", "count", "answers"},
       "Trapper-win boards against a scripted Runner (answers: yes, no, alternate or random)"},
  };
  return list;
}

std::vector<NamedTest> make_family(const FamilyParams& params) {
  const std::string& family = params.family;
  if (family == "all_boards") {
    // The hardest adversary is the adaptive one on both sides: the trap-setting Trapper on
    // Runner boards, the adaptive Runner on Trapper boards.
    Random random(params.seed);
    std::vector<NamedTest> out;
    for (const Board& board : all_boards())
      out.push_back(
          {board_name(board), test_on(board, Strategy::Adaptive, random.next() % kSeedLimit)});
    return out;
  }
  if (params.count < 1) throw std::invalid_argument("count: expected a positive number of tests");
  if (family == "random_games")
    return drawn(params, all_boards(), [](const Board& b, std::uint64_t seed, Random&) {
      return test_on(b, Strategy::Random, seed);
    });
  if (family == "committed_games")
    return drawn(params, boards_where_judge_plays(Side::Runner),
                 [](const Board& b, std::uint64_t seed, Random&) {
                   return test_on(b, Strategy::Committed, seed);
                 });
  if (family == "scripted_trapper") {
    require_one_of("queries", params.queries, {"empty", "full", "random"});
    return drawn(params, boards_where_judge_plays(Side::Trapper),
                 [&](const Board& b, std::uint64_t seed, Random& random) {
                   TestCase test = test_on(b, Strategy::Scripted, seed);
                   test.adversary.trapper_script = trapper_script(b, params.queries, random);
                   return test;
                 });
  }
  if (family == "scripted_runner") {
    require_one_of("answers", params.answers, {"yes", "no", "alternate", "random"});
    return drawn(params, boards_where_judge_plays(Side::Runner),
                 [&](const Board& b, std::uint64_t seed, Random& random) {
                   TestCase test = test_on(b, Strategy::Scripted, seed);
                   test.adversary.runner_script = runner_script(b.rounds, params.answers, random);
                   return test;
                 });
  }
  std::vector<std::string> names;
  for (const FamilyInfo& info : families()) names.push_back(info.name);
  require_one_of("family", family, names);
  return {};
}

}  // namespace entrapment
