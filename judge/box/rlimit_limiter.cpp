// The rlimit side of limiter.hpp, where no control group is usable (a judge that is not root, a
// container without writable hierarchies). The kernel caps each process (RLIMIT_DATA at twice the
// memory limit, RLIMIT_AS above it, RLIMIT_CPU as a backstop, RLIMIT_NPROC on the run's user id);
// the whole tree is watched by the box's looks at /proc (process_tree.hpp), at intervals drawn at
// random, shorter while several processes run: its CPU time (that of its live processes and of
// those reaped) and its memory (each process's peak, which Landlock keeps it from resetting:
// landlock.hpp; the proportional set of each process, so that pages shared copy-on-write after a
// fork count once; its page tables and the kernel's records of its mappings; the files of the
// sandbox's /tmp and /dev/shm; the memfds it holds open and the shared objects it maps: a backstop,
// the filter refuses memfd_create, shared anonymous memory and System V IPC under rlimits; each
// pipe and socket it holds open, at the most it may hold; its epoll registrations and the buffers
// of the files of /proc and /sys it holds open), stopped past the limit. Memory so counted is best
// effort: what no process holds (negative dentries, a tmpfs of the machine) is not seen, nor what
// several processes held at once between two looks; doc/execution.md lists these. No child is
// reaped by the kernel, whose CPU time would be lost to every count: SIGCHLD keeps its action under
// rlimits (seccomp_filter.cpp).
#include <fcntl.h>
#include <linux/kcmp.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <map>
#include <random>
#include <set>
#include <thread>

#include "least_held.hpp"
#include "limiter_kinds.hpp"
#include "map_census.hpp"
#include "process_tree.hpp"

