// The last step before the program, inside bwrap: `judge-box --step [--drop-to UID]
// --report-to FD [--address-space BYTES] -- PROGRAM ARGS`, the box's own binary (bound into the
// sandbox read-only), started by bwrap as the init (PID 1) of the run's PID namespace.
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
// When it exits, the kernel ends everything left in the namespace, as bwrap's own init did; it
// exits at once, without a report, when the box is gone (the box's end of FD breaks).
// Nothing in the namespace may signal it (the kernel delivers its init no signal it has no
// handler for) and, not dumpable, nothing may trace it or open its descriptors: the report is
// the step's alone. Without --report-to it execs the program itself.
#pragma once

namespace entrapment {

// argv as judge-box got it: {"judge-box", "--step", ["--drop-to", "UID",] ["--report-to",
// "FD",] ["--address-space", "BYTES",] "--", PROGRAM, ARGS...}. The address-space limit is the
// program's, set last before its exec: the step runs without it (a judge-box built with
// AddressSanitizer reserves terabytes of shadow memory). Returns the program's exit status (128
// + N for signal N) once it ends; a step that fails (or a program that cannot be started) says
// why on stderr, and that is exit status 127.
int run_program_step(int argc, char** argv);

}  // namespace entrapment
