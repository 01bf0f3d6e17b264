// What judging a submission produced: a verdict per test and overall. Shared by the runner
// (which fills it), the reports (terminal, JSON, HTML) and `judge verify`.
#pragma once

#include <string>
#include <vector>

#include "interaction/transcript.hpp"

namespace entrapment {

enum class Verdict { AC, WA, TLE, MLE, RTE, JE };

const char* to_string(Verdict verdict);  // "AC", "WA", ...
// Parses "AC", "WA", ... (also the problem package format's directory names such as
// "wrong_answer"); false when `text` names no verdict.
bool parse_verdict(const std::string& text, Verdict& out);

struct TestResult {
  std::string name;  // the test file's path relative to testdata/ (or as given)
  Verdict verdict = Verdict::JE;
  double cpu_s = 0;          // contestant CPU time (user + system)
  double wall_s = 0;         // contestant wall-clock time
  long long memory_kib = 0;  // contestant peak resident memory
  std::string message;       // the judge's message, or why the run failed
  Transcript transcript;     // the game as the interaction core saw it
};

struct RunResult {
  std::string submission;
  Verdict verdict = Verdict::AC;  // the first non-AC test's verdict in test order, else AC
  std::vector<TestResult> tests;
};

// The overall verdict of a list of test results: the verdict of the first test (in order)
// that is not AC, or AC.
Verdict overall_verdict(const std::vector<TestResult>& tests);

}  // namespace entrapment
