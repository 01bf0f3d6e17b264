// What happened in a game, round by round, and the Runner's proof: a start square and one
// move per round that obey the rules and agree with every answer. Pure: no I/O.
#pragma once

#include <string>
#include <vector>

#include "protocol/optional.hpp"
#include "rules.hpp"

namespace entrapment {

struct RoundRecord {
  SquareSet query = kEmpty;
  Answer answer = Answer::No;
  Square block = 0;

  // Constructors, so that RoundRecord{q, a, b} also works in C++11, where a struct with
  // default member values is no aggregate.
  RoundRecord() = default;
  RoundRecord(SquareSet q, Answer a, Square b) : query(q), answer(a), block(b) {}
};

// Why `path` (start square, then the square after each round's move) is not a valid proof
// for the rounds played from a board whose available squares were `available_at_start`;
// nothing when it is one. The message names the first step that fails.
Optional<std::string> path_violation(SquareSet available_at_start,
                                     const std::vector<RoundRecord>& rounds,
                                     const std::vector<Square>& path);

// Some valid proof path for the rounds played, or nothing when the answers admit none (the
// Runner lied, or got trapped). Deterministic: the smallest labels are preferred.
Optional<std::vector<Square>> find_consistent_path(SquareSet available_at_start,
                                                   const std::vector<RoundRecord>& rounds);

}  // namespace entrapment
