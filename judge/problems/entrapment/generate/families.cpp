#include "families.hpp"

#include <stdexcept>

#include "../adversary/kind.hpp"
#include "../adversary/random.hpp"
#include "boards.hpp"

namespace entrapment {

namespace {

TestLine line_on(const Board& board, AdversaryKind strategy, std::uint64_t seed) {
  TestLine line;
  line.rounds = board.rounds;
  line.unavailable = labels(board.unavailable);
  line.adversary = strategy;
  line.seed = seed;
  return line;
}

// "007-r3-u2-blocked-1-5": the index keeps names unique when a board is drawn twice.
std::string numbered(int index, int count, const Board& board) {
  const int width = std::max<int>(3, static_cast<int>(std::to_string(count).size()));
  std::string number = std::to_string(index + 1);
  number.insert(0, static_cast<std::size_t>(width) - number.size(), '0');
  return number + "-" + board_name(board);
}

NamedTest named(std::string name, TestLine line) {
  TestCase test = make_test(line);
  return {std::move(name), std::move(line), std::move(test)};
}

// Draws `count` boards from `pool` and makes a test on each; `adjust` fills in the adversary's
// script kind. The unavailable squares are listed in a random order: contestants must not
// assume sorting. A scripted adversary's script is drawn from the test's own seed, so every
// test is one line of configuration.
template <typename Adjust>
std::vector<NamedTest> drawn(const FamilyParams& params, const std::vector<Board>& pool,
                             AdversaryKind strategy, Adjust adjust) {
  Random random(params.seed);
  std::vector<NamedTest> out;
  for (int i = 0; i < params.count; ++i) {
    const Board& board = random.pick(pool);
    TestLine line = line_on(board, strategy, random.next() % kTestSeedLimit);
    adjust(line);
    random.shuffle(line.unavailable);
    out.push_back(named(numbered(i, params.count, board), std::move(line)));
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
      out.push_back(named(board_name(board),
                          line_on(board, AdversaryKind::Adaptive, random.next() % kTestSeedLimit)));
    return out;
  }
  if (params.count < 1) throw std::invalid_argument("count: expected a positive number of tests");
  const auto as_is = [](TestLine&) {};
  if (family == "random_games") return drawn(params, all_boards(), AdversaryKind::Random, as_is);
  if (family == "committed_games")
    return drawn(params, boards_where_judge_plays(Side::Runner), AdversaryKind::Committed, as_is);
  if (family == "scripted_trapper") {
    require_one_of("queries", params.queries, query_scripts());
    return drawn(params, boards_where_judge_plays(Side::Trapper), AdversaryKind::Scripted,
                 [&](TestLine& line) { line.queries = params.queries; });
  }
  if (family == "scripted_runner") {
    require_one_of("answers", params.answers, answer_scripts());
    return drawn(params, boards_where_judge_plays(Side::Runner), AdversaryKind::Scripted,
                 [&](TestLine& line) { line.answers = params.answers; });
  }
  std::vector<std::string> names;
  for (const FamilyInfo& info : families()) names.push_back(info.name);
  require_one_of("family", family, names);
  return {};
}

}  // namespace entrapment
