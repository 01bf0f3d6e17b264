// What happened in a game, round by round, and the Runner's proof: a start square and one
// move per round that obey the rules and agree with every answer. Pure: no I/O.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules.hpp"

namespace entrapment {

struct RoundRecord {
  SquareSet query = kEmpty;
  Answer answer = Answer::No;
  Square block = 0;
};

// Why `path` (start square, then the square after each round's move) is not a valid proof
// for the rounds played from a board whose available squares were `available_at_start`;
// nothing when it is one. The message names the first step that fails.
std::optional<std::string> path_violation(SquareSet available_at_start,
                                          const std::vector<RoundRecord>& rounds,
                                          const std::vector<Square>& path);

// Some valid proof path for the rounds played, or nothing when the answers admit none (the
// Runner lied, or got trapped). Deterministic: the smallest labels are preferred.
std::optional<std::vector<Square>> find_consistent_path(SquareSet available_at_start,
                                                        const std::vector<RoundRecord>& rounds);

}  // namespace entrapment
