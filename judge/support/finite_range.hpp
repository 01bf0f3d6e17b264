// A command-line number within [least, most]: CLI11's Range lets NaN through (every comparison
// with it is false), and `--time-limit nan` judged every test TLE at "nan s" (red team).
#pragma once

#include <CLI/CLI.hpp>
#include <cmath>
#include <sstream>
#include <string>

namespace entrapment {

inline CLI::Validator finite_range(double least, double most) {
  std::ostringstream range;
  range << least << " to " << most;
  const std::string words = range.str();
  return CLI::Validator(
      [least, most, words](std::string& text) -> std::string {
        double value = 0;
        if (!CLI::detail::lexical_cast(text, value) || !std::isfinite(value) || value < least ||
            value > most)
          return "Value " + text + " not in range " + words;
        return "";
      },
      "FLOAT in [" + words + "]");
}

}  // namespace entrapment
