// A program's environment in the tests: the test's own, changed.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace entrapment::testing {

// Variables to set ("NAME", "value") or, with no value (std::nullopt), to unset, in this order.
using Environment = std::vector<std::pair<std::string, std::optional<std::string>>>;

// This process's environment with `changes` made, as NAME=value strings.
std::vector<std::string> environment_with(const Environment& changes);

}  // namespace entrapment::testing
