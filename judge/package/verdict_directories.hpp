// The package's solutions/<verdict>/ layout (the problem package format's
// submissions/<verdict>/): which directory names stand for which expected verdict, and the
// order in which they are listed.
#pragma once

#include <string>

#include "verdict/result.hpp"

namespace entrapment {

// The expectation a directory name stands for (accepted, wrong_answer, time_limit_exceeded,
// run_time_error, memory_limit_exceeded, compile_error, judge_error, rejected, brute_force);
// false for any other name.
bool directory_expectation(const std::string& directory_name, Expectation& out);

// Where a verdict directory is listed: accepted first, then wrong_answer, time_limit_exceeded,
// run_time_error, then any other (4).
int directory_order(const std::string& directory_name);

}  // namespace entrapment
