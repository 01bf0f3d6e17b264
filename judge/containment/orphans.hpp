// What a contestant leaves behind that no run can find. A process that starts a session of its
// own and outlives its parent is reparented to the judge (a child subreaper, identity.hpp); when
// nothing else isolates the run (no user id of its own, no control group, no PID namespace) and
// the run never saw it, nothing would kill it. So the judge remembers every process it starts
// (launch.hpp) and, each time no contestant run is live, kills and reaps its children that it
// did not start: they can only be such orphans (or what they started in turn, which comes to
// the judge the same way once they die).
//
// Only in the judge itself (handle_interrupts(), interrupts.hpp, turns it on): a test binary
// that uses the runner also has children of its own.
#pragma once

#include <sys/types.h>

namespace entrapment {

// launch.cpp, under the spawn lock: `pid` is the judge's own child.
void note_started(pid_t pid);

// Turns the sweep on (the judge's main, through handle_interrupts()).
void sweep_orphans_when_idle();

// Called when a contestant run ends: when the sweep is on and no run is live, kills and reaps
// every child of the judge it did not start. Returns how many it found.
int sweep_orphans();

}  // namespace entrapment
