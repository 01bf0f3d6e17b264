// A transcript's lines the way the problem package format's .interaction files mark them:
// "<" for what the judge sent the contestant, ">" for what the contestant sent the judge.
#pragma once

#include <string>
#include <vector>

#include "contract/game_record.hpp"

namespace entrapment::report {

// "< 4 6 9", "> 1 1 2 2", ...: one entry per line, made printable(), with " [cut]" after a
// line the transcript kept only the start of.
std::vector<std::string> marked_lines(const GameRecord& transcript);

// The last `count` of marked_lines().
std::vector<std::string> marked_tail(const GameRecord& transcript, std::size_t count);

}  // namespace entrapment::report
