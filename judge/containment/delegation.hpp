// A control group for a judge that is not root. Such a judge may make no group under the
// machine's, and without one its runs share RLIMIT_NPROC with every process of the user
// (another judge's included) and their memory is counted on a best-effort basis. Where the
// machine can give it one, systemd's user manager on cgroup v2 (`systemd-run --user --scope -p
// Delegate=yes`, asked once: it answers in a moment), the judge starts again inside a scope of
// its own whose groups it may make, and its boxes make theirs there. `judge run -v` says which
// it got (limits: "cgroup v2 ... in a scope systemd delegated"; or "rlimit (...)").
#pragma once

#include <string>

namespace entrapment {

// Called first thing by the judge's main, before any thread: when the judge is not root, has
// no usable control group, and systemd can delegate one, execs the judge again in such a scope
// (with ENTRAPMENT_DELEGATED=1, so that it happens once) and does not return. Otherwise, or
// when anything about it fails, returns and the judge goes on as it is. ENTRAPMENT_LIMITS=
// rlimit turns it off.
void start_again_in_a_delegated_scope(int argc, char** argv);

// "" where the judge runs as it was started; "in a scope systemd delegated" where it started
// again in one.
std::string delegation_note();

}  // namespace entrapment
