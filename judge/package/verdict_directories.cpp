#include "verdict_directories.hpp"

namespace entrapment {

namespace {

const char* const kDirectoryOrder[] = {"accepted", "wrong_answer", "time_limit_exceeded",
                                       "run_time_error"};

}  // namespace

int directory_order(const std::string& name) {
  for (int i = 0; i < 4; ++i)
    if (name == kDirectoryOrder[i]) return i;
  return 4;
}

bool directory_expectation(const std::string& name, Expectation& out) {
  static const char* const kNames[] = {"accepted",
                                       "wrong_answer",
                                       "time_limit_exceeded",
                                       "run_time_error",
                                       "memory_limit_exceeded",
                                       "compile_error",
                                       "judge_error",
                                       "rejected",
                                       "brute_force"};
  for (const char* known : kNames)
    if (name == known) return parse_expectation(name, out);
  return false;
}

}  // namespace entrapment
