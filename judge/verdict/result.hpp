// What judging a submission produced: a verdict per test and overall. Shared by execution/
// (which fills it), the reports (terminal, JSON, HTML), `judge run` and `judge verify`.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "contract/game_record.hpp"

namespace entrapment {

// CE is last so that the others keep their numbers (reports index arrays by verdict).
enum class Verdict { AC, WA, TLE, MLE, RTE, JE, CE };
constexpr std::size_t kVerdictCount = 7;
constexpr Verdict kAllVerdicts[kVerdictCount] = {
    Verdict::AC, Verdict::WA, Verdict::TLE, Verdict::MLE, Verdict::RTE, Verdict::JE, Verdict::CE};

const char* to_string(Verdict verdict);  // "AC", "WA", ...
// Parses "AC", "WA", ... (also the problem package format's directory names such as
// "wrong_answer"); false when `text` names no verdict.
bool parse_verdict(const std::string& text, Verdict& out);

// What a submission is expected to get: one verdict, or (for the problem package format's
// `rejected` and `brute_force` directories) any of several. RTE also accepts MLE: the problem
// package format has no MLE, a program that runs out of memory is a run-time error there.
struct Expectation {
  std::vector<Verdict> verdicts = {Verdict::AC};
  bool matches(Verdict verdict) const;
  std::string text() const;  // "AC", "TLE or RTE"
};

// "AC" ... "CE", the directory names (accepted, wrong_answer, time_limit_exceeded,
// run_time_error, memory_limit_exceeded, compile_error, judge_error) and the problem package
// format's sets (rejected: WA, TLE or RTE; brute_force: TLE or RTE). False when it names none.
bool parse_expectation(const std::string& text, Expectation& out);

// The names parse_expectation knows, for help texts: "AC WA TLE MLE RTE JE CE".
std::string verdict_names();

struct TestResult {
  std::string name;  // the test file's path relative to testdata/ (or as given)
  Verdict verdict = Verdict::JE;
  double cpu_s = 0;          // contestant CPU time (user + system)
  double wall_s = 0;         // contestant wall-clock time
  long long memory_kib = 0;  // contestant peak resident memory
  // Its memory was counted on a best-effort basis (rlimits: no control group held the run),
  // so memory_kib may miss what no process of it held (doc/execution.md).
  bool memory_best_effort = false;
  std::string message;    // the judge's message, or why the run failed
  GameRecord game;        // the game as the problem's module recorded it
  std::size_t index = 0;  // its place in the run's test order

  // Of wall_s, how long its processes and the judge's thread waited for a CPU, as far as the
  // judge looked: credited to the wall-clock guard (a busy machine's time is not the program's).
  // A test holds the wall-clock time against the limit less this, never the wall alone.
  double waited_for_cpu_s = 0;
  // The judge was waiting for a line when the wall-clock guard stopped the program, and the
  // program, having used almost no CPU, had ended no line: most likely its output is still in
  // its buffer. Every test would wait as long, so a run stops at the first such test.
  bool unflushed = false;
};

struct RunResult {
  std::string submission;
  Verdict verdict = Verdict::AC;  // the first non-AC test's verdict in test order, else AC;
                                  // CE when it did not compile (and no test ran)
  std::vector<TestResult> tests;
  std::string message;            // why no test ran: the compiler's message for CE
  Expectation expected;           // what it should get (AC unless told otherwise)
  bool stopped_early = false;     // stopped at the first failing test: later tests not run
  std::size_t tests_planned = 0;  // how many tests it was to be judged on
};

// The overall verdict of a list of test results: the verdict of the first test (in order)
// that is not AC, or AC.
Verdict overall_verdict(const std::vector<TestResult>& tests);

}  // namespace entrapment
