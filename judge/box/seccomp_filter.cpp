#include "seccomp_filter.hpp"

#include <errno.h>
#include <fcntl.h>
#include <linux/falloc.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <iterator>
#include <vector>

namespace entrapment {

namespace {

// A call refused with `error` when every condition on its arguments holds (none: always).
struct Rule {
  const char* call;
  int error;
  std::vector<scmp_arg_cmp> only_when = {};
  // Its number where libseccomp does not know the call but the kernel may (-1: none).
  int number = -1;
};

// The conditions, as libseccomp's SCMP_A0..SCMP_A5 (compound literals, which C++ lacks).
scmp_arg_cmp argument(unsigned place, scmp_compare how, scmp_datum_t value,
                      scmp_datum_t second = 0) {
  return scmp_arg_cmp{place, how, value, second};
}
// The argument's low 32 bits are `value`: the kernel reads an int or an unsigned int so, dropping
// the upper half a caller may set (red team: rt_sigaction(SIGCHLD | 1 << 32, SIG_IGN) passed a
// comparison of all 64 bits, and was made). prctl's second argument is an unsigned long, whose
// other values the kernel refuses as the rule does.
scmp_arg_cmp argument_is(unsigned place, scmp_datum_t value) {
  return argument(place, SCMP_CMP_MASKED_EQ, 0xffffffffu, value);
}
// The flag is set in the argument.
scmp_arg_cmp argument_has(unsigned place, scmp_datum_t flag) {
  return argument(place, SCMP_CMP_MASKED_EQ, flag, flag);
}

// setxattrat (Linux 6.13) is newer than the libseccomp of Debian 12: by number, the one every
// architecture's table gives it since 5.1's unified numbers.
#if defined(__x86_64__) || defined(__aarch64__)
constexpr int kSetxattrat = 463;
#else
constexpr int kSetxattrat = -1;
#endif

// close_range's flag (linux/close_range.h, newer than some C libraries' headers) and
// prctl's option (Linux 6.16's linux/prctl.h).
constexpr scmp_datum_t kCloseRangeUnshare = 1u << 1;
constexpr scmp_datum_t kPrFutexHash = 78;

const Rule kRules[] = {
    {"keyctl", EPERM},
    {"add_key", EPERM},
    {"request_key", EPERM},
    {"unshare", EPERM, {argument_has(0, CLONE_NEWUSER)}},
    {"clone", EPERM, {argument_has(0, CLONE_NEWUSER)}},
    {"clone3", ENOSYS},
    {"socket", EAFNOSUPPORT, {argument(0, SCMP_CMP_NE, AF_UNIX)}},
    {"socketpair", EAFNOSUPPORT, {argument(0, SCMP_CMP_NE, AF_UNIX)}},
    // A socket's buffers stay at the machine's default (net.core.wmem_default), which
    // RLIMIT_NOFILE under rlimits is derived from (rlimit_limiter.cpp): data in them is no
    // process's memory (red team: SO_SNDBUF at wmem_max made 8 MiB a descriptor, 1500 MiB
    // under 256, AC at "mem 7.4 MiB").
    {"setsockopt", EPERM, {argument_is(1, SOL_SOCKET), argument_is(2, SO_SNDBUF)}},
    {"setsockopt", EPERM, {argument_is(1, SOL_SOCKET), argument_is(2, SO_RCVBUF)}},
    {"setsockopt", EPERM, {argument_is(1, SOL_SOCKET), argument_is(2, SO_SNDBUFFORCE)}},
    {"setsockopt", EPERM, {argument_is(1, SOL_SOCKET), argument_is(2, SO_RCVBUFFORCE)}},
    {"io_uring_setup", EPERM},
    {"io_uring_enter", EPERM},
    {"io_uring_register", EPERM},
    // Secret memory is in no memfd the looks under rlimits count (red team: 239 MiB held by
    // descriptors under 64 MiB); no contest program needs it.
    {"memfd_secret", ENOSYS},
    // A BPF map is kernel memory its descriptors hold, in no resident set, which a machine that
    // lets any user make one (kernel.unprivileged_bpf_disabled 0) would give a run past its
    // limit under rlimits. No contest program needs it.
    {"bpf", EPERM},
    // A vmspliced 4 KiB piece of a huge page keeps the whole 2 MiB page in a pipe no one reads,
    // no process's memory (red team: 310 MiB gone from the machine under a 64 MiB limit, AC at
    // "mem 35 MiB" under rlimits; 512 MiB a pipe once enlarged). Contest programs write.
    {"vmsplice", EPERM},
    // A tmpfs's size caps its data, not the user attributes of its files, held in kernel
    // memory up to a thousand times that (red team: 200 MiB in 0.05 s in a 64 MiB /tmp under a
    // 64 MiB limit, AC at "mem 1.8 MiB" under rlimits). As a file system without them answers.
    {"setxattr", EOPNOTSUPP},
    {"lsetxattr", EOPNOTSUPP},
    {"fsetxattr", EOPNOTSUPP},
    {"setxattrat", EOPNOTSUPP, {}, kSetxattrat},
    // The machine's one table of asynchronous I/O events (fs.aio-max-nr) is every process's:
    // a run took all 65536 for as long as it lived, and every io_setup on the machine failed
    // (red team). As a kernel without AIO answers; the C library's POSIX AIO uses threads.
    {"io_setup", ENOSYS},
    // Space reserved past a file's end (FALLOC_FL_KEEP_SIZE, and the other modes) is not
    // checked against RLIMIT_FSIZE: 2 GiB of the disk a call for a file of size 0, under a
    // 1 MiB --file-size (red team). Plain fallocate (posix_fallocate's) is checked, and stays.
    {"fallocate", EOPNOTSUPP, {argument(1, SCMP_CMP_NE, 0)}},
    // RLIMIT_CORE is 1 byte (child.cpp): where the machine pipes core dumps to a program
    // (systemd-coredump, apport), 0 starts that program as root for every crash, outside the
    // run's limits (red team). A change of it, the program's or another's (prlimit), is taken
    // and not made: it answers success (errno 0, the call not run), as for a program that turns
    // core dumps off, which 1 byte already does. An error would end programs that turn them off
    // as they start: AddressSanitizer's runtime ("setrlimit() failed") dies then.
    {"setrlimit", 0, {argument_is(0, RLIMIT_CORE), argument(1, SCMP_CMP_NE, 0)}},
    {"prlimit64", 0, {argument_is(1, RLIMIT_CORE), argument(2, SCMP_CMP_NE, 0)}},
    // A limit set on another process needs no ptrace access, only the same user: the program set
    // its sandbox init's RLIMIT_NOFILE to 0, the init failed its next poll() and exited, and its
    // PID namespace ended before the box's last look, the CPU time of the run's zombies with it
    // (red team: 2 s under 1 s, AC at "cpu 0.10 s" under rlimits); without a sandbox, the box's
    // own limits. As a process another user owns answers; its own (pid 0) and reading stay.
    {"prlimit64", EPERM, {argument(0, SCMP_CMP_NE, 0), argument(2, SCMP_CMP_NE, 0)}},
    // A perf event's ring buffer is kernel memory no control group is charged with, and no
    // process's resident set: children mapping them on themselves (kernel.perf_event_paranoid 2
    // lets every user), each to its RLIMIT_MEMLOCK, held 1403 MiB under a 64 MiB control group,
    // AC (red team). As a kernel that forbids them (paranoid 3) answers.
    {"perf_event_open", EACCES},
    // The events an inotify or fanotify instance queues for a reader that never reads are kernel
    // memory, in no resident set (512 bytes each, 16,384 an instance, 128 instances a user):
    // under rlimits 1 GiB under 64 MiB for 5 s, AC at "mem 1.7 MiB", in every sandbox; fanotify
    // 245 MiB (red team). Their instances are also a table every run of one user shares. As a
    // kernel without inotify answers, and fanotify as it answers a user it does not allow.
    {"inotify_init", ENOSYS},
    {"inotify_init1", ENOSYS},
    {"fanotify_init", EPERM},
    // A pipe enlarged to 1 MiB (F_SETPIPE_SZ, pipe-max-size) holds 16 times the default, no
    // process's memory: 37 MiB in one process's pipes beside 40 MiB of its own under 64 MiB,
    // AC (red team); at the default, RLIMIT_NOFILE keeps one process's pipes to a few MiB. As
    // an unprivileged user past pipe-max-size is answered.
    {"fcntl", EPERM, {argument_is(1, F_SETPIPE_SZ)}},
    {"fcntl64", EPERM, {argument_is(1, F_SETPIPE_SZ)}},
    // A POSIX record lock is kernel memory no control group is charged with (file_lock_cache),
    // and a file takes as many as it has bytes: 16 processes held 1.44 million, 274 MiB, under
    // 64 MiB, AC under rlimits and under a control group alike (red team). As a full lock
    // table answers; flock(), one lock a descriptor, stays.
    {"fcntl", ENOLCK, {argument_is(1, F_SETLK)}},
    {"fcntl", ENOLCK, {argument_is(1, F_SETLKW)}},
    {"fcntl", ENOLCK, {argument_is(1, F_OFD_SETLK)}},
    {"fcntl", ENOLCK, {argument_is(1, F_OFD_SETLKW)}},
    {"fcntl64", ENOLCK, {argument_is(1, F_SETLK)}},
    {"fcntl64", ENOLCK, {argument_is(1, F_SETLKW)}},
    {"fcntl64", ENOLCK, {argument_is(1, F_OFD_SETLK)}},
    {"fcntl64", ENOLCK, {argument_is(1, F_OFD_SETLKW)}},
    // A POSIX message queue outlives the run without a sandbox (up to RLIMIT_MSGQUEUE, 800 KiB
    // a user: red team). As a kernel without them answers.
    {"mq_open", ENOSYS},
    // A seccomp filter of the program's own is kernel memory no resident set shows (about 5
    // KiB each, up to 32,768 instructions a process): 16 processes stacked 3,627 filters each,
    // 369 MiB gone from the machine under 64 MiB, exit 0 under rlimits (red team). As a kernel
    // without seccomp filters answers; the box's own is loaded before this rule holds.
    {"seccomp", EINVAL, {argument_is(0, SECCOMP_SET_MODE_FILTER)}},
    {"prctl", EINVAL, {argument_is(0, PR_SET_SECCOMP), argument_is(1, SECCOMP_MODE_FILTER)}},
};

// Under rlimits only (a control group charges memfds to the run exactly): a memfd's data is in
// no process's resident set, and the box's looks count only the memfds its processes hold open
// at that moment: written after one look and held until the run's end by the main process
// itself, or held only by a mapping, in flight on a socket, or by a program made not dumpable
// to a judge that is not root, they went uncounted (red team: 400 memfds of 1 MiB under 256
// MiB, AC at "mem 7.4 MiB"). As a kernel without memfds answers; no contest program needs one.
const Rule kRlimitRules[] = {
    {"memfd_create", ENOSYS},
    // Transparent huge pages are off for the run (child.cpp): a 2 MiB page mapped but for 4 KiB
    // stays whole until the kernel splits it, in no resident set (red team: 1,500 of them, 3
    // GiB, under 64 MiB, AC at "mem 9.4 MiB"). The program may not turn them on again.
    {"prctl", EPERM, {argument_is(0, PR_SET_THP_DISABLE)}},
    // A listener's connections not yet accepted hold what their senders wrote, each up to its
    // buffers, behind one descriptor: 4,000 of them, 889 MiB under 64 MiB, from one process
    // with two descriptors, AC at "mem 1.7 MiB" (red team). A backlog of 1 keeps a listener to
    // what a descriptor may hold (RLIMIT_NOFILE, rlimit_limiter.cpp). Contest programs listen
    // to no one.
    {"listen", EPERM, {argument(1, SCMP_CMP_GT, 1)}},
    // A datagram receiver queues a whole send buffer from each of its senders, up to
    // net.unix.max_dgram_qlen + 1 of them, though each sender has closed: 2.2 MiB behind one
    // descriptor, counted as a socket's 416 KiB, and nothing once in flight (red team: 150
    // receivers, 415 MiB under 64 MiB, AC at "mem 31 MiB"). Stream sockets only (a packet
    // socket queues alike); contest programs and their runtimes use no other (Python's
    // socketpair() is a stream pair).
    {"socket", ESOCKTNOSUPPORT, {argument(1, SCMP_CMP_MASKED_EQ, 0xf, SOCK_DGRAM)}},
    {"socket", ESOCKTNOSUPPORT, {argument(1, SCMP_CMP_MASKED_EQ, 0xf, SOCK_SEQPACKET)}},
    {"socketpair", ESOCKTNOSUPPORT, {argument(1, SCMP_CMP_MASKED_EQ, 0xf, SOCK_DGRAM)}},
    {"socketpair", ESOCKTNOSUPPORT, {argument(1, SCMP_CMP_MASKED_EQ, 0xf, SOCK_SEQPACKET)}},
    // A page spliced into a socket stays pinned by it while its send buffer is charged the bytes
    // alone: 16 one-byte slices of pages moved from pipe to pipe made a 64 KiB skb charged 616
    // bytes (red team: 1020 MiB under 64 MiB from one process, AC at "mem 25 MiB"); sendfile of
    // a file's page, the file truncated after, pinned 64 MiB so. In no resident set or file
    // system; a control group is charged with the pages. As a kernel without them answers
    // (Python's shutil and Java's transferTo then read and write).
    {"splice", ENOSYS},
    {"tee", ENOSYS},
    {"sendfile", ENOSYS},
    {"sendfile64", ENOSYS},
    // Shared anonymous memory is an object of its own, which keeps every page written to it
    // while any mapping of it lasts: pages dropped from the page tables (MADV_DONTNEED) or
    // unmapped but for one page are in no resident set and no address space (red team: 560 MiB
    // under 64 MiB, AC at "mem 4.6 MiB"). As a kernel without it answers a shared mapping it
    // cannot make. The sandbox has no /dev/zero under rlimits (sandbox_view.cpp), whose shared
    // mapping makes the same object; shared mappings of files stay (the JVM reads its modules
    // so), their data in a file system.
    {"mmap", ENODEV, {argument_has(3, MAP_SHARED | MAP_ANONYMOUS)}},
    // System V segments no process has attached, and messages queued for no reader, are no
    // process's memory (red team: 512 MiB of segments and 257 MiB of messages under 64 MiB,
    // exit 0 at "mem 17 MiB"; bwrap's IPC namespace has the kernel's limits). As a kernel
    // without System V IPC answers.
    {"shmget", ENOSYS},
    {"msgget", ENOSYS},
    {"semget", ENOSYS},
    // A child whose parent ignores SIGCHLD, or set SA_NOCLDWAIT, is reaped by the kernel as it
    // exits, and its CPU time goes to no one's usage, in no /proc: 30 workers of 0.1 s were
    // "cpu 0.18 s" under a 1 s limit, AC (red team). A change of SIGCHLD's action answers
    // success and makes none (the filter cannot read the action: a handler and SIG_IGN are
    // alike to it; the old action is not written). A program that ignores SIGCHLD leaves
    // zombies the run's end reaps; one that waits for its handler to run waits in vain. The
    // runtimes of the languages table set no action for SIGCHLD (strace: python3 and java only
    // read it); a runtime that sets one for every signal (Go's) is answered as it expects.
    {"rt_sigaction", 0, {argument_is(0, SIGCHLD), argument(1, SCMP_CMP_NE, 0)}},
    // A descriptor in flight (SCM_RIGHTS) is in no process's table, and what it keeps alive is
    // in no look: an epoll's fdinfo read once keeps the epoll's whole text (red team: 58 such
    // files in flight, 294 MiB under 256 MiB, AC at "mem 103 MiB"), and a program with
    // CAP_SYS_ADMIN (root's, without a sandbox) has no cap on what it puts in flight (886 MiB
    // of sockets). The filter cannot read a message's control data: sendmsg and sendmmsg are
    // refused whole. Contest programs and their runtimes write, and send on sockets.
    {"sendmsg", EPERM},
    {"sendmmsg", EPERM},
    // A thread with a descriptor table of its own (unshare CLONE_FILES, or a clone of a thread
    // without CLONE_FILES) holds descriptors no look reads, /proc/PID/fd being its main
    // thread's (red team: 32 threads' socket pairs, 2476 MiB under 256 MiB, AC at "mem 203
    // MiB"). A thread shares its process's table, as pthread_create and Go's runtime ask.
    {"unshare", EPERM, {argument_has(0, CLONE_FILES)}},
    {"clone", EPERM, {argument(0, SCMP_CMP_MASKED_EQ, CLONE_THREAD | CLONE_FILES, CLONE_THREAD)}},
    // close_range's CLOSE_RANGE_UNSHARE makes the caller's table its own first (red team: 12
    // threads held 832 MiB of socket pairs under 256 MiB so, AC at "mem 2.2 MiB"). Closing
    // ranges stays (glibc's closefrom). By number where libseccomp does not know it.
    {"close_range", EPERM, {argument_has(2, kCloseRangeUnshare)}, 436},
    // A process's parent is the one whose address space it copied: the looks count the records
    // that link each forked copy of an anonymous mapping to every generation above it by the
    // parents of the run above the process (rlimit_limiter.cpp). A child made with
    // CLONE_PARENT copies its maker's but is its maker's parent's: a chain of such siblings
    // would seem one generation deep. No runtime of the languages table asks for it.
    {"clone", EPERM, {argument_has(0, CLONE_PARENT)}},
    // A process's local descriptor table is kernel memory, 64 KiB at most a process, in no
    // resident set (red team: 250 processes, 16 MiB). As a kernel built without it answers.
    {"modify_ldt", ENOSYS},
    // A private futex hash of the size a process asks for (PR_FUTEX_HASH, Linux 6.16), 64 bytes
    // a bucket of kernel memory in no resident set and no address space (red team: 6 processes
    // held 782 MiB under 256 MiB, AC at "mem 2.1 MiB"). As a kernel without it answers; the
    // kernel sizes one of its own for a process's threads, a few buckets each.
    {"prctl", EINVAL, {argument_is(0, kPrFutexHash)}},
    // A Landlock ruleset keeps each of its rules in kernel memory, in no process and no file
    // system: 65,535 port rules are 4.3 MiB a descriptor (red team: 70 MiB under 16, AC at "mem
    // 2.6 MiB"). The box enters the run's own domain before this filter (landlock.hpp); the
    // program is answered as by a kernel without Landlock. By number where libseccomp does not
    // know them (the one every architecture's table gives them).
    {"landlock_create_ruleset", ENOSYS, {}, 444},
    {"landlock_add_rule", ENOSYS, {}, 445},
    {"landlock_restrict_self", ENOSYS, {}, 446},
};

}  // namespace

int seccomp_filter_fd(std::string& why, bool under_rlimits) {
  scmp_filter_ctx filter = ::seccomp_init(SCMP_ACT_ALLOW);
  if (!filter) {
    why = "seccomp_init failed";
    return -1;
  }
  int error = ::seccomp_attr_set(filter, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
  std::vector<Rule> rules(std::begin(kRules), std::end(kRules));
  if (under_rlimits) rules.insert(rules.end(), std::begin(kRlimitRules), std::end(kRlimitRules));
  for (const Rule& rule : rules) {
    if (error) break;
    int call = ::seccomp_syscall_resolve_name(rule.call);
    if (call == __NR_SCMP_ERROR) call = rule.number;
    if (call < 0) continue;  // not a call of this architecture
    error = ::seccomp_rule_add_array(filter, SCMP_ACT_ERRNO(rule.error), call,
                                     static_cast<unsigned>(rule.only_when.size()),
                                     rule.only_when.empty() ? nullptr : rule.only_when.data());
    if (error) why = std::string("seccomp_rule_add(") + rule.call + "): " + std::strerror(-error);
  }
  int fd = -1;
  if (!error) {
    fd = ::memfd_create("entrapment-seccomp", MFD_CLOEXEC);
    error = fd < 0 ? -errno : ::seccomp_export_bpf(filter, fd);
    if (error) why = std::string("writing the seccomp filter: ") + std::strerror(-error);
  } else if (why.empty()) {
    why = std::string("seccomp: ") + std::strerror(-error);
  }
  ::seccomp_release(filter);
  if (error) {
    if (fd >= 0) ::close(fd);
    return -1;
  }
  ::lseek(fd, 0, SEEK_SET);
  return fd;
}

const char* load_seccomp_filter(int filter_fd) {
  struct stat info {};
  if (::fstat(filter_fd, &info) != 0 || info.st_size <= 0 || info.st_size % sizeof(sock_filter))
    return "reading the seccomp filter";
  std::vector<sock_filter> program(static_cast<std::size_t>(info.st_size) / sizeof(sock_filter));
  if (::pread(filter_fd, program.data(), static_cast<std::size_t>(info.st_size), 0) != info.st_size)
    return "reading the seccomp filter";
  sock_fprog bpf{static_cast<unsigned short>(program.size()), program.data()};
  if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return "setting no_new_privs";
  if (::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &bpf) != 0) return "loading the seccomp filter";
  return nullptr;
}

std::string describe_seccomp_filter(bool under_rlimits) {
  return "seccomp: keyctl, add_key and request_key refused; no new user namespace (clone and "
         "unshare with CLONE_NEWUSER; clone3 answers ENOSYS); sockets of AF_UNIX only (no TCP or "
         "UDP, even on its own loopback), their buffers at the machine's default (no SO_SNDBUF, "
         "SO_RCVBUF); no io_uring; no memfd_secret; no bpf" +
         std::string(under_rlimits ? "; no memfd_create (rlimits count no memfd exactly); "
                                     "transparent huge pages off, and kept so; listen() "
                                     "with a backlog of 1 at most; stream sockets only (no "
                                     "datagram or packet socket); no splice, tee or "
                                     "sendfile (pages they pin in a socket); no shared "
                                     "anonymous "
                                     "memory (mmap MAP_SHARED | MAP_ANONYMOUS answers "
                                     "ENODEV); no System V IPC (shmget, msgget, semget); "
                                     "SIGCHLD's action stays the default (a change "
                                     "answers success, not made: children the kernel "
                                     "reaps take their CPU time with them); no Landlock "
                                     "(its rules are kernel memory); no sendmsg or sendmmsg "
                                     "(descriptors in flight are in no process's table); "
                                     "threads share their process's descriptor table "
                                     "(unshare CLONE_FILES refused); no CLONE_PARENT (a "
                                     "process's parent is the one whose memory it copied); "
                                     "no modify_ldt (a local descriptor table is kernel "
                                     "memory); no close_range CLOSE_RANGE_UNSHARE (a table of "
                                     "its own); no prctl PR_FUTEX_HASH (a futex hash of the "
                                     "size asked for is kernel memory)"
                                   : "") +
         "; no vmsplice; no extended attributes set; no "
         "io_setup (the machine's AIO table); fallocate only plain (its other modes pass "
         "RLIMIT_FSIZE by); RLIMIT_CORE kept at 1 byte (a set or prlimit of it answers "
         "success, not run); no limit set on another process (prlimit); no perf_event_open; no "
         "inotify or fanotify (their queued events); "
         "pipes at their default size (no F_SETPIPE_SZ); no POSIX message queues; no POSIX record "
         "locks (fcntl F_SETLK and co. answer ENOLCK; flock stays); no seccomp filter of its own; "
         "only the machine's own architecture";
}

}  // namespace entrapment
