// One run of one program, from its start to its record: what `judge-box` does (box_main.cpp
// says why it is a process of its own). Single-threaded: the box forks its one child and sets
// the run up there (child.hpp: control group, session, keyrings, rlimits, the sandbox), then
// watches the run by events (the child's exit and the caller's signals through a signalfd, the
// caller's lifeline breaking), and looks at its CPU time (and, best effort, its memory) when
// the soonest it could pass its limit comes. At the end everything of the run is frozen,
// measured, killed and reaped, its control group removed and its user id freed.
#pragma once

#include <vector>

#include "record.hpp"
#include "request.hpp"

namespace entrapment {

// The signals the box waits for (SIGCHLD, and SIGTERM, SIGINT, SIGHUP, SIGQUIT: stop the run).
// Blocked from its first instruction (its caller starts it so, and main blocks them first):
// one that comes before the box can act on it waits for it.
std::vector<int> box_signals();

// Runs `request` (Mode::Run) and returns its record. Never throws: what goes wrong in the box
// is a record with ending BoxError (or NotStarted, when the program could not be started) and
// the reason in its message.
BoxRecord run_box(const BoxRequest& request);

}  // namespace entrapment
