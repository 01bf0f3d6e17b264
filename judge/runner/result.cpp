#include "result.hpp"

namespace entrapment {

const char* to_string(Verdict verdict) {
  switch (verdict) {
    case Verdict::AC:
      return "AC";
    case Verdict::WA:
      return "WA";
    case Verdict::TLE:
      return "TLE";
    case Verdict::MLE:
      return "MLE";
    case Verdict::RTE:
      return "RTE";
    case Verdict::JE:
      return "JE";
  }
  return "JE";
}

bool parse_verdict(const std::string& text, Verdict& out) {
  static const std::pair<const char*, Verdict> kNames[] = {
      {"AC", Verdict::AC},   {"accepted", Verdict::AC},
      {"WA", Verdict::WA},   {"wrong_answer", Verdict::WA},
      {"TLE", Verdict::TLE}, {"time_limit_exceeded", Verdict::TLE},
      {"MLE", Verdict::MLE}, {"memory_limit_exceeded", Verdict::MLE},
      {"RTE", Verdict::RTE}, {"run_time_error", Verdict::RTE},
      {"JE", Verdict::JE},   {"judge_error", Verdict::JE},
  };
  for (const auto& [name, verdict] : kNames)
    if (text == name) {
      out = verdict;
      return true;
    }
  return false;
}

Verdict overall_verdict(const std::vector<TestResult>& tests) {
  for (const TestResult& t : tests)
    if (t.verdict != Verdict::AC) return t.verdict;
  return Verdict::AC;
}

}  // namespace entrapment
