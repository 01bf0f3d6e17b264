// Landlock (Linux 5.13) for a run whose memory the box counts by its looks (rlimits): rights an
// unprivileged process gives up for itself and everything it starts, for good. The run loses:
//  - the right to open a file for writing anywhere under a mount of a proc file system. The
//    looks read each process's peak resident set (VmHWM), which stays past the moment it held
//    the memory, to the next look and into its usage once reaped; writing "5" to
//    /proc/self/clear_refs resets it (red team: twice the limit held between two looks, then
//    the peak reset: AC). Everything else may be written as before: every other path, the
//    descriptors the run was given (also reopened through /dev/stdout), pipes and sockets. A
//    program that writes to /proc (its clear_refs, its oom_score_adj) gets EACCES.
//  - the right to open anything under a devpts or /dev/ptmx, even for reading alone (which makes
//    a pair too): a pseudo-terminal pair is kernel memory in no process, from a table every
//    sandbox of the machine shares (red team, `--sandbox none`: 54 MiB under 16; 1,200 pairs
//    from read-only opens). Everything else is read as before.
//  - from Landlock ABI 6 (Linux 6.12), signals to any process outside the run, and abstract
//    AF_UNIX sockets bound outside it: without a sandbox the run is its user to the kernel, and
//    killed its own box, whose record was then never written, while a grandchild ran on (red
//    team, `--sandbox none`).
// The seccomp filter then refuses the run Landlock's own calls under rlimits (each rule is
// kernel memory in no process: 4.3 MiB a ruleset of 65,535 port rules), so the domain is made
// before the filter is loaded. Where the kernel has no Landlock, the run is as it was, and
// `judge-box --describe` says what that leaves.
#pragma once

#include <string>

namespace entrapment {

// In the calling process, before the seccomp filter and the program's exec (no_new_privs is set
// here, as Landlock requires of a process without CAP_SYS_ADMIN). nullptr, also where the kernel
// has no Landlock (nothing is done then), or the step that failed (errno set).
const char* enter_landlock_domain();

// What the kernel here lets the domain hold, in words: "Landlock ABI 7", or why not.
struct LandlockHere {
  bool proc_writes_refused = false;
  bool signals_scoped = false;  // signals and abstract sockets kept within the run
  std::string how;
};
LandlockHere landlock_here();

}  // namespace entrapment
