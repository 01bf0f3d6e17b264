// The seccomp filter every run gets (libseccomp, as isolate has one), for what namespaces and
// limits do not cover. It refuses, with an error the program can handle:
//  - keyctl, add_key and request_key (EPERM): keys live in no file system and no namespace; a
//    program that is not root's run is its user's, and listed and emptied the user's keyrings;
//  - a new user namespace (EPERM for clone and unshare with CLONE_NEWUSER; clone3, whose flags
//    a filter cannot read, gets ENOSYS and the C library falls back to clone): inside one a
//    program mounted a tmpfs that no limit capped or counted (600 MiB under 256, AC);
//  - every socket but AF_UNIX (EAFNOSUPPORT for socket and socketpair): no TCP or UDP even on
//    the run's own loopback, where 600 MiB sat in TCP buffers uncounted;
//  - sizing a socket's buffers (EPERM for setsockopt SO_SNDBUF, SO_RCVBUF and their FORCE
//    forms): they stay at the machine's default, from which RLIMIT_NOFILE is derived under
//    rlimits (8 MiB a descriptor at wmem_max held 1500 MiB under 256 uncounted);
//  - io_uring (EPERM for its three calls): it opens sockets and files without those calls;
//  - under rlimits, memfd_create (ENOSYS): memfds are counted only at the box's looks;
//  - and the other calls whose memory no look would see, each with its reason in
//    seccomp_filter.cpp (describe_seccomp_filter() lists them all).
// Only the machine's own architecture runs: a system call of another (32-bit int 0x80, x32)
// kills the process, since its numbers mean other calls.
#pragma once

#include <string>

namespace entrapment {

// A memfd holding the filter as a BPF program, at offset 0, close-on-exec (bwrap --seccomp FD
// reads it there). -1 when it cannot be made, and `why` says why. `under_rlimits`: the rules
// only a count by looks needs too (memfd_create answers ENOSYS; huge pages stay off).
int seccomp_filter_fd(std::string& why, bool under_rlimits);

// Loads the filter into the calling process (and what it starts), for a run without bwrap.
// Sets no_new_privs first. nullptr, or the step that failed.
const char* load_seccomp_filter(int filter_fd);

// The filter's rules in words, one line each (judge-box --describe, doc/execution.md).
std::string describe_seccomp_filter(bool under_rlimits);

}  // namespace entrapment
