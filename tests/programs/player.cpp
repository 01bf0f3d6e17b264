// A test contestant: plays the game the judge's first line is, or misbehaves the way its first
// argument says. The tests of the box judge it through the tests' own game
// (tests/support/echo_problem.hpp: "ping N", it answers "pong N"), so that they hold for any
// problem; those of judging Entrapment itself, the judge as a program (build/bin/judge judges
// this package) and the transports give it Entrapment, which it plays optimally (with the exact
// solver). See tests/judging/hostile_test.cpp. "The wrong side" below is, in the tests' game,
// a wrong number ("pong N+1"), and "half-way" before its answer.
//   correct         plays a correct game
//   sleep           sleeps forever before saying anything
//   no-flush        plays, but never flushes its output (and then waits for the judge)
//   stdout-flood    writes 1 GiB to stdout, no newline
//   stderr-flood    writes 1 GiB to stderr, then plays a correct game
//   fork-bomb       forks without end
//   allocate        allocates and touches memory, 1 MiB at a time, up to 4 GiB
//   close-stdin     closes its input and exits
//   crash-after     plays a correct game, then crashes (SIGSEGV)
//   sigxcpu-after   plays a correct game, then sends itself SIGXCPU, far below any CPU limit
//   cpu-window      writes to stderr "window CPUS START END": the CPUs its affinity allows
//                   (comma-separated) and, in CLOCK_REALTIME nanoseconds, when it began and
//                   ended burning 0.3 s of CPU time; then exits 3 (stderr is in the message)
//   read-after-wa   claims the wrong side, then keeps reading after the judge's -1
//   orphan          plays a correct game and leaves a child (in its own session) holding stdout
//   spin-after      plays a correct game, then spins on the CPU forever
//   sleep-after     plays a correct game, then sleeps forever, its output open
//   exit-3-after    plays a correct game, then exits with status 3
//   wrong-then-crash  claims the wrong side, then crashes at once
//   stop-then-crash   stops half-way through the game, then crashes
//   wrong-when-r3     claims the wrong side on boards of 3 rounds, else plays correctly
//                     (Entrapment only: the tests' game has no rounds)
//   threads         starts 8 std::threads (8 MiB and 50 ms of CPU each), joins them, plays
//   many-threads    starts 32 std::threads that each allocate 1 MiB and wait for all the others
//                   to have, joins them, plays
//   blank-flood     plays a correct game, then writes 5 MiB of newlines
//   crlf-after      plays a correct game, then writes a blank line ending in "\r\n"
//   burn-then-play  allocates 64 MiB, burns 0.5 s of CPU (by its own clock), plays
//   burn-then-sleep allocates 64 MiB, burns 0.5 s of CPU, then sleeps forever (wall limit)
//   spin            allocates 64 MiB, then spins on the CPU forever (CPU limit)
//   fork-children   two children allocate 32 MiB each, then, both allocated, burn 0.3 s of
//                   CPU each; waits; plays
//   slow-machine    burns 0.2 s of CPU, then sleeps 1.4 s (as if the machine gave it a sliver
//                   of a core), then plays: 1.6 s of wall time for 0.2 s of CPU
//   burn-0.3-then-play  burns 0.3 s of CPU, then plays (the load tests)
// The hostile programs of issue 17: each plays a correct game (AC) when what it tried failed,
// and exits with status 3 (RTE) saying what it reached when it did not.
//   fds             any descriptor beyond 0, 1, 2 inherited from the judge
//   fds-only        the same, without a game: exit 0 or 3 (for the judge's helper programs)
//   tiocsti         opens /dev/tty, every /dev/pts/N and its own 0, 1, 2, writes a fake line
//                   there and pushes "echo <token>\n" into the terminal's input (TIOCSTI)
//   attack-judge    a same-user attack: finds the package through /proc/PID/cwd of the
//                   processes it sees, writes into a secret test and the package's root, and
//                   checks whether it could signal the judge
//   tmp-fill, shm-fill, cwd-fill   writes 512 KiB files into /tmp, /dev/shm or its working
//                   directory until one fails, at most 300 MiB
//   tmp-fill-exit   tmp-fill, then exits 0 at once, its game unplayed
//   two-processes   a child and itself hold 40 MiB (or argv[3] MiB) each at once; a child
//                   killed is its death
//   named-bwrap     the same, both named "bwrap" (prctl PR_SET_NAME), as the sandbox is
//   zombie-two-processes  the same, after leaving a child it never reaps (a zombie)
//   not-dumpable    makes itself not dumpable (prctl PR_SET_DUMPABLE 0: its maps are root's
//                   to read), forks 7 children that inherit it, and each of the 8 holds 40 MiB
//                   (or argv[3] MiB) for 1.2 s; it waits for them, then plays
//   stopped-workers two children burn 0.5 s of CPU each and stop themselves (SIGSTOP); it
//                   waits 0.6 s, plays and exits, leaving them stopped: 1 s in all
//   wait-chain      forks a chain of 24 processes (each the parent of the next), all on CPU 0,
//                   spinning together for 0.6 s of wall-clock time (0.6 s of CPU in all, each
//                   waiting for the CPU most of it); the others then pause and it sleeps 10 s
//                   before it plays: an idle program, whose waits happened at the same time
//   cache-then-hold reads up to 160 MiB of large files under /usr into the page cache (each
//                   dropped first, so that the run is charged with it; for 1.5 s of wall-clock
//                   time at most, as a slow disk reads far less), waits 1.1 s (the box
//                   looks), drops it again, then holds 150 MiB in six System V segments, each
//                   attached only while it is filled (25 MiB of resident set at most), for
//                   1.1 s, removes them and plays: 150 MiB held (where System V is refused,
//                   ENOSYS, the rest as memory of its own)
//   fdinfo-buffers  reads the fdinfo of an epoll of 52,000 registrations 58 times (4 MiB each
//                   a file), keeps the files open, closes the epoll, holds them 1 s; then plays
//                   (argv[3] "not-dumpable": made so first)
//   fdinfo-in-flight  the same, each file sent in flight (SCM_RIGHTS) on a socket pair it keeps
//                   and closed, where it may
//   thread-fd-tables  holds 3 x argv[3] MiB in AF_UNIX socket pairs no one reads, filled by
//                   threads one after another, each in a descriptor table of its own (unshare
//                   CLONE_FILES) where it may; the rest as memory of its own; holds it 1.1 s,
//                   then plays
//   thread-fd-tables-close-range  the same, each table made its own by close_range
//                   (CLOSE_RANGE_UNSHARE)
//   vm-children-fd-tables  the same, filled by children one after another, each made by clone
//                   with CLONE_VM (its parent's address space) and a descriptor table of its own
//   burst-together  three children hold 100 MiB each at once (each holds its block until all
//                   three are written) for 0.1 s, free it and exit; it waits for them, then
//                   plays: 300 MiB held at once, 100 MiB each at its peak
//   phased-spikes   40 times, at 95 ms past each quarter of a second from its start, holds
//                   1.5 x argv[3] (32) MiB (under RLIMIT_DATA at twice it) for 60 ms, frees it and
//                   resets its peak resident set (/proc/self/clear_refs); then plays
//   peak-reset      once, writes 1.25 x argv[3] (32) MiB of memory of its own (under RLIMIT_DATA
//                   at twice it), frees it at once and resets its peak resident set
//                   (/proc/self/clear_refs); then plays
//   oom-child       a child fills memory (1 MiB at a time, up to 4 GiB) until it is killed or
//                   refused; it waits for the child, then plays
//   fork-bomb-child plays, leaving a child that fork-bombs once it is gone
//   bomb-during     plays, then lets a child fork-bomb, forks with it and exits once the
//                   process cap is full (its own fork fails)
//   bidi-line       claims a side in a line with a terminal escape and U+202E
//   bidi-stderr     writes an escape and U+202E to stderr, then exits with status 1
//   trace-all       tries to trace (ptrace) and to read the environment of every process it
//                   sees but itself
//   cow-fork        holds 150 MiB, forks a child that shares them (copy-on-write) for 1 s,
//                   waits for it, then plays: 150 MiB in all
//   clone-vm        holds 150 MiB, makes a child in the same address space (clone CLONE_VM)
//                   that sleeps 1 s, waits for it, then plays: 150 MiB in all
//   spawn-helpers   legitimate: holds 0.75 x argv[3] (64) MiB and runs a helper with posix_spawn
//                   (itself, "helper-exits", which exits at once) again and again for 1.5 s
//   hidden-workers  ignores SIGCHLD (the kernel reaps its children: their CPU time is in no
//                   one's resource usage), burns 3 s of CPU in children of 0.1 s, 2 at a time,
//                   waits for them, then plays
//   nocldwait-workers  the same with a handler for SIGCHLD and SA_NOCLDWAIT (the kernel reaps
//                   them as well)
//   unread-decoys   six holders of 0.35 x argv[3] (256) MiB each hold 2.1 x it together for 1 s
//                   once all hold, while a spawner of 65,000 mappings forks a decoy every 30 ms
//                   (each slow for the box to read); then it plays
//   zombie-ticks    a child forks 240 burners of 9 ms of CPU time each (under a clock tick in
//                   their stat) and keeps them as zombies; then it plays (2.2 s of CPU in all)
//   dir-fds         holds 1.5 x argv[3] (64) MiB in ext4's names of partly read directories
//                   (open, getdents64 of 64 bytes: about 8 KiB a descriptor), in children
//                   (argv[3] "not-dumpable": made so first, 64 MiB)
//   numa-maps       holds 1.5 x argv[3] (64) MiB in /proc/self/numa_maps opened and never read
//                   (16 KiB each where the kernel has 1024 nodes), in children
//   zombie-ticks-parent  the same after setting its parent's RLIMIT_NOFILE to 0 (prlimit): a
//                   sandbox's init that fails its next poll() exits, and reaps the zombies as
//                   it dies, their CPU time nobody's
//   sigchld-handler  sets a handler for SIGCHLD (as Go's runtime does for every signal), fails
//                   if that call fails, forks a child that exits, waits for it, then plays
//   userns-tmpfs    mounts a tmpfs of its own (in a user and mount namespace of its own) on
//                   /tmp, writes 3 x argv[3] MiB there in files of 512 KiB, then plays; where
//                   it cannot, holds that much memory (1 MiB at a time)
//   socket-fill     holds 3 x argv[3] MiB as data written to socket pairs no one reads
//                   (kernel memory: no process's resident set), until refused (its descriptors
//                   raised to their hard limit); then holds what is left as memory of its own,
//                   and plays
//   sndbuf-fill     the same, each socket's send buffer set to net.core.wmem_max (SO_SNDBUF)
//                   first, where it may
//   epoll-fill      30 children each make as many epoll registrations as their descriptors
//                   allow (fill_epoll(): about 14,000 on eventfds, of 200 bytes each, under 78
//                   descriptors), kernel memory in no resident set; held 1 s, then the
//                   children are killed and it plays (argv[3] "not-dumpable": made so first)
//   memfds-at-exit  waits 50 ms (the box's first look), writes 3 x argv[3] MiB into memfds of
//                   1 MiB, forks a child that holds them too (and waits), plays and exits at
//                   once: memory held after the box's first look until the run ends. Where
//                   memfds are refused (the filter, under rlimits), six children hold as much
//                   in their own huge pages (fast to write: within a look's interval)
//   many-mappings   makes 60000 mappings of a page, forks 200 children that share them and
//                   wait, then spins (TLE)
//   keyring-leave   puts a key named by its token in its user's keyring and persistent
//                   keyring, for a later run of the same user id to find, then plays
//   keyring-lock    keyring-leave, its key readable by its user, then takes its user's and
//                   persistent keyrings' write and setattr permissions away (none may empty them)
//   keyring-wipe    empties every keyring /proc/keys shows it but its session's, then plays
//   keyring-find    looks for a key named by its token in every keyring it may search (its
//                   session's, which was the judge's; its user's; its persistent one)
//   tcp-fill        holds 3 x argv[3] MiB as data sent over TCP on its own loopback to a
//                   listener that never reads (kernel memory); where it cannot, holds that much
//                   memory of its own; then plays
//   secretmem-fill  holds 3 x argv[3] MiB in secret memory files (memfd_secret) of 512 KiB, each
//                   written through a mapping it then drops, held by their descriptors alone;
//                   where it cannot, holds that much memory of its own; then plays
//   bpf-fill        holds 3 x argv[3] MiB in BPF array maps of 16 MiB, held by their
//                   descriptors alone (where the machine lets any user make them:
//                   kernel.unprivileged_bpf_disabled 0); where it cannot, holds that much memory
//                   of its own; holds it 1.1 s, then plays
//   traceme         makes its parent its tracer (PTRACE_TRACEME), sends itself SIGUSR1, which its
//                   handler takes, then plays: anti-debugging code, as some contestants write
//   leaderless      five children, each holding 50 MiB for 1.5 s in a thread after its main
//                   thread has exited (SYS_exit): the thread group's /proc/PID files, read
//                   through its leader, show no memory and no descriptors; it waits for them,
//                   then plays: 250 MiB held at once
//   vmsplice-fill   pins 3 x argv[3] MiB in pipes no one reads: a 4 KiB piece of each of 16
//                   transparent huge pages (2 MiB) vmspliced into each pipe, the pages then
//                   unmapped (each piece keeps its whole huge page: no process's memory); where
//                   it cannot, holds the rest as memory of its own; holds it 1.1 s, then plays
//   perf-fill       holds 3 x argv[3] MiB in perf event ring buffers (perf_event_open on itself,
//                   user space only, as kernel.perf_event_paranoid 2 allows every user), mapped
//                   1 MiB each by up to 48 children, each until refused (RLIMIT_MEMLOCK): kernel
//                   memory no control group is charged with; where it cannot, holds the rest as
//                   memory of its own; holds it 1.1 s, then plays (the children end with it)
//   inotify-fill    holds 3 x argv[3] MiB in events queued in inotify instances it never reads
//                   (512 bytes of kernel memory each, fs.inotify.max_queued_events an instance:
//                   8 MiB): each watches its directory, where it opens and closes a file of a
//                   255-character name (open and close alternate: equal neighbours merge);
//                   where it cannot, holds the rest as memory of its own; then plays
//   pipe-fill       holds 1.5 x argv[3] MiB: in pipes no one reads, each enlarged to 1 MiB
//                   (F_SETPIPE_SZ) where it may, filled by up to 8 children, as much as they
//                   can; the rest as memory of its own; holds it 1.1 s, then plays
//   pipes-summed    holds 1.5 x argv[3] MiB in pipes no one reads, filled by up to 48
//                   children, each within what its descriptors allow (no one process holds
//                   the limit), and nothing more; holds it 1.1 s, then plays
//   sockets-summed  the same in AF_UNIX socket pairs
//   datagram-queues  holds 3 x argv[3] MiB in AF_UNIX datagram receivers: into each, senders
//                   that close at once queue a datagram of their whole send buffer each until
//                   the queue is full (net.unix.max_dgram_qlen + 1 of them), and each receiver
//                   is sent through a socket pair it keeps (SCM_RIGHTS) and closed, while the
//                   kernel takes more in flight; the rest as memory of its own; holds it 1.1 s,
//                   then plays
//   spliced-pages   holds 3 x argv[3] MiB in pages pinned by AF_UNIX stream sockets no one
//                   reads: each of 16 bytes written to a pipe moves (splice) to a second pipe on
//                   a page of its own, and the 16 bytes to a socket, whose send buffer is charged
//                   the bytes, not the pages; where it cannot, the rest as memory of its own;
//                   holds it 1.1 s, then plays
//   thread-stacks   holds argv[3] (16) MiB less 6 as memory of its own, then as many as 250
//                   threads that sleep (16 KiB stacks: RLIMIT_DATA), each with 28 KiB of the
//                   kernel's (its stack, its task); holds it all 1.1 s, then plays
//   thp-split       holds 3 x argv[3] MiB in transparent huge pages each mapped but for its first
//                   4 KiB (the rest of the 2 MiB stays, in no resident set, until the kernel
//                   splits the page); where it cannot, the rest as memory of its own; holds it
//                   1.1 s, then plays
//   vma-fill        holds 1.5 x argv[3] MiB in the kernel's records of its mappings (about 200
//                   bytes each): as many one-page mappings as its address space allows (their
//                   permissions alternate: none merges), then children that each hold a copy,
//                   until there are enough; where it cannot, the rest as memory of its own;
//                   holds it 15 s (looks at 10,000 mappings a process take a while), then plays
//   vma-fill-unread  the same, beside a spawner of a tiny child every 40 ms that lives 100 ms
//   shared-dropped  holds 3 x argv[3] MiB in shared anonymous memory (MAP_SHARED, in children
//                   of 48 MiB each), each MiB dropped from the page tables once written
//                   (MADV_DONTNEED: the object keeps it, in no resident set); holds it 1.1 s,
//                   then plays
//   shared-unmapped holds 3 x argv[3] MiB in shared anonymous memory (MAP_SHARED, 16 MiB an
//                   object) in one process, each object unmapped but for a page once written
//                   (the object keeps it all, in no resident set and no address space); where
//                   it cannot, the rest as memory of its own; holds it 1.1 s, then plays
//   zero-unmapped   the same, each object made by mapping /dev/zero (opened for writing)
//                   shared and readable, then made writable (mprotect)
//   message-fill    holds 3 x argv[3] MiB in System V messages of 4 KiB queued for no reader,
//                   in as many queues as that takes; where it cannot, the rest as memory of its
//                   own; holds it 1.1 s, then plays
//   page-tables     holds 3 x argv[3] MiB in page tables, in children: each maps as many pages
//                   as its address space allows a GiB apart, each written and dropped at once
//                   (8 KiB of page tables a page, in no resident set); where it cannot, the
//                   rest as memory of its own; holds it 1.1 s, then plays
//   anon-chain      holds 1.5 x argv[3] MiB in the records that link each forked copy of an
//                   anonymous mapping to the anon_vma of every generation above it (64 bytes
//                   each): a chain of 60 living processes over as many written one-page
//                   mappings as that takes; where it cannot, the rest as memory of its own;
//                   holds it 1.1 s, then plays
//   anon-siblings   the same, each link made by clone with CLONE_PARENT (its maker's sibling)
//                   where it may, else by fork
//   futex-hash      holds 1.5 x argv[3] MiB in private futex hashes of children (prctl
//                   PR_FUTEX_HASH, 32 MiB each); where it cannot, the rest as memory of its own;
//                   holds it 1.1 s, then plays
//   orphan-chain    holds 1.5 x argv[3] MiB in chain records as anon-chain, each generation
//                   forking a keeper and the next, then exiting (90 generations); where it
//                   cannot, the rest as memory of its own; holds them 1.5 s once all are made,
//                   then plays
//   epoll-pipes     holds 1.2 x argv[3] (128) MiB in epoll registrations on 16 pipes a process,
//                   each opened for reading and writing at once (about 288 bytes a
//                   registration), in children; where it cannot, the rest as memory of its
//                   own; holds it 1.1 s, then plays
//   seccomp-fill    holds 3 x argv[3] MiB in seccomp filters of one instruction, stacked by
//                   children until their chains are full (about 5 KiB of kernel memory each);
//                   where it cannot, the rest as memory of its own; holds it 1.1 s, then plays
//   tmp-files       holds 3 x argv[3] MiB in empty files in /tmp and /dev/shm (about 1 KiB of
//                   kernel memory each); where it cannot, the rest as memory of its own; holds
//                   it 1.1 s, then plays
//   long-maps       four children wait; it maps a file at the bottom of 256 nested directories
//                   of 255 bytes (in TMPDIR) as often as its address space allows (14,000 at
//                   most: 900 MB of maps text), then lets the children hold half of argv[3] MiB
//                   each for 2 s; waits for them, then plays
//   tmp-mapped      writes 40 files of 1 MiB in /tmp and reads each through a mapping (the
//                   last 8 unlinked first and mapped shared): 40 MiB; holds it 1.1 s, then plays
//   backlog-fill    holds 3 x argv[3] MiB as data written on connections to its own listener
//                   (AF_UNIX, a backlog of 4096, else 1) that it never accepts, each closed by
//                   its sender once full: one listener, two descriptors; where it cannot, the
//                   rest as memory of its own; holds it 1.1 s, then plays
//   file-table      250 children each open /dev/null until refused and hold it; exits with
//                   status 3 (RTE) when all of them held more than a tenth of the machine's file
//                   table (fs.file-max), 4 when they held fewer than 1000 (nothing tested), and
//                   plays otherwise; says how many on stderr
//   ptys            64 children open /dev/ptmx and /dev/pts/ptmx in turn until both are refused,
//                   at most 4000 pseudo-terminals in all (and a third of kernel.pty.max and one
//                   more), and hold them; exits with status 3 (RTE) when they held more than a
//                   third of kernel.pty.max (the ptys every sandbox on the machine shares), 4
//                   when they held some but fewer, and plays when they held none; says how many
//                   on stderr
//   threads-on-signal  blocks SIGUSR1 and waits for it (the test sends it once it sees the
//                   signal blocked, /proc/PID/status SigBlk), then starts argv[3] (200)
//                   threads of 64 KiB stacks that each wait until all have started; joins
//                   them and plays, or exits with status 3 saying which thread it could not
//                   start
//   kill-all        waits 0.3 s (a neighbour judged in parallel has started), sends SIGKILL
//                   to every process it may signal (kill(-1)), then plays a correct game
#include <dirent.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <linux/filter.h>
#include <linux/keyctl.h>
#include <linux/perf_event.h>
#include <linux/seccomp.h>
#include <netinet/in.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/shm.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "problems/entrapment/game/history.hpp"
#include "problems/entrapment/game/solver.hpp"

