// The init of the run's PID namespace, the last step before the program. Under bwrap it is
// `judge-box --step [--drop-to UID] --report-to FD [--address-space BYTES] [--data BYTES]
// [--processes N]
// [--pending-signals N] [--landlock] [--seccomp FD] -- PROGRAM ARGS`, the box's own binary (bound
// into the sandbox read-only), started by bwrap as the namespace's init (PID 1); in the box's own
// namespaces (namespaces.hpp) it is the box's child, which does the same without an exec
// (drop_to_user(), run_as_init()).
//
// As root it first becomes the run's own user id and nothing more (--drop-to), as util-linux's
// setpriv did for the box (`--reuid --regid --clear-groups --no-new-privs --inh-caps=-all
// --bounding-set=-all`): the bounding set emptied while still root, no supplementary groups,
// uid and gid N (real, effective and saved), no capability in any set, no_new_privs. setpriv
// cost 2.8 ms of CPU a run (a dynamic program that looks its user up and reads its locale).
//
// Then it starts the program as its child (signals at their defaults, none blocked, the address
// space limit set last) and waits for it, reaping what the run orphans meanwhile, and writes the
// program's wait status as it is (an int) to the descriptor FD, whose other end the box holds.
// bwrap reports a process killed by signal N as the exit status 128 + N, as a shell does, and
// the box could not tell a program that exited 130 from one killed by SIGINT; this report can.
// When it exits, the kernel ends everything left in the namespace, as bwrap's own init did: so
// when the program left processes, it says so with one more byte after the status and stays, for
// the box to stop, measure and kill what is left, and it with them. It exits at once, without a
// report, when the box is gone (the box's end of FD breaks).
// Nothing in the namespace may signal it (the kernel delivers its init no signal it has no
// handler for) and, not dumpable, nothing may trace it or open its descriptors: the report is
// the step's alone. Without --report-to it execs the program itself.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

namespace entrapment {

// The run's own user id and nothing more (the calling process is root): nullptr, or the step
// that failed (errno set).
const char* drop_to_user(uid_t uid);

struct InitPlan {
  int report_fd = -1;                     // the box's pipe: the program's wait status goes there
  const rlimit* address_space = nullptr;  // the program's, set last before its exec
  const rlimit* data = nullptr;           // its RLIMIT_DATA, likewise
  char* const* argv = nullptr;            // the program and its arguments
  char* const* envp = nullptr;            // its environment
  // Where a failed start is said (errno, then the step's name), as the box's child says its
  // own; -1: on stderr. The init holds it only until the program's exec closes it.
  int error_pipe = -1;
  // Stays after the program's end until killed, even with nothing of the run left: the box's
  // last look reads the sandbox's file systems through it (SandboxLayout::stay).
  bool stay = false;
};

// The init's work once it is the run's user: starts the program as its child, reaps what the
// run orphans, reports the program's wait status to the box, and returns the exit status to
// exit with (the program's; 127 when it could not start it or the box is gone).
int run_as_init(const InitPlan& plan);

// argv as judge-box got it: {"judge-box", "--step", ["--drop-to", "UID",] ["--report-to",
// "FD",] ["--address-space", "BYTES",] ["--data", "BYTES",] ["--processes", "N",]
// ["--pending-signals", "N",]
// ["--landlock",] ["--stay",] ["--seccomp", "FD",] "--", PROGRAM, ARGS...}. They are RLIMIT_NPROC
// and RLIMIT_SIGPENDING, set at once (a box that is not root: in bwrap's user namespace, where they
// count the run's alone, this step included), then the run's Landlock domain (landlock.hpp) and
// the seccomp filter read from FD, in that order: the filter refuses the program Landlock's
// calls. The address-space and data limits are the program's, set last before its exec: the step
// runs without it (a judge-box built with AddressSanitizer reserves terabytes of shadow memory).
// Returns the program's exit status (128 + N for
// signal N) once it ends; a step that fails (or a program that cannot be started) says
// why on stderr, and that is exit status 127.
int run_program_step(int argc, char** argv);

}  // namespace entrapment
