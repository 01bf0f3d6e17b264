// Control groups for runs, the way DOMjudge's runguard and isolate limit programs: a group of
// its own per run, made by its box beside or under the judge's own group in each hierarchy
// (never at a hierarchy's root), holding the run from before it execs (bwrap included). The group
// caps the memory of the whole process tree (the OOM killer fires at the limit, and says so),
// caps its processes and threads, and counts its CPU time and peak memory, children and
// orphans included. cgroup v1 (separate memory, pids and cpuacct hierarchies) and v2 (one
// unified hierarchy) are both handled; everything takes the mount root and the text of
// /proc/self/cgroup, so that detection, paths and counters are tested on fake trees.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace entrapment {

struct CgroupLayout {
  int version = 0;  // 1 or 2; 0: none is usable (see `reason`)
  // The judge's own group in the hierarchy of each controller; children are made in them.
  // Under v2 the three are one directory; under v1 two may be one when co-mounted.
  std::filesystem::path memory, pids, cpu;
  std::string reason;  // version 0: why not

  bool usable() const { return version != 0; }
  // "cgroup v1 (memory, pids, cpuacct)", "cgroup v2 (memory, pids, cpu)" or the reason.
  std::string describe() const;
};

// What exists, without writing anything: cgroup v2 when the unified hierarchy (at `root`, or
// at `root`/unified on a hybrid system) offers the memory and pids controllers to the judge's
// group; otherwise v1 when the memory, pids and cpuacct hierarchies all hold the judge's
// group; otherwise version 0 with the reason. `self_cgroup` is the text of /proc/self/cgroup;
// `self` the judge's pid (a group is recognised by it when its path is not under `root`).
CgroupLayout find_cgroups(const std::filesystem::path& root, const std::string& self_cgroup,
                          pid_t self);

// Readies `layout` for children and proves it: under v2, enables memory and pids for child
// groups (first moving the judge and `box`, the box doing this, into a leaf group of their own,
// "entrapment-judge", when they are alone in their group, as v2 forbids controllers in a group
// that holds processes); then creates and removes a probe group in each hierarchy. When
// anything fails, version becomes 0 and `reason` says what, where.
void prepare_cgroups(CgroupLayout& layout, pid_t judge, pid_t box);

// Proves that boxes may make groups in `layout`: makes and removes a group in each hierarchy
// (named for `self`). When one cannot be made, version becomes 0 and `reason` says where and
// why: a judge that is not root sees its groups but may write none of them.
void probe_groups(CgroupLayout& layout, pid_t self);

// Where a box makes its run's groups: its own groups (the judge's, which it inherits) as
// find_cgroups() sees them, but under cgroup v2 the parent of a leaf named entrapment-judge
// (prepare_cgroups() moved the judge there; controllers live one level up), which must give
// its children the memory and pids controllers.
CgroupLayout layout_for_boxes();

// The value of `key` in a flat-keyed file ("key value" lines: memory.events, cpu.stat,
// memory.oom_control); nothing when absent or not a number.
std::optional<long long> keyed_value(const std::string& text, const std::string& key);

struct CgroupUsage {
  double cpu_s = 0;                 // user + system of every process that ran in it
  long long memory_peak_bytes = 0;  // the largest memory charge of the group at once
  long long oom_kills = 0;          // processes the OOM killer killed at the group's limit;
                                    // -1 where the kernel does not count them (before 4.13)
  // The most page cache of files (not tmpfs: that is memory the program holds) the group was
  // seen charged with: reading and writing files is not the program's memory.
  long long file_cache_bytes = 0;
  // The most it was seen holding at a look, less its page cache of files then: a lower bound
  // that no page cache dropped before the peak can lower (red team: 1.2 GiB of cache seen, then
  // dropped, then 1.5 GiB of System V segments held was "306 MiB" against the peak alone).
  long long held_bytes = 0;
};

// One run's group (a directory per hierarchy), named `name`, or `name-1`, `name-2`, ... where
// that is taken (dirs() says which). Throws std::runtime_error naming the file when it cannot
// be made or limited. While it exists its box holds a shared lock (flock) on each directory:
// a sweeper (sweep.hpp) takes a group nobody holds for one a killed box left. The destructor
// kills what is left and removes it.
class ContestantCgroup {
 public:
  ContestantCgroup(const CgroupLayout& layout, const std::string& name, long long memory_bytes,
                   int max_processes);
  ~ContestantCgroup();
  ContestantCgroup(const ContestantCgroup&) = delete;
  ContestantCgroup& operator=(const ContestantCgroup&) = delete;

  // The directories made, one per hierarchy.
  const std::vector<std::filesystem::path>& dirs() const { return dirs_; }
  // Each group's cgroup.procs, opened for writing (close-on-exec): a child writes "0" to each
  // before it execs to enter the groups. The caller closes them.
  std::vector<int> open_procs_files() const;

  double cpu_seconds() const;  // so far (also looks at its memory and page cache, for usage())
  CgroupUsage usage() const;   // so far
  // What it held at the last look (cpu_seconds()), less its page cache of files then.
  long long held_at_last_look() const { return held_now_; }
  std::vector<pid_t> processes() const;
  std::vector<pid_t> processes_charged() const;  // those its memory group lists: one read
  // The tasks the group still counts (pids.current): unlike processes(), this includes
  // zombies not yet reaped. -1 when unknown.
  long long tasks() const;
  // Kills every process in the groups; returns once they are empty (or after about 3 s).
  void kill_all() const;
  // Removes the groups (empty ones: call kill_all() first); idempotent.
  void remove();

 private:
  std::vector<int> locks_;  // the directories, open and locked while the group is ours
  int version_;
  std::filesystem::path memory_, pids_, cpu_;
  std::vector<std::filesystem::path> dirs_;
  mutable long long current_peak_ = 0;  // v2 without memory.peak: the largest memory.current seen
  mutable long long file_cache_ = 0;    // the largest page cache of files seen
  mutable long long held_ = 0;          // the most held at a look, less the page cache then
  mutable long long held_now_ = 0;      // held at the last look, less the page cache then
  void look_at_memory() const;
};

// Kills every process in the groups `dirs` and removes them: for an interrupt, which knows
// only the directories.
void kill_and_remove_groups(const std::vector<std::filesystem::path>& dirs);

}  // namespace entrapment
