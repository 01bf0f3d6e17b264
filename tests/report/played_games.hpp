// Real games for the report tests: each is played in-process through the interaction core
// against a contestant whose lines are canned, so the transcripts are exactly what `judge run`
// would hand the reports.
#pragma once

#include <string>
#include <vector>

#include "verdict/result.hpp"

namespace entrapment::testing {

// Plays the test file `test_text` against a contestant that writes `contestant_lines` in order
// (and then ends its output). The result's verdict is the core's (AC, WA or JE).
TestResult play(const std::string& name, const std::string& test_text,
                const std::vector<std::string>& contestant_lines);

// Statement sample 2 (the contestant is the Runner, judge scripted): accepted.
TestResult sample_runner_accepted(const std::string& name);
// Statement sample 1 (the contestant is the Trapper): accepted.
TestResult sample_trapper_accepted(const std::string& name);
// Sample 2's board and queries, but the Runner's proof steps onto the square blocked in round
// 2: wrong answer after both rounds were played.
TestResult runner_bad_proof(const std::string& name);
// The contestant claims a side with `claim` (any bytes): wrong answer before round 1.
TestResult wrong_claim(const std::string& name, const std::string& claim);

// A run of five tests in this order: AC, AC, WA (bad proof, the first failure), TLE (hand
// made, the slowest), WA (hostile bytes in name, message and transcript).
RunResult mixed_run();

// A run as long as the contest set's: 43 tests, all accepted but three (a bad proof at test 5,
// the first failure; a wrong claim at test 20; a bad proof at test 43, the last).
RunResult contest_run();

// Text a contestant might send to break a report: markup, quotes, an ANSI escape, a NUL,
// invalid UTF-8 and valid non-ASCII.
std::string hostile_text();

}  // namespace entrapment::testing
