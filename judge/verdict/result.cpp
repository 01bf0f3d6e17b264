#include "result.hpp"

#include <algorithm>
#include <utility>

namespace entrapment {

namespace {

// Every verdict's names, the short one first: to_string gives it, parse_verdict reads both.
const std::pair<const char*, Verdict> kNames[] = {
    {"AC", Verdict::AC},   {"accepted", Verdict::AC},
    {"WA", Verdict::WA},   {"wrong_answer", Verdict::WA},
    {"TLE", Verdict::TLE}, {"time_limit_exceeded", Verdict::TLE},
    {"MLE", Verdict::MLE}, {"memory_limit_exceeded", Verdict::MLE},
    {"RTE", Verdict::RTE}, {"run_time_error", Verdict::RTE},
    {"JE", Verdict::JE},   {"judge_error", Verdict::JE},
    {"CE", Verdict::CE},   {"compile_error", Verdict::CE},
};

}  // namespace

const char* to_string(Verdict verdict) {
  for (const auto& [name, named] : kNames)
    if (named == verdict) return name;
  return "JE";
}

bool parse_verdict(const std::string& text, Verdict& out) {
  for (const auto& [name, verdict] : kNames)
    if (text == name) {
      out = verdict;
      return true;
    }
  return false;
}

bool Expectation::matches(Verdict verdict) const {
  for (Verdict v : verdicts)
    if (v == verdict || (v == Verdict::RTE && verdict == Verdict::MLE)) return true;
  return false;
}

std::string Expectation::text() const {
  std::string out;
  for (std::size_t i = 0; i < verdicts.size(); ++i)
    out += std::string(i == 0                     ? ""
                       : i + 1 == verdicts.size() ? " or "
                                                  : ", ") +
           to_string(verdicts[i]);
  return out;
}

bool parse_expectation(const std::string& text, Expectation& out) {
  if (text == "rejected") {
    out.verdicts = {Verdict::WA, Verdict::TLE, Verdict::RTE};
    return true;
  }
  if (text == "brute_force") {
    out.verdicts = {Verdict::TLE, Verdict::RTE};
    return true;
  }
  Verdict verdict;
  if (!parse_verdict(text, verdict)) return false;
  out.verdicts = {verdict};
  return true;
}

std::string verdict_names() {
  std::string out;
  for (Verdict v : kAllVerdicts) out += std::string(out.empty() ? "" : " ") + to_string(v);
  return out;
}

Verdict overall_verdict(const std::vector<TestResult>& tests) {
  for (const TestResult& t : tests)
    if (t.verdict != Verdict::AC) return t.verdict;
  return Verdict::AC;
}

}  // namespace entrapment
