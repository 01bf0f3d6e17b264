// In-process models of the rejected programs under solutions/ whose mistake is in the game or
// the protocol, each named after its file and faithful to its code (the tests compare the
// models' verdicts with the real programs'). The models of solutions/time_limit_exceeded and
// memory_hog are left out: an endless loop or a huge allocation is not a move in the game.
// subset_loop.cpp is the exception: its loop depends on the position, so a model says where.
#include <algorithm>
#include <memory>

#include "registry.hpp"
#include "search.hpp"

namespace entrapment::corpus {

namespace {

std::vector<int> as_ints(const std::vector<Square>& squares) {
  return std::vector<int>(squares.begin(), squares.end());
}

SquareSet set_of(const std::vector<int>& squares) {
  SquareSet out = kEmpty;
  for (int s : squares) out |= single(s);
  return out;
}

Behaviour greedy_block_trapper() {
  Behaviour b;
  b.block = [](const PlayerState& s, SquareSet kept) {
    Square best = 0;
    int fewest = 100;
    for (Square sq : labels(s.available)) {
      const int moved =
          size(static_cast<SquareSet>(neighbourhood(kept) & s.available & ~single(sq)));
      if (moved < fewest) {
        fewest = moved;
        best = sq;
      }
    }
    return best;
  };
  return b;
}

Behaviour greedy_runner() {
  Behaviour b;
  b.answer = [](const PlayerState& s, SquareSet q) {
    return size(static_cast<SquareSet>(s.runner & q)) >= size(static_cast<SquareSet>(s.runner & ~q))
               ? Answer::Yes
               : Answer::No;
  };
  return b;
}

// heuristic_trapper.py: ask the half of the possible squares nearest the centre (most
// neighbours on the full board first, then the lowest label); block the square next to the
// most squares the Runner kept (lowest label on a tie).
Behaviour heuristic_trapper() {
  Behaviour b;
  b.query = [](const PlayerState& s) {
    std::vector<Square> order = labels(s.runner);
    std::stable_sort(order.begin(), order.end(),
                     [](Square x, Square y) { return size(neighbours(x)) > size(neighbours(y)); });
    SquareSet q = kEmpty;
    for (std::size_t i = 0; i < (order.size() + 1) / 2; ++i) q |= single(order[i]);
    return q;
  };
  b.block = [](const PlayerState& s, SquareSet kept) {
    Square best = 0;
    int most = -1;
    for (Square sq : labels(s.available)) {
      const int next_to = size(static_cast<SquareSet>(neighbours(sq) & kept));
      if (next_to > most) {
        most = next_to;
        best = sq;
      }
    }
    return best;
  };
  return b;
}

Behaviour ignores_minus_one() {
  Behaviour b;
  b.stops_when_trapped = false;
  return b;
}

std::vector<std::string> one_per_line(const std::vector<int>& listed) {
  std::vector<std::string> out;
  for (int label : listed) out.push_back(std::to_string(label));
  return out;
}

Behaviour list_split() {
  Behaviour b;
  b.query_lines = [](const std::vector<int>& listed) {
    std::vector<std::string> out{std::to_string(listed.size())};
    for (std::string& line : one_per_line(listed)) out.push_back(std::move(line));
    return out;
  };
  b.proof_lines = one_per_line;
  return b;
}

Behaviour lowercase() {
  Behaviour b;
  b.answer_word = [](Answer a) { return std::string(a == Answer::Yes ? "yes" : "no"); };
  return b;
}

Behaviour proof_forgets_blocks() {
  Behaviour b;
  b.proof = [](const PlayerState& s) {
    const std::vector<SquareSet> kept = s.kept_sets();
    const SquareSet reach = static_cast<SquareSet>(neighbourhood(kept.back()) & s.start_available);
    return as_ints(walk_back_proof(kept, reach));
  };
  return b;
}

Behaviour proof_ignores_answers() {
  Behaviour b;
  b.proof = [](const PlayerState& s) {
    Square cur = static_cast<Square>(__builtin_ctz(s.start_available) + 1);
    std::vector<int> path{cur};
    for (const PlayedRound& r : s.history) {
      const SquareSet options = static_cast<SquareSet>(neighbours(cur) & r.available_after);
      if (options != 0) cur = static_cast<Square>(__builtin_ctz(options) + 1);
      path.push_back(cur);
    }
    return path;
  };
  return b;
}

Behaviour proof_no_start() {
  Behaviour b;
  b.proof = [](const PlayerState& s) {
    std::vector<int> path = as_ints(walk_back_proof(s.kept_sets(), s.runner));
    path.erase(path.begin());
    return path;
  };
  return b;
}

Behaviour proof_nonadjacent() {
  Behaviour b;
  b.proof = [](const PlayerState& s) {
    std::vector<int> path;
    for (const PlayedRound& r : s.history) path.push_back(__builtin_ctz(r.kept) + 1);
    path.push_back(__builtin_ctz(s.runner) + 1);
    return path;
  };
  return b;
}

Behaviour query_stale_squares() {
  Behaviour b;
  b.trapper_moved = [](const PlayerState&, SquareSet kept, Square) { return neighbourhood(kept); };
  return b;
}

// repeated_square.py keeps where the Runner can be as a list built by appending neighbours, so
// a square next to two kept squares is in it twice, and so is it in the query printed from it.
Behaviour repeated_square() {
  struct Lists {
    std::vector<int> where;  // with repetitions, in the program's order
    std::vector<int> kept;
    bool started = false;
  };
  auto lists = std::make_shared<Lists>();
  Behaviour b;
  b.query = [lists](const PlayerState& s) {
    if (!lists->started) {
      lists->where = as_ints(labels(s.available));
      lists->started = true;
    }
    return first_losing_cut(s.available, set_of(lists->where), s.rounds_left());
  };
  b.query_labels = [lists](const PlayerState&, SquareSet q) {
    std::vector<int> asked;
    for (int sq : lists->where)
      if (contains(q, sq)) asked.push_back(sq);
    return asked;
  };
  b.trapper_kept = [lists](const PlayerState&, SquareSet q, Answer a) {
    lists->kept.clear();
    for (int sq : lists->where)
      if (contains(q, sq) == (a == Answer::Yes)) lists->kept.push_back(sq);
    return set_of(lists->kept);
  };
  b.trapper_moved = [lists](const PlayerState& s, SquareSet, Square block) {
    const SquareSet a2 = static_cast<SquareSet>(s.available & ~single(block));
    lists->where.clear();
    for (int sq : lists->kept)
      for (Square n : labels(neighbours(sq) & a2)) lists->where.push_back(n);
    return set_of(lists->where);
  };
  return b;
}

Behaviour role_formula() {
  Behaviour b;
  b.claim = [](const PlayerState& s) {
    const int open = size(s.start_available);
    return 3 * s.rounds <= open ? Side::Runner : Side::Trapper;
  };
  return b;
}

// shallow_runner.cpp: prefers the part that has a move after every possible block.
bool survives_the_block(SquareSet available, SquareSet kept) {
  if (kept == 0) return false;
  for (Square b : labels(available))
    if (runner_after_move(kept, static_cast<SquareSet>(available & ~single(b))) == 0) return false;
  return true;
}

Behaviour shallow_runner() {
  Behaviour b;
  b.answer = [](const PlayerState& s, SquareSet q) {
    const SquareSet yes = static_cast<SquareSet>(s.runner & q);
    const SquareSet no = static_cast<SquareSet>(s.runner & ~q);
    const bool say_yes =
        survives_the_block(s.available, yes) || (!survives_the_block(s.available, no) && yes != 0);
    return say_yes ? Answer::Yes : Answer::No;
  };
  return b;
}

// crash_parse.py reads the query's labels with int(input()): a ValueError on two or more.
Behaviour crash_parse() {
  Behaviour b;
  b.read_query = [](const PlayerState&, const std::vector<int>& listed) -> SquareSet {
    if (listed.size() >= 2) throw ContestantStops{};
    return listed.empty() ? kEmpty : single(listed[0]);
  };
  return b;
}

// subset_loop.cpp spins for ever inside win() on a position the Runner wins.
Behaviour subset_loop() {
  Behaviour b;
  Behaviour reference;
  b.claim = [](const PlayerState& s) {
    bool runner = false;
    if (!LoopingSearch::win_returns(s.start_available, s.start_available, s.rounds, runner))
      throw ContestantStops{};
    return runner ? Side::Runner : Side::Trapper;
  };
  b.query = [query = reference.query](const PlayerState& s) {
    if (!LoopingSearch::query_returns(s.available, s.runner, s.rounds_left()))
      throw ContestantStops{};
    return query(s);
  };
  b.block = [block = reference.block](const PlayerState& s, SquareSet kept) {
    if (!LoopingSearch::block_returns(s.available, kept, s.rounds_left())) throw ContestantStops{};
    return block(s, kept);
  };
  return b;
}

// One row a model: name, kind, mistake, the program it models and its behaviour.
const struct {
  const char* name;
  const char* kind;
  const char* mistake;
  const char* models;
  Behaviour (*make)();
} kModels[] = {
    {"greedy_block_trapper", "trapper",
     "blocks the square that leaves the Runner the fewest moves now",
     "solutions/wrong_answer/greedy_block_trapper.cpp", greedy_block_trapper},
    {"greedy_runner", "runner", "answers with the side that keeps more squares (Yes on a tie)",
     "solutions/wrong_answer/greedy_runner.cpp", greedy_runner},
    {"heuristic_trapper", "trapper",
     "asks the central half of the Runner's squares and blocks next to the most of them",
     "solutions/wrong_answer/heuristic_trapper.py", heuristic_trapper},
    {"ignores_minus_one", "protocol",
     "as the Trapper plays on after Trapped (and never checks for -1)",
     "solutions/wrong_answer/ignores_minus_one.cpp", ignores_minus_one},
    {"list_split", "protocol", "prints every list one label per line",
     "solutions/wrong_answer/list_split.cpp", list_split},
    {"lowercase", "protocol", "answers yes and no in lower case",
     "solutions/wrong_answer/lowercase.py", lowercase},
    {"proof_forgets_blocks", "proof",
     "builds the proof's last square against the board as it was at the start",
     "solutions/wrong_answer/proof_forgets_blocks.cpp", proof_forgets_blocks},
    {"proof_ignores_answers", "proof",
     "proves with any legal walk from the lowest square, whatever the answers were",
     "solutions/wrong_answer/proof_ignores_answers.cpp", proof_ignores_answers},
    {"proof_no_start", "proof", "prints the R moves without the starting square",
     "solutions/wrong_answer/proof_no_start.py", proof_no_start},
    {"proof_nonadjacent", "proof",
     "proves with the lowest square of each round's set, adjacent or not",
     "solutions/wrong_answer/proof_nonadjacent.py", proof_nonadjacent},
    {"query_stale_squares", "trapper",
     "never removes blocked squares from where the Runner can be, so asks about them",
     "solutions/wrong_answer/query_stale_squares.cpp", query_stale_squares},
    {"repeated_square", "trapper",
     "tracks the Runner's squares in a list with repeats and asks a square twice",
     "solutions/wrong_answer/repeated_square.py", repeated_square},
    {"role_formula", "role", "claims by the formula Runner iff 3R <= 9 - U",
     "solutions/wrong_answer/role_formula.cpp", role_formula},
    {"shallow_runner", "runner",
     "answers with the side that survives the next block (one round of look-ahead)",
     "solutions/wrong_answer/shallow_runner.cpp", shallow_runner},
    {"crash_parse", "protocol",
     "reads a query's labels with int(input()) and crashes on two or more",
     "solutions/run_time_error/crash_parse.py", crash_parse},
    {"subset_loop", "search",
     "its cut loop misses the break at t == 0 and spins on positions the Runner wins",
     "solutions/time_limit_exceeded/subset_loop.cpp", subset_loop},
};

}  // namespace

void add_solution_models(std::vector<StrategyInfo>& out) {
  for (const auto& m : kModels) out.push_back({m.name, m.kind, m.mistake, m.models, m.make});
}

}  // namespace entrapment::corpus