using namespace entrapment;

namespace {

std::string mode;
char* volatile kept_memory = nullptr;  // what allocate() touched stays reachable

void out(const std::string& line) {
  std::cout << line << '\n';
  if (mode != "no-flush") std::cout.flush();
}

std::vector<int> read_ints(int n) {
  std::vector<int> v(n);
  for (int& x : v) std::cin >> x;
  return v;
}

SquareSet to_set(const std::vector<int>& labels) {
  SquareSet s = kEmpty;
  for (int l : labels) s |= single(l);
  return s;
}

std::string join(const std::vector<int>& v) {
  std::string s;
  for (int x : v) s += (s.empty() ? "" : " ") + std::to_string(x);
  return s;
}

// `mib` MiB, every page touched, kept until exit.
void allocate(std::size_t mib) {
  char* block = static_cast<char*>(std::malloc(mib << 20));
  if (!block) abort();
  std::memset(block, 1, mib << 20);
  kept_memory = block;
}

// `mib` MiB in blocks of 1 MiB, every page touched, kept until exit: a program that holds
// memory the ordinary way, stopped by the memory limit (or out of memory near it) on the way.
void hold(std::size_t mib) {
  for (std::size_t i = 0; i < mib; ++i) {
    char* block = static_cast<char*>(std::malloc(1 << 20));
    if (!block) abort();
    std::memset(block, 1, 1 << 20);
  }
}

// What a fill mode could not hold as it meant to (`held` of `wanted` bytes), held as memory of
// its own: the run holds `wanted` either way, and the box must see it.
void hold_the_rest(long held, long wanted) {
  if (held < wanted) hold(static_cast<std::size_t>((wanted - held) >> 20));
}

// `count` anonymous mappings of a page each, written (each gets an anon_vma of its own) and set
// apart by pages of no access (none merges with another): whether all were made.
bool written_one_page_mappings(long count) {
  const long page = sysconf(_SC_PAGESIZE);
  char* const area = static_cast<char*>(mmap(nullptr, (2 * count + 1) * page, PROT_NONE,
                                             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0));
  if (area == MAP_FAILED) return false;
  for (long i = 0; i < count; ++i) {
    char* const one = area + (2 * i + 1) * page;
    if (mprotect(one, page, PROT_READ | PROT_WRITE) != 0) return false;
    *one = 1;
  }
  return true;
}

// Up to `most` epoll registrations, as many as the process's descriptors allow: `files` files
// that `watched()` opens (eventfds: one wait queue each; pipes open both ways: two, for readers
// and writers), or a third of the descriptors for 0; as many epoll instances as there are
// descriptor numbers left over them; and each pair registered under every one of those numbers,
// the number closed after (a registration is keyed by file and number, and outlives the close).
// Returns how many it made.
template <typename Open>
long fill_epoll(Open watched, int files = 0, long most = 1L << 40) {
  rlimit descriptors{};
  getrlimit(RLIMIT_NOFILE, &descriptors);
  const int numbers = static_cast<int>(std::min<rlim_t>(descriptors.rlim_cur, 1024));
  const int polls_wanted = files > 0 ? (numbers - 8 - files) / 2 : (numbers - 8) / 3;
  if (files <= 0) files = (numbers - 8) / 3;
  std::vector<int> polls, events;
  int lowest = 0;
  for (int i = 0; i < files; ++i) {
    events.push_back(watched());
    lowest = std::max(lowest, events.back() + 1);
  }
  for (int i = 0; i < polls_wanted; ++i) {
    polls.push_back(epoll_create1(0));
    lowest = std::max(lowest, polls.back() + 1);
  }
  long items = 0;
  for (const int poll : polls)
    for (const int event : events)
      for (int number = lowest; number < numbers && items < most; ++number) {
        if (poll < 0 || event < 0 || dup2(event, number) < 0) continue;
        epoll_event wanted{};
        wanted.events = EPOLLIN;
        if (epoll_ctl(poll, EPOLL_CTL_ADD, number, &wanted) == 0) ++items;
        close(number);
      }
  return items;
}

int an_eventfd() { return eventfd(0, 0); }

// A pipe opened for reading and writing at once (as a FIFO may be, here through /proc): poll
// waits on both of its queues, its readers' and its writers'.
int a_pipe_both_ways() {
  int ends[2];
  if (pipe(ends) != 0) return -1;
  const int both = open(("/proc/self/fd/" + std::to_string(ends[0])).c_str(), O_RDWR);
  close(ends[0]);
  close(ends[1]);
  return both;
}

// `mib` MiB in transparent huge pages where the machine gives them (one fault for each 2 MiB,
// where small pages take 512), every byte written, kept until exit.
void hold_in_huge_pages(std::size_t mib) {
  const std::size_t huge = 2 << 20, size = mib << 20;
  void* mapped =
      mmap(nullptr, size + huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED) abort();
  char* block =
      reinterpret_cast<char*>((reinterpret_cast<std::uintptr_t>(mapped) + huge - 1) / huge * huge);
  madvise(block, size, MADV_HUGEPAGE);
  std::memset(block, 1, size);
}

double own_cpu_seconds(int who) {
  rusage usage{};
  getrusage(who, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

// Spins until this process (all its threads) has used `seconds` of CPU time.
void burn(double seconds) {
  static volatile unsigned long sink = 0;
  while (own_cpu_seconds(RUSAGE_SELF) < seconds)
    for (int i = 0; i < 100000; ++i) sink = sink + 1;
}

// Spins until this thread has used `seconds` of CPU time.
void burn_thread(double seconds) {
  static volatile unsigned long sink = 0;
  while (own_cpu_seconds(RUSAGE_THREAD) < seconds)
    for (int i = 0; i < 100000; ++i) sink = sink + 1;
}

// The tests' own game (tests/support/echo_problem.hpp), the rest of the judge's first line
// read ("ping" was): answers "pong N", then takes the judge's "bye" when it announced one. With
// `stop`, answers nothing (it stops half-way); a wrong answer is "pong N+1".
void play_echo(bool stop) {
  std::string rest;
  std::getline(std::cin, rest);
  long long number = 0;
  char bye[4] = {};
  const int got = std::sscanf(rest.c_str(), "%lld %3s", &number, bye);
  if (stop) return;
  const bool wrong = mode == "read-after-wa" || mode == "wrong-then-crash";
  out("pong " + std::to_string(wrong ? number + 1 : number));
  if (mode == "wrong-then-crash") raise(SIGSEGV);
  if (mode == "read-after-wa") {
    std::string word;
    for (;;) std::cin >> word;  // spins on the closed input forever
  }
  if (got == 2 && std::string(bye) == "bye") std::getline(std::cin, rest);
}

// Entrapment, played optimally, `r` read; with `stop_after_round` > 0, returns after that round.
void play_entrapment(int r, int stop_after_round) {
  int u;
  std::cin >> u;
  std::vector<int> blocked = read_ints(u);
  const Solver& solver = Solver::instance();
  Position p = start_position(r, to_set(blocked));
  const SquareSet start = p.available;
  bool runner = solver.runner_wins(p);
  if (mode == "read-after-wa" || mode == "wrong-then-crash" || (mode == "wrong-when-r3" && r == 3))
    runner = !runner;
  out(runner ? "Runner" : "Trapper");
  if (mode == "wrong-then-crash") raise(SIGSEGV);
  if (mode == "read-after-wa") {
    std::string word;
    for (;;) std::cin >> word;  // spins on the closed input forever
  }
  std::vector<RoundRecord> rounds;
  for (int round = 1; round <= r; ++round) {
    if (stop_after_round && round > stop_after_round) return;
    if (runner) {
      int n;
      std::cin >> n;
      SquareSet query = to_set(read_ints(n));
      Answer answer = solver.answer_keeps_win(p, query, Answer::Yes) ? Answer::Yes : Answer::No;
      out(to_string(answer));
      int block;
      std::cin >> block;
      rounds.push_back({query, answer, block});
      p = play_round(p, query, answer, block);
      out("Free");
    } else {
      SquareSet query = solver.winning_queries(p).front();
      std::vector<int> labels;
      for (int s = 1; s <= 9; ++s)
        if (contains(query, s)) labels.push_back(s);
      out(std::to_string(labels.size()));
      if (!labels.empty()) out(join(labels));
      std::string word;
      std::cin >> word;
      Answer answer = word == "Yes" ? Answer::Yes : Answer::No;
      Position after{p.available, runner_after_answer(p.runner, query, answer), p.rounds_left};
      Square block = solver.winning_blocks(after).front();
      out(std::to_string(block));
      std::cin >> word;
      p = play_round(p, query, answer, block);
      if (word == "Trapped") return;
    }
  }
  if (runner) out(join(*find_consistent_path(start, rounds)));
}

// Plays the game the judge's first line is: the tests' own ("ping N"), else Entrapment; with
// `stop_after_round` > 0, stops half-way (Entrapment: after that round).
void play(int stop_after_round = 0) {
  std::string first;
  std::cin >> first;
  if (first == "ping") return play_echo(stop_after_round > 0);
  play_entrapment(std::atoi(first.c_str()), stop_after_round);
}

// The end of most fill modes: say what was held where, hold the rest of `wanted` as memory of
// its own, keep it all 1.1 s (past the box's looks), then play.
void hold_then_play(long held, long wanted, const char* where) {
  std::fprintf(stderr, "held %ld MiB in %s\n", held >> 20, where);
  hold_the_rest(held, wanted);
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  play();
}

// The descriptors it has beyond 0, 1, 2 (the one that lists them aside), as text.
std::string inherited_descriptors() {
  std::string found;
  DIR* dir = opendir("/proc/self/fd");
  if (!dir) return "cannot list /proc/self/fd";
  while (dirent* entry = readdir(dir)) {
    const int fd = std::atoi(entry->d_name);
    if (entry->d_name[0] < '0' || entry->d_name[0] > '9' || fd < 3 || fd == dirfd(dir)) continue;
    char target[256] = {};
    const std::string link = std::string("/proc/self/fd/") + entry->d_name;
    if (readlink(link.c_str(), target, sizeof target - 1) < 0) target[0] = '?';
    found += std::string(found.empty() ? "" : ", ") + entry->d_name + " -> " + target;
  }
  closedir(dir);
  return found;
}

// What reached the terminal: a line written, or characters pushed into its input.
std::string attack_terminal(const std::string& token) {
  std::string reached;
  const std::string line = "verify: OK " + token + "\n", typed = "echo " + token + "\n";
  auto attack = [&](int fd, const std::string& name) {
    if (write(fd, line.data(), line.size()) > 0 && isatty(fd)) reached += " wrote to " + name;
    bool pushed = true;
    for (char c : typed) pushed = pushed && ioctl(fd, TIOCSTI, &c) == 0;
    if (pushed) reached += " typed into " + name;
  };
  const int tty = open("/dev/tty", O_RDWR | O_NOCTTY);
  if (tty >= 0) {
    reached += " opened /dev/tty;";
    attack(tty, "/dev/tty");
    close(tty);
  }
  for (int n = 0; n < 64; ++n) {
    const std::string name = "/dev/pts/" + std::to_string(n);
    const int fd = open(name.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK);
    if (fd < 0) continue;
    attack(fd, name);
    close(fd);
  }
  for (int fd = 0; fd < 3; ++fd) {
    char c = ' ';
    if (ioctl(fd, TIOCSTI, &c) == 0) reached += " typed into its fd " + std::to_string(fd);
  }
  return reached;
}

// /proc/PID/comm without its newline ("" when it cannot be read).
std::string command_name(pid_t pid) {
  char comm[64] = {};
  const int fd = open(("/proc/" + std::to_string(pid) + "/comm").c_str(), O_RDONLY);
  if (fd >= 0) {
    if (read(fd, comm, sizeof comm - 1) < 0) comm[0] = 0;
    close(fd);
  }
  std::string name = comm;
  if (!name.empty() && name.back() == '\n') name.pop_back();
  return name;
}

// Tracing another process (PTRACE_SEIZE: it is not stopped) or reading its environment, where
// the judge's own processes and other runs' contestants are within reach.
std::string attack_processes() {
  std::string reached;
  DIR* proc = opendir("/proc");
  while (dirent* entry = proc ? readdir(proc) : nullptr) {
    if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
    const pid_t pid = std::atoi(entry->d_name);
    if (pid == getpid()) continue;
    const std::string where = "/proc/" + std::to_string(pid);
    std::string name = command_name(pid);
    if (pid == 1 && name == "bwrap") continue;  // its own sandbox's init, in its PID namespace
    name += " (" + std::to_string(pid) + ")";
    if (ptrace(PTRACE_SEIZE, pid, nullptr, nullptr) == 0) {
      reached += " traced " + name + ";";
      ptrace(PTRACE_DETACH, pid, nullptr, nullptr);  // and all go when it exits
    }
    const int environ_fd = open((where + "/environ").c_str(), O_RDONLY);
    char byte;
    if (environ_fd >= 0 && read(environ_fd, &byte, 1) == 1)
      reached += " read the environment of " + name + ";";
    if (environ_fd >= 0) close(environ_fd);
  }
  if (proc) closedir(proc);
  return reached;
}

// A same-user attack on the judge and the package, as far as it gets.
std::string attack_judge(const std::string& token) {
  std::string reached;
  DIR* proc = opendir("/proc");
  while (dirent* entry = proc ? readdir(proc) : nullptr) {
    if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
    const pid_t pid = std::atoi(entry->d_name);
    char cwd[4096] = {};
    const std::string link = "/proc/" + std::to_string(pid) + "/cwd";
    if (readlink(link.c_str(), cwd, sizeof cwd - 1) <= 0) continue;
    const std::string dir = cwd;
    struct stat info {};
    if (stat((dir + "/problem.yaml").c_str(), &info) == 0 && pid != getpid()) {
      reached += " found the package " + dir + ";";
      const std::string mark = dir + "/ATTACK-" + token;
      const int made = open(mark.c_str(), O_WRONLY | O_CREAT, 0644);
      if (made >= 0) {
        reached += " created " + mark + ";";
        close(made);
        unlink(mark.c_str());
      }
      if (DIR* secret = opendir((dir + "/testdata/secret").c_str())) {
        while (dirent* test = readdir(secret)) {
          const std::string name = dir + "/testdata/secret/" + test->d_name;
          if (name.size() < 3 || name.compare(name.size() - 3, 3, ".in") != 0) continue;
          const int fd = open(name.c_str(), O_WRONLY | O_APPEND);
          if (fd >= 0) {
            reached += " could write " + name + ";";
            close(fd);
          }
          break;
        }
        closedir(secret);
      }
    }
    if (command_name(pid) == "judge" && kill(pid, 0) == 0)
      reached += " could signal the judge (" + std::to_string(pid) + ");";
  }
  if (proc) closedir(proc);
  return reached;
}

// keyring-leave: "" when the keys are left; keyring-find: where the key was found, or "".
std::string keyrings(const std::string& name, bool leave) {
  const long persistent = syscall(SYS_keyctl, KEYCTL_GET_PERSISTENT, -1, KEY_SPEC_SESSION_KEYRING);
  std::string found;
  for (long keyring : {long{KEY_SPEC_SESSION_KEYRING}, long{KEY_SPEC_USER_KEYRING}, persistent}) {
    if (leave) {
      const long key = syscall(SYS_add_key, "user", name.c_str(), "left", 4, keyring);
      if (mode == "keyring-lock") {  // possessor and user: view, read, search, link
        syscall(SYS_keyctl, KEYCTL_SETPERM, key, 0x3f1b0000);
        syscall(SYS_keyctl, KEYCTL_SETPERM, keyring, 0x1b1b0000);
      }
    } else if (syscall(SYS_keyctl, KEYCTL_SEARCH, keyring, "user", name.c_str(), 0) >= 0) {
      found += " the key " + name + " in keyring " + std::to_string(keyring) + ";";
    }
  }
  return found;
}

// keyring-wipe: the keyrings it emptied.
std::string wipe_keyrings() {
  std::string wiped;
  const long own = syscall(SYS_keyctl, KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING, 0);
  FILE* keys = std::fopen("/proc/keys", "r");
  for (char line[512]; keys && std::fgets(line, sizeof line, keys);) {
    unsigned id = 0;
    if (std::sscanf(line, "%x", &id) == 1 && std::strstr(line, " keyring ") && id != own &&
        syscall(SYS_keyctl, KEYCTL_CLEAR, id) == 0)
      wiped += std::string(" emptied ") + std::strtok(line, "\n") + ";";
  }
  if (keys) std::fclose(keys);
  return wiped;
}

// Writes `text` into the file at `path` (a /proc file of its own).
std::string read_text_file(const char* path) {
  std::string text;
  const int fd = open(path, O_RDONLY);
  char buffer[256];
  for (ssize_t n; fd >= 0 && (n = read(fd, buffer, sizeof buffer)) > 0;) text.append(buffer, n);
  if (fd >= 0) close(fd);
  return text;
}

bool write_file(const char* path, const std::string& text) {
  const int fd = open(path, O_WRONLY);
  const bool written = fd >= 0 && write(fd, text.data(), text.size()) == ssize_t(text.size());
  if (fd >= 0) close(fd);
  return written;
}

// Writes 512 KiB files into `dir` until one fails or `files` are written (300 MiB); the MiB
// written.
// `count` children each raise their descriptor limit to its hard limit, open what `open_one`
// opens until it fails or returns false, and hold it; once all have said how many they hold,
// they are killed. The total they held at once, and in how many processes.
template <typename OpenOne>
std::pair<long, std::size_t> held_by_children(int count, OpenOne open_one) {
  int counts[2];
  if (pipe(counts) != 0) return {-1, 0};
  std::vector<pid_t> children;
  for (int i = 0; i < count; ++i) {
    const pid_t child = fork();
    if (child == 0) {
      rlimit files{};
      getrlimit(RLIMIT_NOFILE, &files);
      files.rlim_cur = files.rlim_max;
      setrlimit(RLIMIT_NOFILE, &files);
      long opened = 0;
      while (open_one(opened)) ++opened;
      if (write(counts[1], &opened, sizeof opened) != sizeof opened) _exit(1);
      pause();
      _exit(0);
    }
    if (child < 0) break;
    children.push_back(child);
  }
  long held = 0;
  for (std::size_t i = 0; i < children.size(); ++i) {
    long opened = 0;
    if (read(counts[0], &opened, sizeof opened) != sizeof opened) break;
    held += opened;
  }
  for (pid_t child : children) kill(child, SIGKILL);
  for (pid_t child : children) waitpid(child, nullptr, 0);
  return {held, children.size()};
}

// An epoll of `count` registrations: eventfds held open in [first, split) are each registered
// under every number in [split, limit) (a dup there, closed at once: a registration outlives
// it); a child (one of `keepers`) keeps each round's eventfds alive. -1 where it cannot.
int epoll_with_registrations(long count, std::vector<pid_t>& keepers) {
  rlimit files{};
  getrlimit(RLIMIT_NOFILE, &files);
  const int limit = static_cast<int>(std::min<rlim_t>(files.rlim_cur, 1024));
  const int epoll = epoll_create1(0);
  if (epoll < 0) return -1;
  const int first = epoll + 1, split = first + (limit - first) / 2;
  for (long registered = 0; registered < count;) {
    for (int fd = first; fd < split; ++fd) {
      const int event = eventfd(0, 0);
      if (event != fd && (dup2(event, fd) != fd || close(event) != 0)) return -1;
    }
    for (int fd = first; fd < split && registered < count; ++fd)
      for (int number = split; number < limit && registered < count; ++number, ++registered) {
        epoll_event wanted{};
        wanted.events = EPOLLIN;
        if (dup2(fd, number) != number || epoll_ctl(epoll, EPOLL_CTL_ADD, number, &wanted) != 0)
          return -1;
        close(number);
      }
    const pid_t keeper = fork();
    if (keeper == 0) {
      close(epoll);
      for (;;) pause();
    }
    keepers.push_back(keeper);
    for (int fd = first; fd < split; ++fd) close(fd);
  }
  return epoll;
}

// Sends descriptor `fd` on socket `carrier` (SCM_RIGHTS, with a byte): in flight, in no
// process's table, until someone reads it. Whether it was sent.
bool send_descriptor(int carrier, int fd) {
  char byte = 0;
  iovec one{&byte, 1};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
  msghdr message{};
  message.msg_iov = &one;
  message.msg_iovlen = 1;
  message.msg_control = control;
  message.msg_controllen = sizeof control;
  cmsghdr* header = CMSG_FIRSTHDR(&message);
  header->cmsg_level = SOL_SOCKET;
  header->cmsg_type = SCM_RIGHTS;
  header->cmsg_len = CMSG_LEN(sizeof(int));
  std::memcpy(CMSG_DATA(header), &fd, sizeof fd);
  return sendmsg(carrier, &message, MSG_DONTWAIT) == 1;
}

// Up to `count` children, one after another, each holding what `fill(held)` makes it hold and
// returns (`held`: what those before it hold), until `wanted` is held or one holds nothing
// (refused at once: every other child would be), or one ends without saying (the OOM killer
// took it: each says on a pipe of its own, which then ends). They hold it until this process
// is gone. What they hold together; -1 when it cannot start them.
template <typename Fill>
long held_by_children_until_gone(int count, long wanted, Fill fill) {
  int alive[2];
  if (pipe(alive) != 0) return -1;
  long held = 0;
  for (int child = 0; child < count && held < wanted; ++child) {
    int said[2];
    if (pipe(said) != 0) break;
    const pid_t pid = fork();
    if (pid == 0) {
      close(alive[1]);
      close(said[0]);
      const long mine = fill(held);
      if (write(said[1], &mine, sizeof mine) != sizeof mine) _exit(1);
      close(said[1]);
      char byte;
      while (read(alive[0], &byte, 1) != 0) {  // until the parent is gone
      }
      _exit(0);
    }
    close(said[1]);
    long theirs = 0;
    const bool heard = pid > 0 && read(said[0], &theirs, sizeof theirs) == sizeof theirs;
    close(said[0]);
    if (!heard) break;
    held += theirs;
    if (theirs == 0) break;
  }
  return held;
}

int fill(const std::string& dir, const std::string& token, int files = 600) {
  static char block[512 << 10];
  std::memset(block, 'f', sizeof block);
  for (int i = 0; i < files; ++i) {
    const std::string name = dir + "/fill-" + token + "-" + std::to_string(i);
    const int fd = open(name.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return i / 2;
    const bool whole = write(fd, block, sizeof block) == static_cast<ssize_t>(sizeof block);
    close(fd);
    if (!whole) return i / 2;
  }
  return files / 2;
}

}  // namespace

int main(int argc, char** argv) {
  mode = argc > 1 ? argv[1] : "correct";
  const std::string token = argc > 2 ? argv[2] : "no-token";
  if (mode == "fds" || mode == "fds-only") {
    const std::string fds = inherited_descriptors();
    if (!fds.empty()) {
      std::fprintf(stderr, "inherited descriptors: %s\n", fds.c_str());
      return 3;
    }
    if (mode == "fds-only") return 0;
  } else if (mode == "tiocsti" || mode == "attack-judge" || mode == "trace-all") {
    const std::string reached = mode == "tiocsti"        ? attack_terminal(token)
                                : mode == "attack-judge" ? attack_judge(token)
                                                         : attack_processes();
    if (!reached.empty()) {
      std::fprintf(stderr, "reached:%s\n", reached.c_str());
      return 3;
    }
  } else if (mode.rfind("keyring-", 0) == 0) {
    const std::string reached =
        mode == "keyring-wipe" ? wipe_keyrings() : keyrings(token, mode != "keyring-find");
    std::fprintf(stderr, "uid %d\n", static_cast<int>(getuid()));
    if (!reached.empty()) {
      std::fprintf(stderr, "reached:%s\n", reached.c_str());
      return 3;
    }
  } else if (mode == "tmp-fill" || mode == "shm-fill" || mode == "cwd-fill" ||
             mode == "tmp-fill-exit") {
    const int written = fill(mode == "shm-fill"   ? "/dev/shm"
                             : mode == "cwd-fill" ? "."
                                                  : "/tmp",
                             token);
    if (written >= 300) {
      std::fprintf(stderr, "wrote %d MiB: nothing stopped it\n", written);
      return 3;
    }
    if (mode == "tmp-fill-exit") return 0;
  } else if (mode == "bidi-line") {
    out("Trap\x1b[2Jper\xe2\x80\xae"
        "reppart");
    return 0;
  } else if (mode == "bidi-stderr") {
    std::fprintf(stderr,
                 "\x1b]0;owned\x07\xe2\x80\xae"
                 "KO :yfirev\n");
    return 1;
  }
  if (mode == "no-flush") {  // its own buffer, and no flush before reading
    std::ios::sync_with_stdio(false);
    std::cin.tie(nullptr);
  }
  if (mode == "sleep") {
    for (;;) pause();
  } else if (mode == "stdout-flood" || mode == "stderr-flood") {
    static char block[1 << 20];
    std::memset(block, 'x', sizeof block);
    int fd = mode == "stdout-flood" ? 1 : 2;
    for (int i = 0; i < 1024; ++i)
      if (write(fd, block, sizeof block) < 0) return 1;
    if (mode == "stdout-flood") return 0;
    play();
  } else if (mode == "fork-bomb") {
    for (;;) fork();
  } else if (mode == "allocate") {
    std::vector<char*> blocks;
    for (int i = 0; i < 4096; ++i) {
      char* b = static_cast<char*>(std::malloc(1 << 20));
      if (!b) abort();
      std::memset(b, 1, 1 << 20);
      blocks.push_back(b);
    }
    std::printf("%d\n", blocks[100][5]);
  } else if (mode == "close-stdin") {
    close(0);
    return 0;
  } else if (mode == "stop-then-crash") {
    play(1);
    raise(SIGSEGV);
  } else if (mode == "threads-on-signal") {
    sigset_t usr1;
    sigemptyset(&usr1);
    sigaddset(&usr1, SIGUSR1);
    sigprocmask(SIG_BLOCK, &usr1, nullptr);
    // Read from a signalfd: blocked all along (sigwait unblocks it while it waits).
    const int arrived = signalfd(-1, &usr1, SFD_CLOEXEC);
    signalfd_siginfo info{};
    if (arrived < 0 || read(arrived, &info, sizeof info) != sizeof info) return 5;
    const int wanted = argc > 3 ? std::atoi(argv[3]) : 200;
    int all_started[2];
    if (pipe(all_started) != 0) return 5;
    pthread_attr_t small;
    pthread_attr_init(&small);
    pthread_attr_setstacksize(&small, 64 << 10);
    const auto wait_for_all = [](void* read_end) -> void* {
      char byte;
      [[maybe_unused]] const ssize_t got = read(*static_cast<int*>(read_end), &byte, 1);
      return nullptr;
    };
    std::vector<pthread_t> threads;
    int failed_at = 0;
    for (int i = 0; i < wanted && !failed_at; ++i) {
      pthread_t thread;
      if (pthread_create(&thread, &small, wait_for_all, &all_started[0]) != 0)
        failed_at = i + 1;
      else
        threads.push_back(thread);
    }
    close(all_started[1]);
    for (pthread_t thread : threads) pthread_join(thread, nullptr);
    if (failed_at) {
      std::fprintf(stderr, "could not start thread %d of %d\n", failed_at, wanted);
      return 3;
    }
    play();
  } else if (mode == "threads") {
    std::vector<std::thread> threads;
    for (int i = 0; i < 8; ++i)
      threads.emplace_back([] {
        allocate(8);
        burn_thread(0.05);
      });
    for (std::thread& t : threads) t.join();
    play();
  } else if (mode == "many-threads") {
    // All at once, so that each takes a malloc arena of its own (glibc: up to 8 a core).
    std::atomic<int> ready{0};
    std::vector<std::thread> threads;
    for (int i = 0; i < 32; ++i)
      threads.emplace_back([&ready] {
        allocate(1);
        ++ready;
        while (ready < 32) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      });
    for (std::thread& t : threads) t.join();
    play();
  } else if (mode == "burn-then-play" || mode == "burn-then-sleep" || mode == "spin") {
    allocate(64);
    if (mode == "spin") burn(1e9);
    burn(0.5);
    if (mode == "burn-then-sleep")
      for (;;) pause();
    play();
  } else if (mode == "cpu-window") {
    const auto now = [] {
      timespec t{};
      clock_gettime(CLOCK_REALTIME, &t);
      return static_cast<long long>(t.tv_sec) * 1000000000LL + t.tv_nsec;
    };
    const long long start = now();
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    std::string cpus;
    if (sched_getaffinity(0, sizeof allowed, &allowed) == 0)
      for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &allowed)) cpus += (cpus.empty() ? "" : ",") + std::to_string(cpu);
    burn(0.3);
    std::fprintf(stderr, "window %s %lld %lld\n", cpus.c_str(), start, now());
    return 3;
  } else if (mode == "burn-0.3-then-play") {
    burn(0.3);
    play();
  } else if (mode == "two-processes" || mode == "named-bwrap" || mode == "zombie-two-processes") {
    if (mode == "named-bwrap") prctl(PR_SET_NAME, "bwrap");       // its child inherits the name
    if (mode == "zombie-two-processes" && fork() == 0) _exit(0);  // never waited for
    const std::size_t each = argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 40;
    const pid_t child = fork();
    if (child == 0) {
      allocate(each);
      std::this_thread::sleep_for(std::chrono::milliseconds(1000));
      _exit(0);
    }
    allocate(each);
    play();
    int status = 0;
    waitpid(child, &status, 0);
    if (WIFSIGNALED(status)) raise(WTERMSIG(status));  // a parent that minds its child
  } else if (mode == "not-dumpable") {
    prctl(PR_SET_DUMPABLE, 0);
    const std::size_t each = argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 40;
    std::vector<pid_t> children;
    for (int i = 0; i < 7; ++i) {
      const pid_t child = fork();
      if (child == 0) {
        allocate(each);
        std::this_thread::sleep_for(std::chrono::milliseconds(1200));
        _exit(0);
      }
      children.push_back(child);
    }
    allocate(each);
    std::this_thread::sleep_for(std::chrono::milliseconds(1200));
    for (pid_t child : children) waitpid(child, nullptr, 0);
    play();
  } else if (mode == "epoll-fill") {
    if (argc > 3 && std::string(argv[3]) == "not-dumpable") prctl(PR_SET_DUMPABLE, 0);
    int ready[2];
    if (pipe(ready) != 0) return 5;
    std::vector<pid_t> children;
    for (int child = 0; child < 30; ++child) {
      const pid_t pid = fork();
      if (pid == 0) {
        close(ready[0]);
        const long items = fill_epoll(an_eventfd);
        [[maybe_unused]] const ssize_t said = write(ready[1], &items, sizeof items);
        for (;;) pause();
      }
      if (pid > 0) children.push_back(pid);
    }
    close(ready[1]);
    long items = 0, total = 0;
    for (std::size_t child = 0;
         child < children.size() && read(ready[0], &items, sizeof items) == sizeof items; ++child)
      total += items;
    std::fprintf(stderr, "%ld epoll registrations\n", total);
    std::this_thread::sleep_for(std::chrono::milliseconds(1000));
    for (const pid_t child : children) kill(child, SIGKILL);
    for (const pid_t child : children) waitpid(child, nullptr, 0);
    play();
  } else if (mode == "memfds-at-exit") {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64);
    rlimit files{};
    getrlimit(RLIMIT_NOFILE, &files);
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
    static char block[1 << 20];
    std::memset(block, 1, sizeof block);
    long held = 0;
    for (int fd; held < wanted && (fd = memfd_create("held", 0)) >= 0; ++held)
      if (write(fd, block, sizeof block) != static_cast<ssize_t>(sizeof block)) break;
    if (held > 0) {
      if (fork() == 0)
        for (;;) pause();
    } else {
      int ready[2];
      if (pipe(ready) != 0) return 5;
      for (int child = 0; child < 6; ++child)
        if (fork() == 0) {
          close(ready[0]);
          hold_in_huge_pages(static_cast<std::size_t>(wanted / 6));
          [[maybe_unused]] const ssize_t said = write(ready[1], "r", 1);
          for (;;) pause();
        }
      close(ready[1]);
      char byte;
      for (int child = 0; child < 6 && read(ready[0], &byte, 1) == 1; ++child) {
      }
    }
    play();
    std::fprintf(stderr, "held %ld MiB in memfds\n", held);
  } else if (mode == "many-mappings") {
    for (int i = 0; i < 60000; ++i)  // alternate protections: no two merge into one mapping
      mmap(nullptr, 4096, i % 2 ? PROT_READ : PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
           -1, 0);
    for (int i = 0; i < 200; ++i)
      if (fork() == 0)
        for (;;) pause();
    burn(1e9);
  } else if (mode == "cow-fork") {
    allocate(150);
    const pid_t child = fork();
    if (child == 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1000));
      _exit(0);
    }
    waitpid(child, nullptr, 0);
    play();
  } else if (mode == "clone-vm") {
    allocate(150);
    // A child in the same address space (vfork and posix_spawn make one for a moment): the
    // same 150 MiB, seen by both.
    static char stack[1 << 16];
    const pid_t child = clone(
        [](void*) -> int {
          const timespec second{1, 0};
          nanosleep(&second, nullptr);
          return 0;
        },
        stack + sizeof stack, CLONE_VM | SIGCHLD, nullptr);
    if (child < 0) return 1;
    waitpid(child, nullptr, 0);
    play();
  } else if (mode == "spawn-helpers") {
    // Legitimate: 0.75 x argv[3] (64) MiB held, it runs a helper again and again for 1.5 s with
    // posix_spawn, as system() and popen() do: each child shares its address space until it
    // runs the helper (this program, which exits at once).
    const long limit = argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64;
    allocate(limit * 3 / 4);
    char helper[] = "helper-exits";
    char* helper_argv[] = {argv[0], helper, nullptr};
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(1500);
    while (std::chrono::steady_clock::now() < until) {
      pid_t child = -1;
      if (posix_spawn(&child, "/proc/self/exe", nullptr, nullptr, helper_argv, environ) != 0)
        return 1;
      waitpid(child, nullptr, 0);
    }
    play();
  } else if (mode == "helper-exits") {
    return 0;
  } else if (mode == "hidden-workers" || mode == "nocldwait-workers") {
    if (mode == "hidden-workers") {
      signal(SIGCHLD, SIG_IGN);
    } else {
      struct sigaction reap {};
      reap.sa_handler = [](int) {};
      reap.sa_flags = SA_NOCLDWAIT;
      sigaction(SIGCHLD, &reap, nullptr);
    }
    for (int i = 0; i < 30; ++i) {
      if (fork() == 0) {
        burn(0.1);
        _exit(0);
      }
      if (i % 2) wait(nullptr);  // ECHILD once both are gone (SIGCHLD ignored)
    }
    wait(nullptr);
    play();
  } else if (mode == "unread-decoys") {
    // A spawner maps a file deep in its /tmp 65,000 times (slow to read: each mapping walked)
    // and forks a decoy every 30 ms that lives 250 ms, always one the box has not read; six
    // holders of 0.35 x argv[3] MiB each, each under the limit, hold 2.1 x the limit together
    // for 1 s once all hold; then all go, and it plays.
    const long each = (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 256) * 35 / 100;
    int ready[2], stop[2];
    if (pipe(ready) != 0 || pipe(stop) != 0) return 1;
    const pid_t spawner = fork();
    if (spawner == 0) {
      close(ready[0]);
      close(stop[1]);
      if (nice(15) < 0) _exit(1);  // the holders fill first
      // Its path 3.8 KiB long: the maps' text, past 8 MiB, is then read mapping by mapping.
      const char* tmp = std::getenv("TMPDIR");
      int directory = open(tmp ? tmp : "/tmp", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      const std::string name(200, 'd');
      for (int depth = 0; depth < 19 && directory >= 0; ++depth) {
        mkdirat(directory, name.c_str(), 0700);
        const int below = openat(directory, name.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        close(directory);
        directory = below;
      }
      const int file = openat(directory, "mapped", O_RDWR | O_CREAT | O_CLOEXEC, 0600);
      if (file < 0 || ftruncate(file, 4096) != 0) _exit(1);
      close(directory);
      for (int i = 0; i < 65000; ++i)
        if (mmap(nullptr, 4096, PROT_READ, MAP_PRIVATE, file, 0) == MAP_FAILED) break;
      close(file);
      fcntl(stop[0], F_SETFL, O_NONBLOCK);
      for (int made = 0;; ++made) {
        const pid_t decoy = fork();
        if (decoy == 0) {
          usleep(250000);
          _exit(0);
        }
        if (made == 3) close(ready[1]);
        usleep(30000);
        while (waitpid(-1, nullptr, WNOHANG) > 0) {
        }
        char byte;
        if (read(stop[0], &byte, 1) == 0) break;
      }
      while (wait(nullptr) > 0) {
      }
      _exit(0);
    }
    close(ready[1]);
    close(stop[0]);
    char byte;
    while (read(ready[0], &byte, 1) > 0) {
    }
    // The second counts from when all hold: writing took 1.5 s beside two busy processes.
    int full[2];
    if (pipe(full) != 0) return 1;
    std::vector<pid_t> holders;
    for (int i = 0; i < 6; ++i) {
      const pid_t holder = fork();
      if (holder == 0) {
        hold(each);
        if (write(full[1], "f", 1) != 1) _exit(1);
        close(full[1]);
        for (;;) pause();
      }
      holders.push_back(holder);
    }
    close(full[1]);  // a holder the kernel killed writes nothing: the wait ends with the last
    for (int filled = 0; filled < 6 && read(full[0], &byte, 1) == 1; ++filled) {
    }
    std::this_thread::sleep_for(std::chrono::seconds(1));
    for (const pid_t holder : holders) kill(holder, SIGKILL);
    for (const pid_t holder : holders) waitpid(holder, nullptr, 0);
    close(stop[1]);
    waitpid(spawner, nullptr, 0);
    play();
  } else if (mode == "zombie-ticks" || mode == "zombie-ticks-parent") {
    if (mode == "zombie-ticks-parent") {
      const rlimit none{0, 0};
      if (prlimit(getppid(), RLIMIT_NOFILE, &none, nullptr) != 0) std::perror("prlimit");
    }
    // A holder forks 240 burners of 9 ms of CPU time each, under a clock tick in each field of
    // their stat (which rounds down), and never reaps them; once all are zombies it says so and
    // waits, and the program plays. The run's end kills the holder with them.
    int made[2];
    if (pipe(made) != 0) return 1;
    const pid_t holder = fork();
    if (holder == 0) {
      close(made[0]);
      std::vector<pid_t> burners;
      for (int i = 0; i < 240; ++i) {
        const pid_t burner = fork();
        if (burner == 0) {
          burn(0.009);
          _exit(0);
        }
        if (burner < 0) break;
        burners.push_back(burner);
      }
      for (const pid_t burner : burners) {  // each ended, left a zombie (WNOWAIT)
        siginfo_t info{};
        waitid(P_PID, static_cast<id_t>(burner), &info, WEXITED | WNOWAIT);
      }
      std::fprintf(stderr, "%zu zombies of 9 ms each\n", burners.size());
      close(made[1]);
      for (;;) pause();
    }
    close(made[1]);
    char byte;
    while (read(made[0], &byte, 1) > 0) {
    }
    play();
  } else if (mode == "userns-tmpfs") {
    const std::size_t mib = 3 * (argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 64);
    const std::string map = "0 " + std::to_string(getuid()) + " 1";
    const std::string group_map = "0 " + std::to_string(getgid()) + " 1";
    if (unshare(CLONE_NEWUSER | CLONE_NEWNS) == 0 && write_file("/proc/self/setgroups", "deny") &&
        write_file("/proc/self/uid_map", map) && write_file("/proc/self/gid_map", group_map) &&
        mount("none", "/tmp", "tmpfs", 0, "size=4g") == 0) {
      std::fprintf(stderr, "wrote %d MiB in its own tmpfs\n", fill("/tmp", token, 2 * mib) / 2);
    } else {
      hold(mib);
    }
    play();
  } else if (mode == "socket-fill" || mode == "sndbuf-fill") {
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    rlimit files{};
    getrlimit(RLIMIT_NOFILE, &files);
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
    const int most = std::atoi(read_text_file("/proc/sys/net/core/wmem_max").c_str());
    static char block[1 << 16];
    int pair[2];
    long held = 0;
    while (held < wanted && socketpair(AF_UNIX, SOCK_STREAM, 0, pair) == 0) {
      if (mode == "sndbuf-fill") setsockopt(pair[0], SOL_SOCKET, SO_SNDBUF, &most, sizeof most);
      fcntl(pair[0], F_SETFL, O_NONBLOCK);
      for (ssize_t n; (n = write(pair[0], block, sizeof block)) > 0;) held += n;
    }
    std::fprintf(stderr, "held %ld MiB in socket buffers (%llu descriptors)\n", held >> 20,
                 static_cast<unsigned long long>(files.rlim_cur));
    hold_the_rest(held, wanted);
    play();
  } else if (mode == "tcp-fill") {
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    long held = 0;
    const int listener = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (listener >= 0 && bind(listener, reinterpret_cast<sockaddr*>(&address), length) == 0 &&
        listen(listener, 1024) == 0 &&
        getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
      static char block[1 << 16];
      for (int sender; held < wanted && (sender = socket(AF_INET, SOCK_STREAM, 0)) >= 0;) {
        if (connect(sender, reinterpret_cast<sockaddr*>(&address), length) != 0) break;
        accept(listener, nullptr, nullptr);  // held, never read
        fcntl(sender, F_SETFL, O_NONBLOCK);
        for (ssize_t n; (n = write(sender, block, sizeof block)) > 0;) held += n;
      }
      std::fprintf(stderr, "held %ld MiB in TCP buffers\n", held >> 20);
    }
    hold_the_rest(held, wanted);
    play();
  } else if (mode == "secretmem-fill") {
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    rlimit files{};
    getrlimit(RLIMIT_NOFILE, &files);
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
    const long each = 512 << 10;  // under RLIMIT_FSIZE and RLIMIT_MEMLOCK
    long held = 0;
    for (int fd; held < wanted && (fd = static_cast<int>(syscall(447 /* memfd_secret */, 0))) >= 0;
         held += each) {
      if (ftruncate(fd, each) != 0) break;
      void* at = mmap(nullptr, each, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
      if (at == MAP_FAILED) break;
      std::memset(at, 1, each);
      munmap(at, each);
    }
    std::fprintf(stderr, "held %ld MiB in secret memory\n", held >> 20);
    hold_the_rest(held, wanted);
    play();
  } else if (mode == "bpf-fill") {
    // An array map's values are allocated, zeroed, as it is made: kernel memory, in no
    // resident set.
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    const long each = 16L << 20;
    long held = 0;
    while (held < wanted) {
      bpf_attr map{};
      map.map_type = BPF_MAP_TYPE_ARRAY;
      map.key_size = 4;
      map.value_size = 4096;
      map.max_entries = static_cast<unsigned>(each / 4096);
      if (syscall(SYS_bpf, BPF_MAP_CREATE, &map, sizeof map) < 0) break;
      held += each;
    }
    hold_then_play(held, wanted, "BPF maps");
  } else if (mode == "traceme") {
    static volatile sig_atomic_t handled = 0;
    ptrace(PTRACE_TRACEME, 0, nullptr, nullptr);
    signal(SIGUSR1, [](int) { handled = 1; });
    raise(SIGUSR1);
    if (!handled) return 4;
    play();
  } else if (mode == "leaderless") {
    for (int i = 0; i < 5; ++i)
      if (fork() == 0) {
        std::thread([] {
          const std::size_t size = std::size_t{50} << 20;  // mapped, not malloc's thread arena
          void* block =
              mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
          if (block == MAP_FAILED) syscall(SYS_exit_group, 1);
          std::memset(block, 1, size);
          std::this_thread::sleep_for(std::chrono::milliseconds(1500));
          syscall(SYS_exit_group, 0);
        }).detach();
        syscall(SYS_exit, 0);  // the leader alone: the other thread goes on
      }
    while (wait(nullptr) > 0) {
    }
    play();
  } else if (mode == "vmsplice-fill") {
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    const std::string thp = read_text_file("/sys/kernel/mm/transparent_hugepage/enabled");
    const long huge = 2L << 20, pieces = 16;
    const long per_piece = thp.find("[never]") == std::string::npos ? huge : 4096;
    long held = 0;
    for (int fds[2]; held < wanted && pipe(fds) == 0;) {
      char* raw = static_cast<char*>(mmap(nullptr, (pieces + 1) * huge, PROT_READ | PROT_WRITE,
                                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
      if (raw == MAP_FAILED) break;
      char* base = reinterpret_cast<char*>((reinterpret_cast<unsigned long>(raw) + huge - 1) &
                                           ~static_cast<unsigned long>(huge - 1));
      madvise(base, pieces * huge, MADV_HUGEPAGE);
      iovec pieces_of[16];
      for (long i = 0; i < pieces; ++i) {
        base[i * huge] = 1;
        pieces_of[i] = {base + i * huge, 4096};
      }
      const ssize_t spliced = vmsplice(fds[1], pieces_of, pieces, 0);
      munmap(raw, (pieces + 1) * huge);
      if (spliced <= 0) break;
      held += spliced / 4096 * per_piece;
    }
    std::fprintf(stderr, "pinned %ld MiB in pipes\n", held >> 20);
    hold_the_rest(held, wanted);
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    play();
  } else if (mode == "perf-fill") {
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    const long held = held_by_children_until_gone(48, wanted, [wanted](long held_before) {
      long mine = 0;
      while (held_before + mine < wanted) {
        perf_event_attr attr{};
        attr.size = sizeof attr;
        attr.type = PERF_TYPE_SOFTWARE;
        attr.config = PERF_COUNT_SW_DUMMY;
        attr.exclude_kernel = 1;
        attr.exclude_hv = 1;
        const int fd = static_cast<int>(syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0));
        if (fd < 0) break;
        if (mmap(nullptr, 257 * 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0) == MAP_FAILED)
          break;
        mine += 256 * 4096;
      }
      return mine;
    });
    if (held < 0) return 1;
    hold_then_play(held, wanted, "perf buffers");
  } else if (mode == "inotify-fill") {
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    const long queue = std::max(
        1L,
        std::strtol(read_text_file("/proc/sys/fs/inotify/max_queued_events").c_str(), nullptr, 10));
    const std::string name(255, 'n');
    close(open(name.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
    std::vector<int> instances;
    for (long planned = 0; planned < wanted; planned += queue * 512) {
      const int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
      if (fd < 0) break;
      instances.push_back(fd);
      if (inotify_add_watch(fd, ".", IN_OPEN | IN_CLOSE_NOWRITE) < 0) break;
    }
    long held = 0;
    if (!instances.empty()) {
      for (long i = 0; i < queue / 2 + 8; ++i) close(open(name.c_str(), O_RDONLY | O_CLOEXEC));
      for (int fd : instances) {
        int queued = 0;  // bytes a reader would get: 16 + 256 for each event
        if (ioctl(fd, FIONREAD, &queued) == 0) held += queued / 272 * 512L;
      }
    }
    std::fprintf(stderr, "held %ld MiB in inotify events\n", held >> 20);
    hold_the_rest(held, wanted);
    play();
  } else if (mode == "pipe-fill") {
    const long limit = (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    const long wanted = limit + limit / 2;
    const long held = held_by_children_until_gone(8, wanted, [wanted](long held_before) {
      long mine = 0;
      static char block[1 << 16];
      for (int ends[2]; held_before + mine < wanted && pipe2(ends, O_NONBLOCK) == 0;) {
        fcntl(ends[1], F_SETPIPE_SZ, 1 << 20);  // refused: the default, 64 KiB
        for (ssize_t n; (n = write(ends[1], block, sizeof block)) > 0;) mine += n;
      }
      return mine;
    });
    if (held < 0) return 1;
    hold_then_play(held, wanted, "pipes");
  } else if (mode == "pipes-summed" || mode == "sockets-summed") {
    const long limit = (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    const long wanted = limit + limit / 2;
    const bool pipes = mode == "pipes-summed";
    const long held = held_by_children_until_gone(48, wanted, [wanted, pipes](long held_before) {
      long mine = 0;
      static char block[1 << 16];
      for (int ends[2]; held_before + mine < wanted;) {
        if (pipes ? pipe2(ends, O_NONBLOCK) != 0 : socketpair(AF_UNIX, SOCK_STREAM, 0, ends) != 0)
          break;
        fcntl(ends[1], F_SETFL, O_NONBLOCK);
        for (ssize_t n; (n = write(ends[1], block, sizeof block)) > 0;) mine += n;
      }
      return mine;
    });
    if (held < 0) return 1;
    std::fprintf(stderr, "held %ld MiB in %s\n", held >> 20, pipes ? "pipes" : "socket pairs");
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    play();
  } else if (mode == "datagram-queues") {
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    static char block[208 << 10];
    int carrier[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, carrier) != 0) return 1;
    long held = 0;
    bool in_flight = true;
    for (int r = 0; held < wanted && r < 4096; ++r) {
      sockaddr_un address{};
      address.sun_family = AF_UNIX;
      const std::string name =
          "entrapment-queue-" + std::to_string(getpid()) + "-" + std::to_string(r);
      std::memcpy(address.sun_path + 1, name.data(), name.size());  // abstract: no file
      const auto length = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + name.size());
      const int receiver = socket(AF_UNIX, SOCK_DGRAM, 0);
      if (receiver < 0 || bind(receiver, reinterpret_cast<sockaddr*>(&address), length) != 0) break;
      for (;;) {
        const int sender = socket(AF_UNIX, SOCK_DGRAM | SOCK_NONBLOCK, 0);
        if (sender < 0) break;
        std::size_t size = sizeof block;
        ssize_t sent;
        while ((sent = sendto(sender, block, size, 0, reinterpret_cast<sockaddr*>(&address),
                              length)) < 0 &&
               errno == EMSGSIZE && size > 4096)
          size -= 4096;
        close(sender);
        if (sent <= 0) break;
        held += sent;
      }
      if (in_flight) {
        in_flight = send_descriptor(carrier[0], receiver);
        if (in_flight) close(receiver);
      }
    }
    hold_then_play(held, wanted, "datagram queues");
  } else if (mode == "spliced-pages") {
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    int first[2], second[2];
    if (pipe(first) != 0 || pipe(second) != 0) return 1;
    long held = 0;
    for (bool going = true; going && held < wanted;) {
      int pair[2];
      if (socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0) break;
      for (const int end : pair) {
        fcntl(end, F_SETFL, O_NONBLOCK);
        while (going && held < wanted) {
          for (int i = 0; going && i < 16; ++i)
            going = write(first[1], "x", 1) == 1 &&
                    splice(first[0], nullptr, second[1], nullptr, 1, 0) == 1;
          const ssize_t moved =
              going ? splice(second[0], nullptr, end, nullptr, 16, SPLICE_F_NONBLOCK) : -1;
          char rest[16];  // what the socket did not take: the second pipe is emptied for more
          if (going && moved < 16)
            going = read(second[0], rest,
                         static_cast<std::size_t>(16 - std::max<ssize_t>(moved, 0))) > 0;
          if (moved <= 0) break;
          held += moved * 4096;
        }
      }
    }
    hold_then_play(held, wanted, "pages that sockets pin");
  } else if (mode == "thread-stacks") {
    hold(static_cast<std::size_t>((argc > 3 ? std::strtol(argv[3], nullptr, 10) : 16) - 6));
    pthread_attr_t small;
    pthread_attr_init(&small);
    pthread_attr_setstacksize(&small, PTHREAD_STACK_MIN);
    int started = 0;
    for (pthread_t thread; started < 250; ++started)
      if (pthread_create(
              &thread, &small,
              [](void*) -> void* {
                pause();
                return nullptr;
              },
              nullptr) != 0)
        break;
    std::fprintf(stderr, "%d threads\n", started);
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    play();
  } else if (mode == "thp-split") {
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    const std::size_t huge = 2 << 20;
    long held = 0;
    for (int i = 0; held < wanted && i < 4096; ++i) {
      void* mapped =
          mmap(nullptr, 2 * huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (mapped == MAP_FAILED) break;
      char* const start = static_cast<char*>(mapped);
      char* const page = reinterpret_cast<char*>(
          (reinterpret_cast<std::uintptr_t>(start) + huge - 1) / huge * huge);
      madvise(page, huge, MADV_HUGEPAGE);
      page[0] = 1;
      // A huge page only where the kernel gave one: its map says so while it is whole.
      const std::string rollup = read_text_file("/proc/self/smaps_rollup");
      const std::size_t at = rollup.find("\nAnonHugePages:");
      const bool whole = at != std::string::npos && std::atol(&rollup[at + 16]) >= 2048;
      if (page > start) munmap(start, static_cast<std::size_t>(page - start));
      munmap(page + 4096, static_cast<std::size_t>(start + 2 * huge - page) - 4096);
      if (!whole) break;
      held += static_cast<long>(huge);
    }
    hold_then_play(held, wanted, "huge pages mapped but for 4 KiB each");
  } else if (mode == "vma-fill" || mode == "vma-fill-unread") {
    // vma-fill-unread: first a spawner, which forks a tiny child every 40 ms that lives 100 ms:
    // some process is always new to the looks, never read.
    pid_t spawner = -1;
    if (mode == "vma-fill-unread") {
      spawner = fork();
      if (spawner == 0) {
        for (;;) {
          if (fork() == 0) {
            usleep(100000);
            _exit(0);
          }
          usleep(40000);
          while (waitpid(-1, nullptr, WNOHANG) > 0) {
          }
        }
      }
    }
    const long limit = (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    const long wanted = limit + limit / 2, each = 200;
    rlimit space{};
    getrlimit(RLIMIT_AS, &space);
    const long room = space.rlim_cur == RLIM_INFINITY
                          ? 64L << 20
                          : static_cast<long>(space.rlim_cur) - (24L << 20);
    long mappings = 0;
    for (long i = 0; i < std::min(room / 4096, 16000L); ++i, ++mappings)
      if (mmap(nullptr, 4096, i % 2 ? PROT_READ : PROT_READ | PROT_WRITE,
               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) == MAP_FAILED)
        break;
    long held = mappings * each;
    const long copies = held > 0 ? (wanted - held + held - 1) / held : 0;
    const long made =
        held_by_children_until_gone(static_cast<int>(std::min(copies, 250L)), wanted - held,
                                    [mappings](long) { return mappings * 200; });
    if (made > 0) held += made;
    std::fprintf(stderr, "held %ld MiB in %ld mappings a process\n", held >> 20, mappings);
    hold_the_rest(held, wanted);
    std::this_thread::sleep_for(std::chrono::seconds(15));
    if (spawner > 0) {  // its last child ends within 100 ms
      kill(spawner, SIGKILL);
      waitpid(spawner, nullptr, 0);
    }
    play();
  } else if (mode == "shared-dropped") {
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    const long held = held_by_children_until_gone(16, wanted, [wanted](long held_before) {
      const std::size_t size = std::min(48L << 20, wanted - held_before);
      void* mapped = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
      if (mapped == MAP_FAILED) return 0L;
      char* const start = static_cast<char*>(mapped);
      for (std::size_t at = 0; at < size; at += 1 << 20) {
        std::memset(start + at, 1, 1 << 20);
        madvise(start + at, 1 << 20, MADV_DONTNEED);
      }
      return static_cast<long>(size);
    });
    std::fprintf(stderr, "held %ld MiB in shared memory dropped from the page tables\n",
                 held >> 20);
    hold_the_rest(held, wanted);
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    play();
  } else if (mode == "shared-unmapped" || mode == "zero-unmapped") {
    // Shared memory whose mappings are unmapped but for one page once written: the object
    // keeps every page, in no resident set and in no address space (RLIMIT_AS bounds what is
    // mapped, not this), all in one process. Its object is made by MAP_SHARED | MAP_ANONYMOUS,
    // or by /dev/zero opened for writing, mapped shared to read and then made writable.
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    const std::size_t size = 16 << 20;
    const int zero = mode == "zero-unmapped" ? open("/dev/zero", O_RDWR) : -1;
    long held = 0;
    while (held < wanted && (mode == "shared-unmapped" || zero >= 0)) {
      void* mapped = zero >= 0 ? mmap(nullptr, size, PROT_READ, MAP_SHARED, zero, 0)
                               : mmap(nullptr, size, PROT_READ | PROT_WRITE,
                                      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
      if (mapped == MAP_FAILED || mprotect(mapped, size, PROT_READ | PROT_WRITE) != 0) break;
      std::memset(mapped, 1, size);
      munmap(static_cast<char*>(mapped) + 4096, size - 4096);
      held += static_cast<long>(size);
    }
    hold_then_play(held, wanted, "shared memory unmapped but for a page");
  } else if (mode == "message-fill") {
    // System V messages queued for no reader: kernel memory, in no resident set (a queue
    // holds 16 KiB of data at the default msgmnb, in messages of 4 KiB; 32,000 queues).
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    struct {
      long type = 1;
      char text[4096] = {};
    } message;
    long held = 0;
    std::vector<int> queues;
    while (held < wanted) {
      const int queue = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
      if (queue < 0) break;
      queues.push_back(queue);
      while (held < wanted && msgsnd(queue, &message, sizeof message.text, IPC_NOWAIT) == 0)
        held += static_cast<long>(sizeof message.text);
      if (queues.size() > 1 && held == 0) break;
    }
    std::fprintf(stderr, "held %ld MiB in %zu message queues\n", held >> 20, queues.size());
    hold_the_rest(held, wanted);
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    for (const int queue : queues) msgctl(queue, IPC_RMID, nullptr);
    play();
  } else if (mode == "page-tables") {
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    const long made = held_by_children_until_gone(16, wanted, [](long) {
      // A page every GiB needs a page table of its own for it, and one above that: 8 KiB of
      // page tables a page, which is written and dropped (MADV_DONTNEED) at once.
      rlimit space{};
      getrlimit(RLIMIT_AS, &space);
      const long room = space.rlim_cur == RLIM_INFINITY
                            ? 64L << 20
                            : static_cast<long>(space.rlim_cur) - (24L << 20);
      long pages = 0;
      for (long i = 0; i < std::min(room / 4096, 16000L); ++i) {
        char* const wanted_at = reinterpret_cast<char*>((16L << 40) + (i << 30));
        void* page = mmap(wanted_at, 4096, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
        if (page == MAP_FAILED) break;
        *static_cast<char*>(page) = 1;
        madvise(page, 4096, MADV_DONTNEED);
        ++pages;
      }
      return pages * 8192;
    });
    const long held = std::max(0L, made);
    hold_then_play(held, wanted, "page tables");
  } else if (mode == "anon-chain" || mode == "anon-siblings") {
    // A chain of processes, each made by the one before and living on, over one-page anonymous
    // mappings, each written (an anon_vma of its own) and set apart by pages of no access (none
    // merges): each process's copy of a mapping links to the anon_vma of every generation above
    // it, a record of 64 bytes each, in no resident set (red team: 400 mappings under 150
    // generations, 340 MiB of slab at "mem 31 MiB" under rlimits). anon-siblings: each made
    // with CLONE_PARENT, its maker's sibling (fork where that is refused).
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 19;
    const long depth = 60;  // within 64 processes
    const long records_per_mapping = depth * (depth + 1) / 2;
    const long mappings = wanted / (64 * records_per_mapping) + 1;
    if (!written_one_page_mappings(mappings)) return 5;
    const auto next_link = [] {
      if (mode == "anon-siblings") {
        const long made = syscall(SYS_clone, CLONE_PARENT | SIGCHLD, 0, 0, 0, 0);
        if (made >= 0 || errno != EPERM) return static_cast<pid_t>(made);
      }
      return fork();
    };
    int ready[2], links[2];
    if (pipe(ready) != 0 || pipe(links) != 0) return 5;
    long generations = 1;  // this process's
    bool first = true;
    for (; generations < depth; ++generations) {
      const pid_t child = next_link();
      if (child < 0) break;
      if (child > 0) {
        if (!first) {  // a link of the chain: lives until killed
          close(ready[1]);
          close(links[1]);
          for (;;) pause();
        }
        break;
      }
      first = false;
      const pid_t self = getpid();
      [[maybe_unused]] const ssize_t told = write(links[1], &self, sizeof self);
      close(ready[0]);
      close(links[0]);
    }
    if (!first) {  // the chain's last: says how deep it is
      [[maybe_unused]] const ssize_t said = write(ready[1], &generations, sizeof generations);
      close(links[1]);
      for (;;) pause();
    }
    close(ready[1]);
    close(links[1]);
    long made = 1;
    if (read(ready[0], &made, sizeof made) != sizeof made) made = 1;
    const long held = mappings * 64 * (made * (made + 1) / 2);
    std::fprintf(stderr, "held %ld MiB in %ld generations of %ld mappings' chains\n", held >> 20,
                 made, mappings);
    hold_the_rest(held, wanted);
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    for (pid_t link; read(links[0], &link, sizeof link) == sizeof link;) kill(link, SIGKILL);
    while (waitpid(-1, nullptr, WNOHANG) > 0) {
    }
    play();
  } else if (mode == "epoll-pipes") {
    // Epoll registrations on pipes open both ways, about 288 bytes each (an epitem of 128 and
    // a wait-queue entry of 80 for each of the pipe's two queues), in children (red team:
    // FIFOs opened for reading and writing, 345 MiB of slab under 256 MiB at "mem 240 MiB"
    // under rlimits, where the looks counted 200 bytes a registration).
    // Few pipes, each registered many times: the looks count each pipe held at the most it
    // may buffer (64 KiB).
    const long wanted = (6L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 128) << 20) / 5;
    const long each = 288;
    const long made = held_by_children_until_gone(64, wanted, [wanted, each](long held_before) {
      return fill_epoll(a_pipe_both_ways, 16, (wanted - held_before) / each + 1) * each;
    });
    const long held = std::max(0L, made);
    hold_then_play(held, wanted, "epoll registrations on pipes open both ways");
  } else if (mode == "seccomp-fill") {
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    const long made = held_by_children_until_gone(64, wanted, [](long) {
      // Filters of one instruction each, stacked until the chain is full (32,768 instructions
      // in all): about 5 KiB of kernel memory a filter.
      sock_filter allow = BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
      sock_fprog program{1, &allow};
      long filters = 0;
      if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0)
        while (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &program) == 0) ++filters;
      return filters * 5000;
    });
    const long held = std::max(0L, made);
    hold_then_play(held, wanted, "seccomp filters");
  } else if (mode == "tmp-files") {
    // Empty files in its /tmp and /dev/shm, about 1 KiB of kernel memory each (an inode and a
    // dentry of a tmpfs, which caps data, not files, unless told).
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    long held = 0;
    for (long i = 0; held < wanted; ++i) {
      const std::string name = std::string(i % 2 ? "/dev/shm" : "/tmp") + "/f" + std::to_string(i);
      const int fd = open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
      if (fd < 0) break;
      close(fd);
      held += 1024;
    }
    hold_then_play(held, wanted, "empty files");
  } else if (mode == "long-maps") {
    // Four children wait; itself maps one file, at the bottom of 256 nested directories of 255
    // bytes (a path of 64 KiB, made by relative steps), as often as its address space allows:
    // each line of its maps carries that path, 900 MB of text in all. Then the children hold
    // half the limit each while the box reads those maps.
    const long limit = (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    int go[2];
    if (pipe(go) != 0) return 1;
    for (int i = 0; i < 4; ++i)
      if (fork() == 0) {
        close(go[1]);
        char byte;
        if (read(go[0], &byte, 1) != 1) _exit(1);
        hold(static_cast<std::size_t>(limit / 2) >> 20);
        std::this_thread::sleep_for(std::chrono::seconds(2));
        _exit(0);
      }
    close(go[0]);
    const std::string step(255, 'd');
    const char* tmp = std::getenv("TMPDIR");
    if (chdir(tmp ? tmp : "/tmp") != 0) return 1;
    for (int depth = 0; depth < 256; ++depth)
      if ((mkdir(step.c_str(), 0700) != 0 && errno != EEXIST) || chdir(step.c_str()) != 0) break;
    const int file = open("mapped", O_RDWR | O_CREAT | O_TRUNC, 0600);
    if (file < 0 || ftruncate(file, 4096) != 0) return 1;
    rlimit space{};
    getrlimit(RLIMIT_AS, &space);
    const long room = space.rlim_cur == RLIM_INFINITY
                          ? 56L << 20
                          : static_cast<long>(space.rlim_cur) - (12L << 20);
    long mapped = 0;
    for (; mapped < std::min(room / 4096, 14000L); ++mapped)
      if (mmap(nullptr, 4096, PROT_READ, MAP_PRIVATE, file, 0) == MAP_FAILED) break;
    std::fprintf(stderr, "mapped a file of a 64 KiB path %ld times\n", mapped);
    if (write(go[1], "gggg", 4) != 4) return 1;
    while (wait(nullptr) > 0) {
    }
    play();
  } else if (mode == "tmp-mapped") {
    // A legitimate program: 40 files of 1 MiB in its /tmp, each read through a mapping (the
    // last 8 unlinked first and mapped shared): 40 MiB of memory, in a tmpfs, held 1.1 s.
    std::vector<char*> mapped;
    for (int i = 0; i < 40; ++i) {
      const std::string name = "/tmp/mapped-" + std::to_string(i);
      const int fd = open(name.c_str(), O_RDWR | O_CREAT | O_TRUNC, 0600);
      static char block[1 << 20];
      std::memset(block, 'm', sizeof block);
      if (fd < 0 || write(fd, block, sizeof block) != static_cast<ssize_t>(sizeof block)) return 1;
      const bool shared = i >= 32;
      if (shared) unlink(name.c_str());
      void* at = mmap(nullptr, sizeof block, PROT_READ, shared ? MAP_SHARED : MAP_PRIVATE, fd, 0);
      if (at == MAP_FAILED) return 1;
      close(fd);
      mapped.push_back(static_cast<char*>(at));
    }
    static volatile char sink = 0;
    for (char* at : mapped)
      for (std::size_t page = 0; page < (1 << 20); page += 4096) sink = sink + at[page];
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    play();
  } else if (mode == "backlog-fill") {
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    long held = 0;
    const int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    const std::string name = "entrapment-backlog-" + std::to_string(getpid());
    std::memcpy(address.sun_path + 1, name.data(), name.size());  // abstract: no file
    const auto length = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + name.size());
    if (listener >= 0 && bind(listener, reinterpret_cast<sockaddr*>(&address), length) == 0 &&
        (listen(listener, 4096) == 0 || listen(listener, 1) == 0)) {
      static char block[1 << 16];
      for (int sender;
           held < wanted &&
           (sender = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0)) >= 0;) {
        const bool connected = connect(sender, reinterpret_cast<sockaddr*>(&address), length) == 0;
        for (ssize_t n; connected && (n = write(sender, block, sizeof block)) > 0;) held += n;
        close(sender);
        if (!connected) break;  // the backlog is full
      }
    }
    std::fprintf(stderr, "held %ld MiB on connections never accepted\n", held >> 20);
    hold_the_rest(held, wanted);
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    play();
  } else if (mode == "file-table") {
    const auto [held, processes] =
        held_by_children(250, [](long) { return open("/dev/null", O_RDONLY) >= 0; });
    if (held < 0) return 1;
    const std::string table = read_text_file("/proc/sys/fs/file-max");
    const unsigned long long file_max = std::strtoull(table.c_str(), nullptr, 10);
    std::fprintf(stderr, "held %ld files in %zu processes (fs.file-max %llu)\n", held, processes,
                 file_max);
    if (file_max && static_cast<unsigned long long>(held) > file_max / 10) return 3;
    if (held < 1000) return 4;
    play();
  } else if (mode == "ptys") {
    const unsigned long long pty_max =
        std::strtoull(read_text_file("/proc/sys/kernel/pty/max").c_str(), nullptr, 10);
    const long bound = static_cast<long>(std::min<unsigned long long>(4000, pty_max / 3 + 1));
    const int kChildren = 64;
    const long share = (bound + kChildren - 1) / kChildren;
    const auto [held, processes] = held_by_children(kChildren, [share](long opened) {
      if (opened >= share) return false;
      const char* first = opened % 2 ? "/dev/pts/ptmx" : "/dev/ptmx";  // each path first in turn
      const char* second = opened % 2 ? "/dev/ptmx" : "/dev/pts/ptmx";
      return open(first, O_RDWR | O_NOCTTY) >= 0 || open(second, O_RDWR | O_NOCTTY) >= 0;
    });
    if (held < 0) return 1;
    std::fprintf(stderr, "held %ld pseudo-terminals in %zu processes (kernel.pty.max %llu)\n", held,
                 processes, pty_max);
    if (static_cast<unsigned long long>(held) > pty_max / 3) return 3;
    if (held > 0) return 4;
    play();
  } else if (mode == "bomb-during") {
    int start[2];
    if (pipe(start) != 0) return 1;
    if (fork() == 0) {
      char go;
      if (read(start[0], &go, 1) == 1)
        for (;;) fork();
      _exit(0);
    }
    play();
    if (write(start[1], "!", 1) != 1) return 1;
    // Forks with the bomb until a fork fails (the run's process cap is full), at most 3 s: the
    // bomb is whole when the main process exits, whatever the machine's cores and load. It
    // neither sleeps nor waits for its children (they stay zombies, counted in the cap): among
    // its spinning bomb a process that sleeps waits long for a CPU again, and the bomb's CPU
    // time with it.
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(3);
    while (std::chrono::steady_clock::now() < give_up) {
      const pid_t probe = fork();
      if (probe < 0) break;
      if (probe == 0) _exit(0);
    }
  } else if (mode == "fork-bomb-child") {
    const pid_t parent = getpid();
    if (fork() == 0) {
      while (getppid() == parent) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      for (;;) fork();
    }
    play();
  } else if (mode == "kill-all") {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    kill(-1, SIGKILL);
    play();
  } else if (mode == "slow-machine") {
    burn(0.2);
    std::this_thread::sleep_for(std::chrono::milliseconds(1400));
    play();
  } else if (mode == "wait-chain") {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(600);
    bool first = true;
    for (int depth = 1; depth < 24; ++depth) {
      const pid_t child = fork();
      if (child != 0) break;  // the parent spins; the child makes the next
      first = false;
    }
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(0, &one);
    sched_setaffinity(0, sizeof one, &one);
    static volatile unsigned long sink = 0;
    while (std::chrono::steady_clock::now() < until) sink = sink + 1;
    if (!first)
      for (;;) pause();
    std::this_thread::sleep_for(std::chrono::seconds(10));
    play();
  } else if (mode == "cache-then-hold") {
    std::vector<std::string> files;
    long long cached = 0;
    std::error_code error;
    // Reading waits for the disk, which no limit counts: a fresh machine's cold network disk
    // took over 10 s of wall-clock time for 160 MiB. What the case tests (cache is not memory
    // held) needs some cache, not all of it.
    const auto stop_reading = std::chrono::steady_clock::now() + std::chrono::milliseconds(1500);
    const auto reading = [&] { return std::chrono::steady_clock::now() < stop_reading; };
    for (auto it = std::filesystem::recursive_directory_iterator(
             "/usr/lib", std::filesystem::directory_options::skip_permission_denied, error);
         !error && it != std::filesystem::recursive_directory_iterator() && cached < (160 << 20) &&
         reading();
         it.increment(error)) {
      if (it->is_symlink(error) || !it->is_regular_file(error)) continue;
      const long long size = static_cast<long long>(it->file_size(error));
      if (error || size < (4 << 20)) continue;
      const int fd = open(it->path().c_str(), O_RDONLY);
      if (fd < 0) continue;
      posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
      static char buffer[1 << 16];
      while (reading() && read(fd, buffer, sizeof buffer) > 0) {
      }
      close(fd);
      files.push_back(it->path());
      cached += size;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    for (const std::string& file : files) {
      const int fd = open(file.c_str(), O_RDONLY);
      if (fd >= 0) posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
      if (fd >= 0) close(fd);
    }
    // Six segments of 25 MiB, each attached only while it is filled: never more than 25 MiB
    // in the resident set.
    // Where System V is refused (under rlimits), the same held as its own.
    std::vector<int> segments;
    for (int i = 0; i < 6; ++i) {
      const int segment = shmget(IPC_PRIVATE, std::size_t{25} << 20, IPC_CREAT | 0600);
      if (segment < 0 && errno == ENOSYS) {
        hold(std::size_t{25} * static_cast<std::size_t>(6 - i));
        break;
      }
      if (segment < 0) return 1;
      segments.push_back(segment);
      void* at = shmat(segment, nullptr, 0);
      if (at == reinterpret_cast<void*>(-1)) return 1;
      std::memset(at, 1, std::size_t{25} << 20);
      shmdt(at);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    for (int segment : segments) shmctl(segment, IPC_RMID, nullptr);
    play();
  } else if (mode == "phased-spikes") {
    const std::size_t size =
        std::size_t{3} * (argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 32) << 20 >> 1;
    const auto start = std::chrono::steady_clock::now();
    for (int k = 1; k <= 40; ++k) {
      std::this_thread::sleep_until(start + std::chrono::milliseconds(95 + 250 * k));
      void* block = mmap(nullptr, size, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
      if (block == MAP_FAILED) return 1;
      std::this_thread::sleep_for(std::chrono::milliseconds(60));
      munmap(block, size);
      write_file("/proc/self/clear_refs", "5");  // refused where the box refuses writes to /proc
    }
    play();
  } else if (mode == "peak-reset") {
    const std::size_t size =
        std::size_t{5} * (argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 32) << 20 >> 2;
    void* block = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (block == MAP_FAILED) return 1;
    std::memset(block, 1, size);
    munmap(block, size);
    write_file("/proc/self/clear_refs", "5");  // refused where the box refuses writes to /proc
    play();
  } else if (mode == "vm-children-fd-tables") {
    // Each child in its parent's address space (its pages counted once) with a descriptor table
    // of its own, filled by raw calls (it shares the parent's thread-local errno), one after
    // another; they live until killed.
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    static std::atomic<long> held{0};
    static std::atomic<int> finished{0};
    static long goal = 0;
    goal = wanted;
    static char stacks[64][1 << 16];
    std::vector<pid_t> children;
    for (int child = 0; child < 64 && held < goal; ++child) {
      const long before = held;
      const pid_t pid = clone(
          [](void*) -> int {
            static char block[1 << 16];
            long mine = 0;
            for (int ends[2]; held + mine < goal &&
                              syscall(SYS_socketpair, AF_UNIX, SOCK_STREAM, 0, ends) == 0;) {
              syscall(SYS_fcntl, ends[1], F_SETFL, O_NONBLOCK);
              for (long n; (n = syscall(SYS_write, ends[1], block, sizeof block)) > 0;) mine += n;
            }
            held += mine;
            ++finished;
            for (;;) syscall(SYS_pause);
          },
          stacks[child] + sizeof stacks[child], CLONE_VM | SIGCHLD, nullptr);
      if (pid < 0) break;
      children.push_back(pid);
      while (finished <= child) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      if (held == before) break;
    }
    std::fprintf(stderr, "held %ld MiB in socket pairs of %zu children in its address space\n",
                 held >> 20, children.size());
    hold_the_rest(held, wanted);
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    for (const pid_t child : children) kill(child, SIGKILL);
    for (const pid_t child : children) waitpid(child, nullptr, 0);
    play();
  } else if (mode == "futex-hash") {
    // Each child asks for a private futex hash of 32 MiB (prctl PR_FUTEX_HASH, Linux 6.16: 64
    // bytes a bucket of kernel memory, in no resident set and no address space).
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 19;
    const long made = held_by_children_until_gone(8, wanted, [](long) {
      constexpr int kFutexHash = 78, kSetSlots = 1, kGetSlots = 2;
      const unsigned long buckets = 1ul << 19;
      if (prctl(kFutexHash, kSetSlots, buckets, 0, 0) != 0) return 0L;
      return prctl(kFutexHash, kGetSlots, 0, 0, 0) * 64L;
    });
    hold_then_play(std::max(0L, made), wanted, "private futex hashes");
  } else if (mode == "dir-fds") {
    // The largest directory of a few (an indexed one: ext4 keeps the names of the block it read
    // from, in kernel memory no control group is charged with), opened again and again and read
    // 64 bytes into, in children each to its RLIMIT_NOFILE.
    std::string largest = "/usr/bin";
    off_t largest_size = 0;
    for (const char* dir :
         {"/usr/lib/x86_64-linux-gnu", "/usr/bin", "/usr/lib", "/usr/share/doc"}) {
      struct stat info {};
      if (stat(dir, &info) == 0 && S_ISDIR(info.st_mode) && info.st_size > largest_size) {
        largest = dir;
        largest_size = info.st_size;
      }
    }
    // Half again the limit, which their descriptors allow under rlimits (200 x 70 x 8 KiB at
    // 64 MiB): none of it held as memory of its own, which alone would pass the limit.
    const bool not_dumpable = argc > 3 && std::string(argv[3]) == "not-dumpable";
    if (not_dumpable) prctl(PR_SET_DUMPABLE, 0);
    const long mib = argc > 3 && !not_dumpable ? std::strtol(argv[3], nullptr, 10) : 64;
    const long wanted = 3L * mib << 19;
    const long made = held_by_children_until_gone(200, wanted, [&largest](long) {
      long opened = 0;
      char names[64];
      for (int fd; (fd = open(largest.c_str(), O_RDONLY | O_DIRECTORY)) >= 0; ++opened)
        if (syscall(SYS_getdents64, fd, names, sizeof names) <= 0) break;
      return opened * 8192;
    });
    hold_then_play(std::max(0L, made), wanted, "partly read directories");
  } else if (mode == "numa-maps") {
    // Each opened numa_maps keeps a count for every node the kernel was built for: 16 KiB of
    // kernel memory where it has 1024. Where the kernel has no NUMA, it holds the rest itself.
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 19;
    const long made = held_by_children_until_gone(200, wanted, [](long) {
      long opened = 0;
      while (open("/proc/self/numa_maps", O_RDONLY) >= 0) ++opened;
      return opened * 16384;
    });
    hold_then_play(std::max(0L, made), wanted, "numa_maps opened");
  } else if (mode == "orphan-chain") {
    // A chain of generations over written one-page anonymous mappings (as anon-chain), each of
    // which forks a keeper that waits, then the next generation, then exits: its child is an
    // orphan before the looks may see the two together, and the keeper, a second child of its
    // anon_vma, keeps the kernel from handing that anon_vma to the next generation. Each keeper
    // links to the anon_vma of every generation above it, gone or not. The keepers wait for the
    // whole chain, held 1.5 s from when it is made: making it took 4 s on a 2-core AMD EPYC VM,
    // where keepers that left 1.5 s after the start never held a third of it together.
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 19;
    const long generations = 90;  // 180 processes: quick, each of few mappings
    const long mappings = wanted / (64 * generations * (generations + 1) / 2) + 1;
    int ready[2], release[2];  // the chain is made; the chain may go (at end of file)
    if (pipe(ready) != 0 || pipe(release) != 0) return 5;
    const auto wait_for_release = [&release] {
      char byte;
      while (read(release[0], &byte, 1) > 0) {
      }
    };
    const pid_t first = fork();
    if (first == 0) {
      close(ready[0]);
      close(release[1]);
      if (!written_one_page_mappings(mappings)) _exit(5);
      long made = 0;
      for (; made < generations; ++made) {
        const pid_t keeper = fork();
        if (keeper == 0) {
          close(ready[1]);
          wait_for_release();
          _exit(0);
        }
        const pid_t next = fork();
        if (keeper < 0 || next < 0) break;
        if (next > 0) _exit(0);  // this generation goes
      }
      [[maybe_unused]] const ssize_t said = write(ready[1], &made, sizeof made);
      close(ready[1]);
      wait_for_release();
      _exit(0);
    }
    close(ready[1]);
    close(release[0]);
    long made = 0;
    if (read(ready[0], &made, sizeof made) != sizeof made) made = 0;
    const long held = mappings * 64 * (made * (made + 1) / 2);
    std::fprintf(stderr, "held %ld MiB in %ld generations of %ld mappings' chains, orphaned\n",
                 held >> 20, made, mappings);
    // Half of it, as the rest is held: the kernel's records may take less than 64 bytes a link,
    // and a control group that refused a fork at its limit (ENOMEM, no process killed) would
    // otherwise see the run end just under it, rightly AC.
    hold_the_rest(held / 2, wanted);
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    close(release[1]);
    waitpid(first, nullptr, 0);
    play();
  } else if (mode == "thread-fd-tables" || mode == "thread-fd-tables-close-range") {
    // One thread after another, each with a descriptor table of its own where it may (unshare
    // CLONE_FILES, or close_range's CLOSE_RANGE_UNSHARE; else the process's), fills AF_UNIX
    // socket pairs no one reads until its table is full or 3 x argv[3] MiB are held; the rest
    // as memory of its own.
    const long wanted = 3L * (argc > 3 ? std::strtol(argv[3], nullptr, 10) : 64) << 20;
    const bool by_close_range = mode == "thread-fd-tables-close-range";
    std::atomic<long> held{0};
    std::atomic<int> finished{0};
    for (int thread = 0; thread < 64 && held < wanted; ++thread) {
      const long before = held;
      std::thread([&held, &finished, wanted, thread, by_close_range] {
        constexpr unsigned kUnshare = 1u << 1;  // CLOSE_RANGE_UNSHARE
        const bool own = by_close_range ? syscall(SYS_close_range, ~0u, ~0u, kUnshare) == 0
                                        : unshare(CLONE_FILES) == 0;
        static char block[1 << 16];
        long mine = 0;
        for (int ends[2]; held + mine < wanted && socketpair(AF_UNIX, SOCK_STREAM, 0, ends) == 0;) {
          fcntl(ends[1], F_SETFL, O_NONBLOCK);
          for (ssize_t n; (n = write(ends[1], block, sizeof block)) > 0;) mine += n;
        }
        if (thread == 0) std::fprintf(stderr, "a table of its own: %s\n", own ? "yes" : "no");
        held += mine;
        ++finished;
        for (;;) pause();  // its table stays until the process is gone
      }).detach();
      while (finished <= thread) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      if (held == before) break;  // its table, or the process's, is full
    }
    hold_then_play(held, wanted, "socket pairs of threads");
  } else if (mode == "fdinfo-buffers" || mode == "fdinfo-in-flight") {
    // 58 reads of the fdinfo of an epoll of 52,000 registrations, one line a registration: each
    // file kept open, or sent in flight (SCM_RIGHTS) on a socket pair it keeps and closed; then
    // the epoll and its keepers gone.
    if (argc > 3 && std::string(argv[3]) == "not-dumpable") prctl(PR_SET_DUMPABLE, 0);
    const bool in_flight = mode == "fdinfo-in-flight";
    int carrier[2];
    if (in_flight && socketpair(AF_UNIX, SOCK_STREAM, 0, carrier) != 0) return 1;
    std::vector<pid_t> keepers;
    const int epoll = epoll_with_registrations(52000, keepers);
    if (epoll < 0) return 1;
    const std::string fdinfo = "/proc/self/fdinfo/" + std::to_string(epoll);
    static char text[1 << 16];
    int sent = 0;
    for (int i = 0; i < 58; ++i) {  // each read to its end
      const int fd = open(fdinfo.c_str(), O_RDONLY);
      while (fd >= 0 && read(fd, text, sizeof text) > 0) {
      }
      if (fd >= 0 && in_flight && send_descriptor(carrier[0], fd)) {
        close(fd);
        ++sent;
      }
    }
    if (in_flight) std::fprintf(stderr, "%d fdinfo files in flight\n", sent);
    close(epoll);
    for (pid_t keeper : keepers) kill(keeper, SIGKILL);
    while (wait(nullptr) > 0) {
    }
    std::this_thread::sleep_for(std::chrono::seconds(1));
    play();
  } else if (mode == "burst-together") {
    // At once: each child says when its block is written and holds it until all three have
    // said so (on a busy machine, or where page faults are slow, a child without this freed its
    // block before the last had written its own: 254 MiB at most, AC, in CI's dry run).
    int written[2], release[2];
    if (pipe(written) != 0 || pipe(release) != 0) return 1;
    std::vector<pid_t> children;
    for (int i = 0; i < 3; ++i) {
      const pid_t child = fork();
      if (child == 0) {
        close(release[1]);
        close(written[0]);
        const std::size_t size = std::size_t{100} << 20;
        void* block =
            mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (block == MAP_FAILED) _exit(1);
        std::memset(block, 1, size);
        // Said, then closed: a sibling the OOM killer ended says nothing, and the parent's read
        // ends once every child has said or is gone.
        if (write(written[1], "w", 1) != 1) _exit(1);
        close(written[1]);
        char byte;
        while (read(release[0], &byte, 1) > 0) {  // until the parent closes it
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        munmap(block, size);
        _exit(0);
      }
      children.push_back(child);
    }
    close(written[1]);
    close(release[0]);
    char byte;
    for (int said = 0; said < 3 && read(written[0], &byte, 1) == 1;) ++said;  // or all gone
    close(release[1]);
    close(written[0]);
    for (pid_t child : children) waitpid(child, nullptr, 0);
    play();
  } else if (mode == "oom-child") {
    const pid_t child = fork();
    if (child == 0) {
      for (int i = 0; i < 4096; ++i) {
        char* block = static_cast<char*>(std::malloc(1 << 20));
        if (!block) _exit(1);
        std::memset(block, 1, 1 << 20);
      }
      _exit(0);
    }
    waitpid(child, nullptr, 0);
    play();
  } else if (mode == "stopped-workers") {
    pid_t children[2];
    for (pid_t& child : children)
      if ((child = fork()) == 0) {
        burn(0.5);
        raise(SIGSTOP);
        _exit(0);
      }
    for (pid_t child : children) waitpid(child, nullptr, WUNTRACED);
    std::this_thread::sleep_for(std::chrono::milliseconds(600));
    play();
  } else if (mode == "sigchld-handler") {
    struct sigaction noted {};
    noted.sa_handler = [](int) {};
    noted.sa_flags = SA_RESTART;
    if (sigaction(SIGCHLD, &noted, nullptr) != 0) return 1;
    const pid_t child = fork();
    if (child == 0) _exit(0);
    if (child < 0 || waitpid(child, nullptr, 0) != child) return 1;
    play();
  } else if (mode == "fork-children") {
    // Both hold their 32 MiB before either burns: on a busy machine one child ended before the
    // other had written its block (63.5 MiB at the peak, in CI's dry run).
    int written[2], release[2];
    if (pipe(written) != 0 || pipe(release) != 0) return 1;
    pid_t children[2];
    for (pid_t& child : children)
      if ((child = fork()) == 0) {
        close(written[0]);
        close(release[1]);
        allocate(32);
        char byte = 1;
        if (write(written[1], &byte, 1) != 1) _exit(1);
        while (read(release[0], &byte, 1) > 0) {
        }
        burn(0.3);
        _exit(0);
      }
    close(written[1]);
    close(release[0]);
    char both[2];
    for (std::size_t got = 0; got < sizeof both;) {
      const ssize_t n = read(written[0], both + got, sizeof both - got);
      if (n <= 0) break;
      got += static_cast<std::size_t>(n);
    }
    close(release[1]);
    for (pid_t child : children) waitpid(child, nullptr, 0);
    play();
  } else {
    play();
    if (mode == "no-flush") {
      std::string word;
      std::cin >> word;  // waits for the judge, which waits for the unflushed lines
    } else if (mode == "crash-after") {
      raise(SIGSEGV);
    } else if (mode == "sigxcpu-after") {
      raise(SIGXCPU);
    } else if (mode == "orphan") {
      if (fork() == 0) {
        setsid();
        for (;;) pause();
      }
    } else if (mode == "spin-after") {
      static volatile unsigned long sink = 0;
      for (;;) sink = sink + 1;
    } else if (mode == "sleep-after") {
      for (;;) pause();
    } else if (mode == "exit-3-after") {
      return 3;
    } else if (mode == "crlf-after") {
      std::cout << "\r\n" << std::flush;
    } else if (mode == "blank-flood") {
      static char newlines[1 << 20];
      std::memset(newlines, '\n', sizeof newlines);
      for (int i = 0; i < 5; ++i)
        if (write(1, newlines, sizeof newlines) < 0) return 0;  // the judge stopped reading
    }
  }
  return 0;
}
