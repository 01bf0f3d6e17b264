// The sandbox a root box makes itself, as isolate makes its own: no bwrap, and no second exec
// of the box as bwrap's init. bwrap as root cost a run as much CPU as all of isolate (32.8 ms
// beside 31.4, issue 47), and its init, the box's step, was one more exec of the box.
//
// The box's child is cloned into new mount, PID, IPC, network and UTS namespaces (and a cgroup
// namespace, where the kernel has one, once it is in the run's control group), builds there
// the root sandbox_view.hpp describes, exactly as bwrap builds it from the same steps
// (enter_view()), and pivots into it. It is then the init of the run's PID namespace and does
// what the box's step does under bwrap (drop.hpp): it becomes the run's user id, loads the
// seccomp filter, starts the program and reports its wait status. When the box dies, so does
// it (PR_SET_PDEATHSIG, set again after the change of user id, which clears it), and with it
// everything in the namespace.
//
// Where the box cannot make namespaces (a container that forbids them: clone fails), a root
// box falls back to bwrap, and says why (`judge-box --describe`).
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include "sandbox_view.hpp"

namespace entrapment {

// "" when a run asking for the sandbox gets namespaces of the box's own here: the box is root
// and ENTRAPMENT_OWN_NAMESPACES is not `off`; with `probe`, a child was also cloned into them.
// Otherwise why not (bwrap makes them then).
std::string own_namespaces_absence(bool probe);

// Forks the calling process into the run's new namespaces (clone(2), as fork(2) otherwise):
// the child's pid, 0 in the child, -1 with errno set.
pid_t clone_into_namespaces();

// Whether a failed clone_into_namespaces() means that namespaces cannot be made here (the
// kernel or a container forbids them), rather than that the machine is short of something.
bool namespaces_forbidden(int error);

// Caps what System V IPC may hold in the caller's own IPC namespace at about `bytes`: shared
// memory, message queues, semaphores (their namespace's sysctls, as its root may write them).
// nullptr, or what failed.
const char* cap_ipc(long long bytes);

// In the child clone_into_namespaces() made, as root: a cgroup namespace of its own (once it is
// in the run's control group), then `view` built as the new root (pivot_root), the old root
// gone, the working directory `dir`. nullptr, or the step that failed (errno set), naming its
// path in `failed`.
const char* enter_view(const std::vector<ViewStep>& view, const std::string& dir,
                       std::string& failed);

}  // namespace entrapment
