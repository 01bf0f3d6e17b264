// "Did you mean ...?": the nearest of some names to a word a user mistyped.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace entrapment {

// Levenshtein distance: the fewest insertions, deletions and substitutions from a to b.
std::size_t edit_distance(const std::string& a, const std::string& b);

// The name nearest to `word` (case-insensitive) when it is at most `max_edits` away; the first
// such on a tie.
std::optional<std::string> nearest_name(const std::string& word,
                                        const std::vector<std::string>& names,
                                        std::size_t max_edits = 2);

}  // namespace entrapment
