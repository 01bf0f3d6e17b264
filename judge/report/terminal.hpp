// What `judge run` prints for a person: live progress while tests finish, then a summary.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <ostream>

#include "runner/result.hpp"

namespace entrapment::report {

// Whether standard output is a terminal (colours and a live bar make sense there).
bool stdout_is_terminal();

struct TerminalOptions {
  bool color = false;    // ANSI colours
  bool verbose = false;  // one line per test instead of the bar
  // Redraw a bar in place with '\r'. Only right on a terminal; elsewhere (a log, a pipe) the
  // progress is plain: one character per test.
  bool live = stdout_is_terminal();
};

// Live progress. Thread-safe: tests finish on several threads.
//  - verbose:        one line per test: name, verdict, cpu, wall, memory, message;
//  - live:           a bar with the count of each verdict so far, redrawn in place;
//  - otherwise:      one character per test ('.' for AC, else the verdict's first letter),
//                    60 to a line.
class Progress {
 public:
  Progress(std::ostream& out, std::size_t total, TerminalOptions options);
  void test_done(const TestResult& result);
  // Ends the bar's or the characters' line; idempotent.
  void finish();

 private:
  void draw_bar();

  std::ostream& out_;
  std::size_t total_;
  TerminalOptions options_;
  std::mutex mutex_;
  std::size_t done_ = 0;
  std::size_t counts_[6] = {};  // per Verdict
  bool line_open_ = false;      // something is on the current line
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// Summary: per-verdict counts, overall verdict, slowest test, and the first failing test (in
// test order) with its message and the tail of its transcript.
void print_summary(std::ostream& out, const RunResult& result, TerminalOptions options);

// The verbose line of one test (without '\n'): also used by the summary.
std::string test_line(const TestResult& result, TerminalOptions options);

}  // namespace entrapment::report