namespace entrapment {

namespace {

double seconds_of(const rusage& r) {
  return static_cast<double>(r.ru_utime.tv_sec + r.ru_stime.tv_sec) +
         static_cast<double>(r.ru_utime.tv_usec + r.ru_stime.tv_usec) / 1e6;
}

rusage reaped_so_far() {
  rusage r{};
  ::getrusage(RUSAGE_CHILDREN, &r);
  return r;
}

double wall_now() {
  timespec t{};
  ::clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

double own_cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

// The kernel's record of one mapping, in no resident set: a vm_area_struct (192 bytes), its
// share of the tree that finds it (maple nodes of 256 bytes, about ten records each), and for
// anonymous memory written an anon_vma of its own (104) and a chain record to it (64). One-page
// mappings copied into 200 children held 627 MiB of slab for 2.8 million records (red team:
// 235 bytes each, none written); written, 350 to 390 each.
constexpr long long kBytesAMappingRecord = 400;

// A forked copy of an anonymous mapping links to the anon_vma of every generation above it, as
// long as the process of each lives: a chain record of 64 bytes for each, counted for each of
// a process's mappings by the generations above it in the run (a chain of D living processes
// over M mappings holds M x D x D / 2 of them: red team, 400 mappings under 150 generations,
// 340 MiB of slab at "mem 31 MiB" under 256 MiB). A process whose parents exited before the
// looks saw it is counted deeper than the one orphaned before it (MemoryLooks::take_in()).
constexpr long long kBytesAChainRecord = 64;

// A socket's buffers at the machine's default (net.core.wmem_default, 212,992 bytes here),
// which the filter keeps each socket at: what an AF_UNIX socket sent and no one read then takes
// at most twice that (measured: 401,920 bytes for a datagram pair, 238,336 for a stream; at
// wmem_max, 8 MiB).
long long socket_buffer_bytes() {
  const std::string text = read_proc_file("/proc/sys/net/core/wmem_default");
  return std::max(4096LL, text.empty() ? 212992LL : std::atoll(text.c_str()));
}

// The most one pipe or socket holds (proc_table.hpp): a pipe its default 16 pages (the filter
// refuses F_SETPIPE_SZ), with its records, about 1 KiB; a socket two send buffers, each passed by
// one more write of 64 KiB and its records (a stream socket's peer's data, or a listener's two
// connections not yet accepted: red team, 455 KiB a listener from senders gone, counted at 416).
BufferBounds buffer_bounds() {
  BufferBounds bounds;
  bounds.pipe_kib = 16 * (::sysconf(_SC_PAGESIZE) / 1024) + 1;
  bounds.socket_kib = 2 * (socket_buffer_bytes() / 1024 + 66) + 4;
  return bounds;
}

// An epoll registration: an epitem of 128 bytes and a wait-queue entry of 72 for each queue its
// file's poll waits on, kernel slab: two for a pipe or a FIFO open both ways, or a terminal
// (red team: FIFOs so, 345 MiB of slab under 256 MiB at "mem 240 MiB", counted at 200 bytes;
// measured, 277 bytes each), one for most files.
constexpr long long kBytesARegistration = 320;

// The buffer a file of /proc or /sys keeps once read (seq_file): a page, doubled until what one
// read of it made fits (an fdinfo's whole text).
long long read_buffer_bytes(long long text_bytes) {
  long long bytes = std::max(4096L, ::sysconf(_SC_PAGESIZE));
  while (bytes <= text_bytes) bytes *= 2;
  return bytes;
}

// What a file of /proc or /sys held open may keep besides its read buffer: numa_maps keeps a
// count for every node the kernel was built for, 16 KiB where it has 1024 (red team: 150
// processes held 180 MiB of them under 64 MiB, AC at "mem 58 MiB" under rlimits, each counted
// as a page). The look sees a descriptor's file system, not its name: each counts so.
constexpr long long kBytesAPseudoFileState = 16 << 10;

// The kernel's memory for each thread: its stack (16 KiB), its task and their records, in no
// resident set (red team: 255 sleeping threads held 7.1 MiB of it, 28 KiB each).
constexpr long long kKibAThread = 28;

// Where `pid`'s memory is, by kcmp (the box may look at the run's processes as it reads their
// maps; where it may not, or the kernel has no kcmp, each counts as its own).
enum class AddressSpace { Own, SharedWithAnother, Gone };
AddressSpace address_space_of(pid_t pid, const std::vector<pid_t>& others) {
  // Gone since the tree was read: it holds nothing now, though what a refresh read of it just
  // before it ended is kept (a child that shared its parent's pages, then exited, beside the
  // parent's whole set read after: 300 MiB for 150, MLE).
  if (::syscall(SYS_kcmp, pid, pid, KCMP_VM, 0, 0) != 0 && errno == ESRCH)
    return AddressSpace::Gone;
  for (pid_t other : others)
    if (::syscall(SYS_kcmp, pid, other, KCMP_VM, 0, 0) == 0) return AddressSpace::SharedWithAnother;
  return AddressSpace::Own;
}

// What the run's processes hold, best effort: each process's resident set from its stat and its
// page tables from its status (cheap) and, where time allows, the details: its smaps_rollup
// (its proportional set; a walk through every mapping) and its census (its mappings' records and
// the objects it holds: the maps read whole, and every descriptor), kept per process and refreshed
// a few processes at a time within a budget of the box's own CPU time. Rollups first, census after,
// each in turn: a process's turn comes when it was last read (first seen, if never), plus ten
// times what reading it cost then (what its parent's cost, if never: a fork copies the
// mappings). Red team: decoys of 65,000 mappings of a file of a 3.8 KiB path, forked every
// 30 ms, each new to the looks and so read first, took every look's budget: six holders of 90
// MiB each, read as they started, were never read again, 540 MiB under 256 MiB, AC.
class MemoryLooks {
 public:
  // `limit_kib`: the run's memory limit, past which counting more tells nothing.
  explicit MemoryLooks(long long limit_kib)
      : enough_kib_(limit_kib + 1), buffer_bounds_(buffer_bounds()) {}

  // The tree's memory now, in KiB, and whether every process in it has been looked at in
  // detail: only then can that figure over the limit be trusted (a resident set counts pages it
  // shares copy-on-write with another process in each of them: 150 MiB shared by two made an
  // MLE under 256).
  struct Held {
    long long kib = 0;
    bool detailed = true;
    // What the processes surely held, whether or not every one of them was read: their anonymous
    // memory by the readings least_anonymous_kib() may sum, their page tables and mappings'
    // records, the objects their census found (pipes, sockets, shared objects), and what is
    // counted at every look (what descriptors keep in the kernel's buffers: epoll registrations,
    // files of /proc and /sys read; threads). Trusted alone: processes slow to read hide
    // nothing else.
    long long least_kib = 0;
  };

  // Takes in the processes a look found: each new to the looks (its pid, or its start, not
  // seen before) gets a detail of its own, and its generation in the run: one more than its
  // parent's, where its parent is of the run (the filter refuses CLONE_PARENT under rlimits,
  // so a process's parent is the one whose address space it copied). A process whose parent
  // is not of the run, or is one of its starters (`is_starter`: bwrap, the sandbox's init, the
  // reaper of what the run orphans), is a root: the program first, generation 0, then each
  // process a parent left before the looks saw the two together, of which how many generations
  // were above it is unknown: each such root, in the order they started, is one generation
  // more than the root before it (red team: each generation forked a keeper, to hold its
  // anon_vma, and the next, then exited: 72 generations, each new to the looks as an orphan,
  // held 125 MiB of chain records under 64 MiB, AC at "mem 23 MiB"). At each look, before
  // held() and bytes_a_mapping().
  template <typename Starter>
  void take_in(const std::vector<ProcEntry>& holders, Starter is_starter) {
    const double now = wall_now();
    std::map<pid_t, const ProcEntry*> by_pid;
    for (const ProcEntry& p : holders) by_pid[p.pid] = &p;
    std::vector<const ProcEntry*> new_roots;
    for (const ProcEntry& p : holders) {
      Detail& detail = details_[p.pid];
      if (detail.start == p.start && detail.first_seen != 0) continue;
      detail = Detail{};
      detail.start = p.start;
      detail.first_seen = now;
      detail.generation = -1;
      const auto parent = by_pid.find(p.ppid);
      if (is_starter(p))
        detail.generation = 0;
      else if (parent == by_pid.end() || is_starter(*parent->second))
        new_roots.push_back(&p);
    }
    std::sort(new_roots.begin(), new_roots.end(), [](const ProcEntry* a, const ProcEntry* b) {
      return std::make_pair(a->start, a->pid) < std::make_pair(b->start, b->pid);
    });
    for (const ProcEntry* root : new_roots) details_[root->pid].generation = roots_seen_++;
    for (const ProcEntry& p : holders) {
      // Up through parents whose generation is yet to be known, then down again.
      std::vector<Detail*> line;
      int above = -1;
      for (const ProcEntry* at = &p; at && line.size() <= holders.size();) {
        Detail& detail = details_[at->pid];
        if (detail.generation >= 0) {
          above = detail.generation;
          break;
        }
        line.push_back(&detail);
        const auto parent = by_pid.find(at->ppid);
        at = parent != by_pid.end() && parent->second != at ? parent->second : nullptr;
      }
      for (auto it = line.rbegin(); it != line.rend(); ++it) (*it)->generation = ++above;
    }
  }

  // What each of `p`'s mappings keeps in the kernel, in bytes (take_in() knew `p`).
  long long bytes_a_mapping(const ProcEntry& p) const {
    const auto it = details_.find(p.pid);
    const int generation = it != details_.end() && it->second.start == p.start
                               ? std::max(0, it->second.generation)
                               : 0;
    return kBytesAMappingRecord + kBytesAChainRecord * generation;
  }

  // `counted_apart`: the devices of file systems counted as a whole (the sandbox's tmpfs),
  // whose files a process maps are no objects of their own. After take_in(holders).
  Held held(const std::vector<ProcEntry>& holders, double budget_s,
            const std::set<dev_t>& counted_apart) {
    refresh(holders, budget_s);
    Held held;
    // Each object counted once, whoever holds it, at the most any holder showed.
    std::map<std::pair<dev_t, ino_t>, long long> objects;
    std::vector<pid_t> counted;  // whose address space is counted
    std::vector<AnonymousReading> readings;
    long long least_kernel_kib = 0;
    for (const ProcEntry& p : holders) {
      // Processes in one address space (clone with CLONE_VM, as vfork and posix_spawn make for
      // a moment) each show all of it: it counts once (red team: 150 MiB seen twice, MLE).
      // Compared through a thread that runs (a process whose main thread has exited has its
      // address space there: the main thread's is none, as every zombie's, all alike to kcmp).
      // A zombie holds nothing: its memory and descriptors went as it exited. What a look read
      // of it while it ran is no longer its (a child in its parent's address space, read then,
      // made 150 MiB count twice when a look fell between its exit and its reaping: MLE).
      if (p.state == 'Z') continue;
      const pid_t runs = p.view ? p.view : p.pid;
      const AddressSpace space = address_space_of(runs, counted);
      if (space == AddressSpace::Gone) continue;
      const auto it = details_.find(p.pid);
      const bool known = it != details_.end() && it->second.start == p.start;
      // What it holds open is its own, even where its memory is another's: a child made with
      // CLONE_VM and not CLONE_FILES has a descriptor table of its own (red team: 8 such
      // children held 554 MiB of socket data under 256 MiB, AC at "mem 2.2 MiB"). Each object
      // counts once, whoever holds it, at the most any holder showed.
      if (known && it->second.census_at >= 0) {
        for (const HeldObject& object : it->second.objects) {
          if (counted_apart.count(object.device)) continue;
          long long& kib = objects[{object.device, object.inode}];
          kib = std::max(kib, object.kib);
        }
      } else {
        held.detailed = false;
      }
      if (space != AddressSpace::Own) continue;
      counted.push_back(runs);
      // Its page tables and its mappings' records are its own (a fork copies them): they add up
      // over the processes, whatever was read of each. Page tables read now; records as the
      // census last counted them (red team: 30 sleeping holders of 65,000 one-page mappings
      // each, beside a stream of new tiny processes that kept every look short of detail).
      const StatusMemory now = status_memory_in(proc_dir(p));
      const long long kernel_kib =
          now.page_tables_kib + mappings_at_least(p) * bytes_a_mapping(p) / 1024;
      least_kernel_kib += kernel_kib;
      if (known && it->second.anonymous_share_kib > 0 && now.anonymous_kib >= 0) {
        const Detail& detail = it->second;
        readings.push_back(
            {detail.first_seen, detail.rolled_up_at,
             detail.anonymous_share_kib - std::max(0LL, detail.anonymous_kib - now.anonymous_kib)});
      }
      if (!known || it->second.pss_kib < 0 || it->second.census_at < 0) {
        // Its resident set now, read after kcmp: the tree's, read before, may be of the address
        // space it shared then (a child of posix_spawn that has run its helper since: 48 MiB
        // counted twice, MLE under 64 for a legitimate program, dry run).
        held.kib += (now.resident_kib >= 0 ? now.resident_kib : p.resident_kib) + kernel_kib;
        held.detailed = false;
        continue;
      }
      // Less what its anonymous resident set lost since the rollup: a child read while it shared
      // its parent's address space (posix_spawn, vfork) showed all of it, and once it has run
      // another program it counts apart (red team: a table of 200 MiB counted twice, MLE).
      long long lost_kib = 0;
      if (it->second.anonymous_share_kib >= 0 && now.anonymous_kib >= 0)
        lost_kib = std::max(0LL, it->second.anonymous_kib - now.anonymous_kib);
      held.kib += std::max(0LL, it->second.pss_kib - lost_kib) + kernel_kib;
    }
    // Pages of a shared object are not in the proportional sets (own_memory_in()), and what a
    // pipe or a socket buffers is in none: what the census found counts in the least too, read
    // whenever it was (red team: decoys each too slow to read kept every look short of detail,
    // while 8 holders of socket pairs held 552 MiB under 256 MiB, AC at "mem 22 MiB").
    long long objects_kib = 0;
    for (const auto& [object, kib] : objects) objects_kib += kib;
    held.kib += objects_kib;
    // What descriptors keep in the kernel's buffers (descriptor_buffers_in()), in every process
    // at every look, not in the budgeted details: a run that holds them and stops working would
    // leave its details stale, the budget small (red team: 30 processes held 113 MiB of epoll
    // registrations under 64 MiB so, 4 s, AC at "mem 2.3 MiB"). What a legitimate program has
    // is a few lines to read; counting stops at the limit. An fdinfo of /proc kept open may
    // hold the text of any epoll the run has had (the epoll closed since, or another
    // process's): each counts at the longest such text the looks have seen, or at what was read
    // from it where that is more.
    std::vector<DescriptorBuffers> buffers;
    long long registrations = 0;
    for (const ProcEntry& p : holders) {
      const long long enough = enough_kib_ * 1024 / kBytesARegistration + 1 - registrations;
      if (p.state == 'Z' || enough <= 0) continue;
      buffers.push_back(descriptor_buffers_in(proc_dir(p), enough));
      registrations += buffers.back().epoll_registrations;
      longest_epoll_text_ = std::max(longest_epoll_text_, buffers.back().longest_epoll_text);
    }
    long long buffered_bytes = registrations * kBytesARegistration;
    for (const DescriptorBuffers& held_by_one : buffers) {
      buffered_bytes += held_by_one.pseudo_files * (read_buffer_bytes(0) + kBytesAPseudoFileState) +
                        held_by_one.directory_bytes;
      for (long long position : held_by_one.fdinfo_positions)
        buffered_bytes += read_buffer_bytes(std::max(position, longest_epoll_text_));
    }
    long long counted_every_look_kib = buffered_bytes / 1024;
    for (const ProcEntry& p : holders) counted_every_look_kib += p.threads * kKibAThread;
    held.kib += counted_every_look_kib;
    held.least_kib =
        least_anonymous_kib(readings) + least_kernel_kib + objects_kib + counted_every_look_kib;
    return held;
  }

 private:
  struct Detail {
    unsigned long long start = 0;  // the process's start time: with its pid, the process
    double first_seen = 0;         // when a look first saw it (wall_now())
    int generation = 0;            // its parents of the run above it (take_in())
    // Its rollup: when (-1: never), what it cost the box, what it said.
    double rolled_up_at = -1, rollup_cost_s = 0;
    long long pss_kib = -1;
    long long anonymous_share_kib = -1;  // its share of anonymous pages (Pss_Anon)
    long long anonymous_kib = 0;         // its anonymous resident set as the rollup was read
    // Its census: when it was last whole (-1: never), what it found; when one was last read,
    // what that cost, and where a census the deadline stopped goes on from.
    double census_at = -1, census_tried_at = -1, census_cost_s = 0;
    long long mappings = 0;           // records of its mappings (map_census_in())
    std::vector<HeldObject> objects;  // memfds it holds open, shared objects it maps
    MapCensus census_so_far;          // resume_at not 0: one the deadline stopped, so far
  };

  // The records of mappings `p` surely has: as many as its last census counted (or the one
  // going on, so far), or, never counted, its parent's (a fork copies them), at most a page of
  // its address space each (what it unmapped since is not counted).
  long long mappings_at_least(const ProcEntry& p) const {
    static const long long page_kib = std::max(1L, ::sysconf(_SC_PAGESIZE) / 1024);
    long long mappings = 0;
    const auto it = details_.find(p.pid);
    if (it != details_.end() && it->second.start == p.start)
      mappings = std::max(it->second.census_at >= 0 ? it->second.mappings : 0,
                          it->second.census_so_far.mappings);
    if (mappings == 0 && (it == details_.end() || it->second.census_at < 0)) {
      const auto parent = details_.find(p.ppid);
      if (parent != details_.end() && parent->second.census_at >= 0)
        mappings = parent->second.mappings;
    }
    return std::min(mappings, p.virtual_kib / page_kib);
  }

  // How much later than its last reading a process's turn comes, for each second that reading
  // cost the box: a process slow to read is read less often, and never holds back the others.
  static constexpr double kTurnPerCostSecond = 10;

  // Reads, for each process in turn (`when` and `cost` of its detail say when its turn comes),
  // what `read` reads, until `until` in the box's CPU time: at least one process each look.
  template <typename When, typename Cost, typename Read>
  void read_in_turn(const std::vector<ProcEntry>& holders, double until, When when, Cost cost,
                    Read read) {
    std::vector<std::pair<double, const ProcEntry*>> order;
    for (const ProcEntry& p : holders) {
      if (p.state == 'Z') continue;
      const Detail& detail = details_[p.pid];
      double turn = when(detail);
      if (turn < 0) {  // never read: when first seen, at what reading its parent cost
        turn = detail.first_seen;
        const auto parent = details_.find(p.ppid);
        if (parent != details_.end()) turn += kTurnPerCostSecond * cost(parent->second);
      } else {
        turn += kTurnPerCostSecond * cost(detail);
      }
      order.emplace_back(turn, &p);
    }
    std::sort(order.begin(), order.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [turn, p] : order) {
      const double before = own_cpu_seconds();
      read(*p, details_[p->pid], before);
      if (own_cpu_seconds() > until) break;
    }
  }

  void refresh(const std::vector<ProcEntry>& holders, double budget_s) {
    const double started = own_cpu_seconds();
    // Rollups, within half the budget.
    read_in_turn(
        holders, started + budget_s / 2, [](const Detail& d) { return d.rolled_up_at; },
        [](const Detail& d) { return d.rollup_cost_s; },
        [this](const ProcEntry& p, Detail& detail, double before) {
          // A map it cannot read is a zombie's or a process's gone since the tree was read
          // (they hold nothing), or one not dumpable to a box that is not root and owns no user
          // namespace of the run's (red team: 8 such processes held 600-1000 MiB under 256 MiB,
          // counted as nothing: AC). Each counts by its resident set now, read again from its
          // stat, which stays readable: 0 for the first two (the resident set the tree saw was a
          // child's that shared its parent's pages and then exited: 254 MiB for cow-fork's
          // 150). Pages it shares count whole there.
          // A process whose main thread has exited is read through a thread that runs (red
          // team: five such processes held 250 MiB under 64 MiB, read as nothing: AC).
          const std::string dir = proc_dir(p);
          const long long anonymous_before = status_memory_in(dir).anonymous_kib;
          const OwnMemory own = own_memory_in(dir);
          detail.pss_kib = own.kib;
          detail.anonymous_share_kib = -1;
          if (detail.pss_kib < 0) {
            ProcEntry now;
            const bool same = parse_proc_stat(read_proc_file(dir + "/stat"), now) &&
                              (p.view || now.start == p.start);
            detail.pss_kib = same ? std::max(0LL, now.resident_kib) : 0;
          } else if (const long long anonymous_after = status_memory_in(dir).anonymous_kib;
                     anonymous_before >= 0 && anonymous_after >= 0) {
            // Its anonymous resident set, the larger of the two read around the rollup: what it
            // loses from there on is taken off its share (held.least_kib).
            detail.anonymous_share_kib = own.anonymous_share_kib;
            detail.anonymous_kib = std::max(anonymous_before, anonymous_after);
          }
          detail.rolled_up_at = wall_now();
          detail.rollup_cost_s = own_cpu_seconds() - before;
        });
    // The census, within the rest of it, and each within a deadline of wall-clock time: a
    // process that changes its memory map keeps its reader waiting (map_census.hpp), and the
    // run goes unlooked at meanwhile. One the deadline stopped goes on at the process's next turn.
    const double deadline = wall_now() + std::max(0.02, budget_s);
    read_in_turn(
        holders, started + budget_s, [](const Detail& d) { return d.census_tried_at; },
        [](const Detail& d) { return d.census_cost_s; },
        [this, deadline](const ProcEntry& p, Detail& detail, double before) {
          const std::string dir = proc_dir(p);
          MapCensus census = map_census_in(dir, std::move(detail.census_so_far), deadline);
          detail.census_tried_at = wall_now();
          detail.census_cost_s = own_cpu_seconds() - before;
          if (census.resume_at > 0) {
            detail.census_so_far = std::move(census);
            return;
          }
          detail.census_so_far = MapCensus{};
          detail.objects = objects_open_in(dir, buffer_bounds_);
          detail.mappings = census.mappings;
          detail.objects.insert(detail.objects.end(), census.shared_objects.begin(),
                                census.shared_objects.end());
          detail.census_at = detail.census_tried_at;
        });
  }

  long long enough_kib_;
  BufferBounds buffer_bounds_;
  long long longest_epoll_text_ = 0;  // of the run's epoll instances' fdinfo, in bytes
  std::map<pid_t, Detail> details_;
  int roots_seen_ = 0;  // take_in()'s roots so far
};

class RlimitLimiter : public Limiter {
 public:
  RlimitLimiter(const BoxLimits& limits, pid_t box, const std::string& why)
      : description_("rlimit (" + why + ")"), limits_(limits), tree_(box) {}
  ~RlimitLimiter() override {
    for (const int fd : file_system_fds_) ::close(fd);
  }
  RlimitLimiter(const RlimitLimiter&) = delete;
  RlimitLimiter& operator=(const RlimitLimiter&) = delete;

  std::string description() const override { return description_; }
  bool memory_exact() const override { return false; }
  bool processes_capped_per_user() const override { return true; }
  const char* enter() const override { return nullptr; }

  ChildRlimits rlimits(std::optional<uid_t> run_uid) const override {
    ChildRlimits r = common_rlimits(limits_);
    // Data in socket buffers that no one reads is no process's memory: the looks count each
    // pipe and socket a process holds open at the most it may hold (buffer_bounds()). Those in
    // flight (SCM_RIGHTS) would be in no process's table: the filter refuses sendmsg under
    // rlimits, and behind it the kernel refuses more once the user has RLIMIT_NOFILE in flight
    // (CAP_SYS_ADMIN aside): descriptors x 2 x 2 x wmem_default stay within the memory limit
    // (256 MiB: 315 descriptors; 64 MiB: 78; never fewer than 64, from 52 MiB down).
    const long long buffer = socket_buffer_bytes();
    r.files = std::min(
        r.files, static_cast<rlim_t>(std::max(64LL, (limits_.memory_mib << 20) / (4 * buffer))));
    // RLIMIT_DATA at twice the limit: a backstop, not the judge, and the machine's guard against
    // what a process writes between two looks. At the limit itself, a helper whose allocation
    // was refused left no trace of having reached it (red team: a child filled 64 MiB, was
    // refused, exited; its parent played on: AC); past it, its peak shows it, to the looks or in
    // its usage when reaped. RLIMIT_AS above it by what a runtime reserves and never writes
    // (reserved_address_space()) bounds the rest, the page tables of what a process maps: at
    // twice the limit itself, 32 threads' malloc arenas met it, RTE (red team).
    if (limits_.limit_address_space) {
      r.data = static_cast<rlim_t>(limits_.memory_mib) << 21;
      r.address_space = *r.data + reserved_address_space(limits_);
    }
    // RLIMIT_NPROC counts every process of the user id in a user namespace. A run's own id (a
    // root judge's sandbox) is the run's alone. Not root, the run has a user namespace of its
    // own wherever one may be made, where the count is the run's alone too; elsewhere it is the
    // user's: the user's processes now and the run's on top of them, shared with every other
    // run of the user (judge run -v says so). Root without an id of the run's own is not bound
    // by it: no cap.
    if (run_uid) {
      r.processes = static_cast<rlim_t>(limits_.max_processes);
    } else if (::geteuid() != 0) {
      r.processes_in_own_namespace = static_cast<rlim_t>(limits_.max_processes);
      r.processes = static_cast<rlim_t>(limits_.max_processes) +
                    static_cast<rlim_t>(read_processes_of_user(::geteuid()).size());
    }
    return r;
  }

  void started(pid_t main, int starters) override {
    main_ = main;
    starters_ = starters;
    looks_first();
  }

  // Opened at once, the program started in its sandbox: a run that fills its /tmp and ends
  // before the first look (20 ms) leaves no process whose root is the sandbox's for a later one
  // (the sandbox's init goes with the program when nothing is left: red team, 32 MiB in /tmp
  // under 32 MiB, AC at "mem 4 MiB" in 5 of 6 runs on a 2-core Intel Xeon VM).
  void own_file_systems(const std::vector<std::string>& paths_in_its_root) override {
    own_file_systems_ = paths_in_its_root;
    file_systems_kib();
  }

  Look look() override {
    // The CPU time at every look (each process's stat: cheap); the memory as look_at_memory()
    // says, within 5 ms at least.
    const TreeSample now = tree_.sample(main_, starters_);
    peak_kib_ = std::max(peak_kib_, now.peak_kib);
    Look look;
    look.cpu_s = seconds_of(reaped_so_far()) + now.cpu_s;
    cpu_seen_ = std::max(cpu_seen_, look.cpu_s);
    live_holders_ = static_cast<int>(std::count_if(
        now.holders.begin(), now.holders.end(), [](const ProcEntry& p) { return p.state != 'Z'; }));
    if (wall_now() >= next_memory_look_ || could_have_passed_the_limit(now))
      look.memory_over = look_at_memory(now, look.cpu_s, 0.005);
    return look;
  }

  double next_look_in(double cpu_left) const override {
    static const double cores = std::max(1u, std::thread::hardware_concurrency());
    const double usual = std::clamp(cpu_left / cores, 0.02, 0.25);
    // Several processes may hold past the limit together, each under it, between two looks at
    // their memory: they are looked at every 5 to 10 ms (could_have_passed_the_limit()), or less
    // often where they are so many that a look would cost more than a twentieth of the box's time
    // (some 25 us a process).
    if (live_holders_ >= 2)
      return std::min(usual, std::max(0.01, 0.0005 * live_holders_)) * unforeseen();
    return usual * unforeseen();
  }

  std::vector<ProcEntry> members() const override { return tree_.members(); }

  void remember_before_kill() override {
    // A process killed with the sandbox's PID namespace is reaped by a dying init that ignores
    // SIGCHLD, its usage lost: kill_all() kills the init last, and the stopped tree measured
    // first is the least the run used, should a process outlast the wait for its reaping.
    reaped_before_kill_ = seconds_of(reaped_so_far());
    before_kill_ = tree_.sample(main_, starters_);
    peak_kib_ = std::max(peak_kib_, before_kill_.peak_kib);
    // And a last look at its memory: what it wrote since the last look and left held when its
    // main process ended (red team: 400 memfds of 1 MiB written after the first look, the run
    // over within the 0.25 s to the next: AC, "mem 7.4 MiB"). Only what outlives the main
    // process: what a process holds itself goes with its exit, before the box learns of it,
    // and in a sandbox its PID namespace ends everything with the program.
    look_at_memory(before_kill_, reaped_before_kill_ + before_kill_.cpu_s, 0.05);
  }

  // The run's own processes first, while the sandbox's starters (the PID namespace's init, and
  // bwrap) live on to reap each, which takes its CPU time into their usage and the box's, to the
  // microsecond; then whatever is left. A process killed with the init is reaped by the dying
  // init, which ignores SIGCHLD: its time goes to no one, and a look had read it in clock ticks,
  // rounded down in each field (red team: 240 zombies of 18 ms each, a holder's, 4.4 s of CPU
  // hidden so, "cpu 3.9 s" for 7.4, AC).
  void kill_all() override {
    for (int attempt = 0; starters_ > 0 && attempt < 200; ++attempt) {
      bool left = false;
      for (const ProcEntry& p : tree_.members()) {
        if (starter(p)) {
          if (p.state != 'Z') ::kill(p.pid, SIGCONT);  // stopped with the rest: to reap them
          continue;
        }
        left = true;  // or a zombie its reaper has yet to take
        if (p.state != 'Z') ::kill(p.pid, SIGKILL);
      }
      if (!left) break;
      ::usleep(attempt < 20 ? 1000 : 10000);
    }
    for (int attempt = 0; attempt < 300; ++attempt) {
      bool alive = false;
      for (const ProcEntry& p : tree_.members())
        if (p.state != 'Z') {
          alive = true;
          ::kill(p.pid, SIGKILL);
        }
      if (!alive) return;
      if (attempt > 2) ::usleep(attempt > 50 ? 10000 : 1000);
    }
  }

  RunFigures figures(const rusage& reaped, bool failed) override {
    RunFigures f;
    // A run's CPU time only grows: what a look saw is its least. Processes that the sandbox's PID
    // namespace ended (and reaped: their usage is in no one's) are gone before the box learns
    // that the run ended, with their figures.
    f.cpu_s = std::max({seconds_of(reaped), reaped_before_kill_ + before_kill_.cpu_s, cpu_seen_});
    // What its own file systems still hold, every process gone (the descriptors keep them): the
    // run held that much at least as its last process ended.
    const long long left_in_files_kib = file_systems_kib();
    most_held_kib_ = std::max(most_held_kib_, left_in_files_kib);
    memory_over_ = memory_over_ || left_in_files_kib > limits_.memory_mib * 1024;
    f.memory_kib = std::max({static_cast<long long>(reaped.ru_maxrss), peak_kib_, most_held_kib_});
    // The looks saw the tree past the limit, or one process's peak was past it (RLIMIT_DATA is
    // twice the limit): the run held more than the limit. Or an allocation failed and the
    // program died in whatever way: it had used 80% of the limit.
    const long long limit_kib = limits_.memory_mib * 1024;
    f.seen_over = memory_over_ || f.memory_kib > limit_kib;
    f.out_of_memory = f.seen_over || (failed && f.memory_kib * 10 >= limit_kib * 8);
    return f;
  }

 private:
  // Whether `p` is one of the run's starters (started()): bwrap and its child, the box's step;
  // the box's own namespaces' init.
  bool starter(const ProcEntry& p) const {
    return (starters_ >= 1 && p.pid == main_) || (starters_ >= 2 && p.ppid == main_);
  }

  // The box's looks ahead of the machine's other work, the run's forked before with the
  // judge's priority: a look at a run's epoll registrations costs the box about 0.7 us of CPU
  // each, 0.3 s for 128 MiB of them, and beside six spinning processes on two cores took it
  // 1.9 s, longer than the run held them (red team's epoll-pipes, 154 MiB for 1.1 s under 128
  // MiB: AC in 3 of 3 so, MLE at a nice 10 below the judge's). Where the box may not (no
  // CAP_SYS_NICE: a judge that is not root, a container), the looks wait their turn.
  static void looks_first() {
    errno = 0;
    const int nice = ::getpriority(PRIO_PROCESS, 0);
    if (errno == 0) ::setpriority(PRIO_PROCESS, 0, std::max(-20, nice - 10));
  }

  // A factor from 0.5 to 1 for the time to the next look, drawn anew each time: looks at even
  // intervals from the run's start can be foreseen, and memory held between two of them only
  // (red team: 60 MiB under 32, 30 times for 30 ms at 125 ms past each look, the peak reset
  // through /proc/self/clear_refs: AC at "mem 1.5 MiB").
  double unforeseen() const { return std::uniform_real_distribution<double>(0.5, 1.0)(chance_); }

  // Whether several processes may together hold past the limit now, each under it at its peak,
  // so that their memory is looked at now rather than at the next look due (red team: three
  // children held 300 MiB under 256 for 0.1 s between two looks: AC). Two bounds from each
  // process's stat, cheap: their resident sets summed (pages they share copy-on-write count in
  // each), and what the last look saw plus a page for each minor fault since (every page written
  // is one; a page freed is not taken off). Both must pass the limit: a program whose processes
  // share their pages, or that frees and writes again, is looked at as usual.
  bool could_have_passed_the_limit(const TreeSample& now) const {
    static const long long page_kib = std::max(1L, ::sysconf(_SC_PAGESIZE) / 1024);
    long long resident_kib = 0, faulted_kib = 0;
    for (const ProcEntry& p : now.holders) {
      if (p.state == 'Z') continue;
      resident_kib += p.resident_kib;
      const auto then = faults_at_memory_look_.find(p.pid);
      const bool seen = then != faults_at_memory_look_.end() && then->second.first == p.start &&
                        then->second.second <= p.minor_faults;
      faulted_kib +=
          static_cast<long long>(p.minor_faults - (seen ? then->second.second : 0)) * page_kib;
    }
    const long long limit_kib = limits_.memory_mib * 1024;
    return live_holders_ >= 2 && resident_kib > limit_kib &&
           last_held_kib_ + faulted_kib > limit_kib;
  }

  // The memory four to eight times a second (sooner where could_have_passed_the_limit()), each time
  // within a tenth of the CPU time the run used since the last (`least_s` at least): 200 processes
  // sharing 60000 mappings made one whole look cost the box a second, during which the program ran
  // on past its CPU limit, and the box's cost follows the run's work, not the wall clock of a busy
  // machine. Whether the tree held more than the limit.
  bool look_at_memory(const TreeSample& now, double cpu_s, double least_s) {
    double budget = std::max(least_s, 0.1 * (cpu_s - cpu_at_memory_look_));
    // Every mapping is a page of address space at least, with two pages of page tables at
    // most: where what the processes' address spaces may so hold could take the run past the
    // limit, their maps are read sooner, within 50 ms a look (red team: one-page mappings
    // copied into 200 children took 627 MiB of slab, their maps 10 ms each to read; the run
    // holding them spent no CPU time to budget by). A legitimate program's few processes are
    // each read at every look anyway.
    memory_.take_in(now.holders, [this](const ProcEntry& p) { return starter(p); });
    long long kernel_could_kib = 0;
    for (const ProcEntry& p : now.holders)
      kernel_could_kib += p.virtual_kib * 2 + p.virtual_kib / 4 * memory_.bytes_a_mapping(p) / 1024;
    const bool kernel_could_pass = last_held_kib_ + kernel_could_kib > limits_.memory_mib * 1024;
    if (kernel_could_pass) budget = std::max(budget, 0.05);
    const long long in_file_systems_kib = file_systems_kib();
    MemoryLooks::Held held = memory_.held(now.holders, budget, file_system_devices_);
    held.kib += in_file_systems_kib;
    cpu_at_memory_look_ = cpu_s;
    faults_at_memory_look_.clear();
    for (const ProcEntry& p : now.holders)
      faults_at_memory_look_[p.pid] = {p.start, p.minor_faults};
    // So too while some process is yet to be read whole: the next look comes within 10 to 20 ms,
    // not 125 to 250, and the reading goes on at the pace of the looks (red team: 30 sleeping
    // holders of 65,000 one-page mappings each, 20 ms each to read, beside a stream of new tiny
    // processes, held 480 MiB of records under 256 MiB in 3 s).
    next_memory_look_ =
        wall_now() + (kernel_could_pass && !held.detailed ? 0.02 : 0.25) * unforeseen();
    last_held_kib_ = held.kib;
    // The whole figure is trusted where every process was read in detail (a resident set counts
    // pages shared copy-on-write in each sharer), the least always.
    held.least_kib += in_file_systems_kib;
    most_held_kib_ = std::max(most_held_kib_, held.detailed ? held.kib : held.least_kib);
    const bool over = (held.detailed && held.kib > limits_.memory_mib * 1024) ||
                      held.least_kib > limits_.memory_mib * 1024;
    memory_over_ = memory_over_ || over;
    return over;
  }

  // What the run's own file systems (tmpfs) hold, as a control group is charged with it: their
  // data, and an inode and a dentry a file, about 1 KiB, pinned until the sandbox ends. bwrap's
  // tmpfs caps data, not files (red team: 400,000 empty files, 330 MiB of slab under 64 MiB,
  // exit 0 at "mem 2.9 MiB"), and its cap (--tmp-size) is not the memory limit (red team: 128
  // MiB in /tmp and /dev/shm under 16 MiB). Each is opened through the root of a process of
  // the run once that root is the sandbox's (not the box's own file system: a process still
  // setting the sandbox up, or bwrap outside it), and kept open, to be read after the program
  // ended too.
  long long file_systems_kib() {
    if (file_system_fds_.size() < own_file_systems_.size())
      for (const ProcEntry& p : tree_.members()) {
        if (p.state == 'Z') continue;
        std::vector<int> fds;
        for (const std::string& path : own_file_systems_) {
          const int fd =
              ::open((proc_dir(p) + "/root" + path).c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
          struct stat theirs {
          }, ours{};
          if (fd >= 0 && ::fstat(fd, &theirs) == 0 &&
              (::stat(path.c_str(), &ours) != 0 || ours.st_dev != theirs.st_dev)) {
            fds.push_back(fd);
          } else if (fd >= 0) {
            ::close(fd);
          }
        }
        if (fds.size() == own_file_systems_.size()) {
          file_system_fds_ = fds;
          for (const int fd : fds) {
            struct stat info {};
            if (::fstat(fd, &info) == 0) file_system_devices_.insert(info.st_dev);
          }
          break;
        }
        for (const int fd : fds) ::close(fd);
      }
    long long kib = 0;
    for (const int fd : file_system_fds_) {
      const FileSystemUse use = use_of_file_system(fd);
      kib += use.kib + use.files;  // 1 KiB a file
    }
    return kib;
  }

  std::string description_;
  BoxLimits limits_;
  std::vector<std::string> own_file_systems_;
  std::vector<int> file_system_fds_;     // of own_file_systems_, once a process of the run is seen
  std::set<dev_t> file_system_devices_;  // theirs
  ProcessTree tree_;
  MemoryLooks memory_{limits_.memory_mib * 1024};
  pid_t main_ = -1;
  int starters_ = 0;
  double next_memory_look_ = 0;                              // wall_now()
  mutable std::minstd_rand chance_{std::random_device{}()};  // unforeseen()
  double cpu_at_memory_look_ = 0;  // the run's CPU time at the last look at its memory
  long long most_held_kib_ = 0, peak_kib_ = 0;
  long long last_held_kib_ = 0;  // what the last look at its memory saw
  // Each process's start time and minor faults at the last look at the run's memory, by pid.
  std::map<pid_t, std::pair<unsigned long long, unsigned long long>> faults_at_memory_look_;
  int live_holders_ = 0;  // the run's processes at the last look, zombies left out
  bool memory_over_ = false;
  double reaped_before_kill_ = 0;
  double cpu_seen_ = 0;  // the most CPU time a look saw
  TreeSample before_kill_;
};

}  // namespace

std::unique_ptr<Limiter> make_rlimit_limiter(const BoxLimits& limits, pid_t box,
                                             const std::string& why) {
  return std::make_unique<RlimitLimiter>(limits, box, why);
}

}  // namespace entrapment
