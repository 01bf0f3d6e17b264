// The last step before the program, inside bwrap, when the box is root: `judge-box --drop-to
// UID -- PROGRAM ARGS` becomes the run's own user id and nothing more, then execs the program.
// It does what util-linux's setpriv did for the box (`--reuid --regid --clear-groups
// --no-new-privs --inh-caps=-all --bounding-set=-all`): the bounding set emptied while still
// root, no supplementary groups, uid and gid N (real, effective and saved), no capability in
// any set, no_new_privs. setpriv cost 2.8 ms of CPU a run (a dynamic program that looks its
// user up and reads its locale); this is the box's own binary, already trusted and bound into
// the sandbox read-only, and costs a fifth of that.
#pragma once

namespace entrapment {

// argv as judge-box got it: {"judge-box", "--drop-to", "UID", ["--address-space", "BYTES",] "--",
// PROGRAM, ARGS...}. The address-space limit is the program's, set last before its exec: the
// drop step runs without it (a judge-box built with AddressSanitizer reserves terabytes of shadow
// memory). Does not return when the program starts; otherwise says why on stderr and returns 127.
int drop_to_run_user(int argc, char** argv);

}  // namespace entrapment
