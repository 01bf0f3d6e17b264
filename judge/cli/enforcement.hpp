// How runs are contained here, for the commands that judge: --trust (what may run where
// nothing isolates it: containment/isolation_policy.hpp decides it where each run starts) and
// `-v` (how the limits are enforced and why, what each covers, what isolates the program).
#pragma once

#include <CLI/CLI.hpp>

#include "box/limits.hpp"

namespace entrapment::cli {

// --trust, for run, play and verify.
void add_trust_option(CLI::App& sub);

// `-v` of run and verify: how the limits are enforced here and why (the mechanism, the
// sandbox, the isolation, what each limit covers), one line each, to stdout.
void print_enforcement(const BoxLimits& limits, bool sandbox);

// One line, before judging starts, where the boxes count memory on a best-effort basis
// (rlimits): every figure of memory that follows rests on it.
void print_best_effort_note(const BoxLimits& limits, bool sandbox);

}  // namespace entrapment::cli
