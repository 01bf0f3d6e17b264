// What `judge run` prints for a person: a line per test as it is decided, a live bar on a
// terminal, then a summary per submission and, for several, a table of expected and obtained
// verdicts.
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <mutex>
#include <ostream>
#include <vector>

#include "status_line.hpp"
#include "verdict/result.hpp"

namespace entrapment::report {

// Whether standard output is a terminal (colours make sense there).
bool stdout_is_terminal();

struct TerminalOptions {
  bool color = false;    // ANSI colours
  bool verbose = false;  // a line for every test, not only for the failing ones
};

// Live progress. Thread-safe: tests finish on several threads.
//  - `lines` (stdout) gets a line per failing test, or per test when verbose: name, verdict,
//    cpu, wall, memory, message. Lines come in test order, each written and flushed as soon as
//    it and every test before it are decided, so a log reads the same whatever -j is and shows
//    each result as it is known.
//  - `bar` (stderr, only when it is a terminal; else nullptr) is redrawn in place with the
//    count of each verdict so far; it is cleared before a line is written and at the end.
//  - With `stop_at_first_failure`, nothing after the first failing test is shown, nor ever
//    after the first that waited, unflushed (TestResult::unflushed; judge_tests does not report
//    those tests either, unless told to judge every test).
class Progress {
 public:
  Progress(std::ostream& lines, std::size_t total, TerminalOptions options,
           std::ostream* bar = nullptr, bool stop_at_first_failure = false,
           bool stop_at_unflushed = true);
  // `result.index` is the test's place in test order (0 ... total - 1).
  void test_done(const TestResult& result);
  // Clears the bar; idempotent.
  void finish();

 private:
  void draw_bar();

  std::ostream& lines_;
  std::size_t total_;
  TerminalOptions options_;
  StatusLine bar_;
  bool stop_at_first_failure_;
  bool stop_at_unflushed_;
  std::mutex mutex_;
  std::map<std::size_t, TestResult> waiting_;  // decided, not yet shown (an earlier one is not)
  std::size_t next_line_ = 0;                  // the index shown next
  bool stopped_ = false;
  std::size_t done_ = 0;
  std::size_t counts_[kVerdictCount] = {};
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// Summary of one submission: per-verdict counts, overall verdict, what was expected, slowest
// test, and the first failing test (in test order) with its message and the tail of its
// transcript; for CE the compiler's message.
void print_summary(std::ostream& out, const RunResult& result, TerminalOptions options);

// What the terminal and the HTML report say when memory was counted under rlimits (no control
// group held the run: TestResult::memory_best_effort).
inline constexpr const char* kBestEffortMemory =
    "Memory counted on a best-effort basis: no control group held the runs (rlimits), so memory "
    "no process holds is not seen (doc/execution.md).";

// The verbose line of one test (without '\n'): also used by the summary.
std::string test_line(const TestResult& result, TerminalOptions options);

// "expected WA, got AC": what a submission should have got and what it got.
std::string expectation_text(const RunResult& result);

// The table after several submissions: one line each ("ok" or "FAIL", the name, "expected X,
// got Y", the tests run) and a count of those not as expected.
void print_submission_table(std::ostream& out, const std::vector<RunResult>& results,
                            TerminalOptions options);

}  // namespace entrapment::report
