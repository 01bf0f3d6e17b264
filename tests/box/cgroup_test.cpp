// The control-group backend on fake trees: where the judge's groups are found for cgroup v1
// (separate, co-mounted, or bind-mounted hierarchies) and v2 (pure and hybrid), why none is
// usable when none is, what a contestant's group is given, and how its counters are read.
// The real hierarchies of this machine are exercised by the hostile tests ("_cgroup").
#include "box/cgroup.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "box/cpuset.hpp"
#include "box/proc_table.hpp"
#include "tests/support/runs.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

constexpr pid_t kSelf = 4242;

void put(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << text;
}

std::string get(const fs::path& file) { return read_proc_file(file.string()); }

// This machine's shape: v1 controllers in hierarchies of their own, the judge in a nested
// memory group; a hybrid unified hierarchy without controllers.
const char* kHybridSelf =
    "9:name=systemd:/\n8:pids:/\n4:memory:/process_api/996d\n2:cpuacct:/\n1:cpu:/\n0::/\n";

void make_hybrid(const fs::path& root) {
  fs::create_directories(root / "memory" / "process_api" / "996d");
  fs::create_directories(root / "pids");
  fs::create_directories(root / "cpuacct");
  put(root / "unified" / "cgroup.controllers", "\n");
}

TEST(FindCgroups, V1WithAHybridUnifiedHierarchyThatOffersNoControllers) {
  TempDir root("entrapment-test-cgroup", 0755);
  make_hybrid(root.path);
  const CgroupLayout layout = find_cgroups(root.path, kHybridSelf, kSelf);
  ASSERT_EQ(layout.version, 1) << layout.reason;
  EXPECT_EQ(layout.memory, root.path / "memory" / "process_api" / "996d");
  EXPECT_EQ(layout.pids, root.path / "pids");
  EXPECT_EQ(layout.cpu, root.path / "cpuacct");
  EXPECT_EQ(layout.describe(), "cgroup v1 (memory, pids, cpuacct)");
}

TEST(FindCgroups, V1CoMountedCpuAndCpuacct) {
  TempDir root("entrapment-test-cgroup", 0755);
  fs::create_directories(root.path / "cpu,cpuacct" / "user.slice");
  fs::create_directories(root.path / "memory" / "user.slice");
  fs::create_directories(root.path / "pids" / "user.slice");
  const CgroupLayout layout = find_cgroups(
      root.path, "5:pids:/user.slice\n3:cpu,cpuacct:/user.slice\n2:memory:/user.slice\n", kSelf);
  ASSERT_EQ(layout.version, 1) << layout.reason;
  EXPECT_EQ(layout.cpu, root.path / "cpu,cpuacct" / "user.slice");
}

// A container that bind-mounts its own group: the path /proc/self/cgroup names is not under
// the mount, which shows the judge's group itself.
TEST(FindCgroups, V1MountShowingTheJudgesOwnGroup) {
  TempDir root("entrapment-test-cgroup", 0755);
  for (const char* c : {"memory", "pids", "cpuacct"})
    put(root.path / c / "cgroup.procs", "1\n" + std::to_string(kSelf) + "\n");
  const CgroupLayout layout = find_cgroups(
      root.path, "4:memory:/docker/abc\n3:pids:/docker/abc\n2:cpuacct:/docker/abc\n", kSelf);
  ASSERT_EQ(layout.version, 1) << layout.reason;
  EXPECT_EQ(layout.memory, root.path / "memory");
}

TEST(FindCgroups, V2Unified) {
  TempDir root("entrapment-test-cgroup", 0755);
  put(root.path / "cgroup.controllers", "cpuset cpu io memory hugetlb pids rdma misc\n");
  put(root.path / "judge.slice" / "cgroup.controllers", "cpu memory pids\n");
  const CgroupLayout layout = find_cgroups(root.path, "0::/judge.slice\n", kSelf);
  ASSERT_EQ(layout.version, 2) << layout.reason;
  EXPECT_EQ(layout.memory, root.path / "judge.slice");
  EXPECT_EQ(layout.pids, layout.memory);
  EXPECT_EQ(layout.cpu, layout.memory);
  EXPECT_EQ(layout.describe(), "cgroup v2 (memory, pids, cpu)");
}

TEST(FindCgroups, V2HybridWithControllersIsPreferred) {
  TempDir root("entrapment-test-cgroup", 0755);
  make_hybrid(root.path);
  put(root.path / "unified" / "cgroup.controllers", "memory pids\n");
  const CgroupLayout layout = find_cgroups(root.path, kHybridSelf, kSelf);
  ASSERT_EQ(layout.version, 2) << layout.reason;
  EXPECT_EQ(layout.memory, root.path / "unified");
}

TEST(FindCgroups, NoneUsableSaysWhy) {
  TempDir root("entrapment-test-cgroup", 0755);
  put(root.path / "cgroup.controllers", "cpu io pids\n");
  const CgroupLayout v2 = find_cgroups(root.path, "0::/\n", kSelf);
  EXPECT_EQ(v2.version, 0);
  EXPECT_NE(v2.reason.find("offers no memory controller"), std::string::npos) << v2.reason;
  EXPECT_NE(v2.reason.find("cgroup v1 has no memory, pids, cpuacct hierarchy"), std::string::npos)
      << v2.reason;
  EXPECT_EQ(v2.describe(), v2.reason);

  TempDir partial("entrapment-test-cgroup", 0755);
  fs::create_directories(partial.path / "memory");
  const CgroupLayout v1 = find_cgroups(partial.path, "4:memory:/\n2:cpuacct:/\n", kSelf);
  EXPECT_EQ(v1.version, 0);
  EXPECT_NE(v1.reason.find("no pids, cpuacct hierarchy"), std::string::npos) << v1.reason;

  EXPECT_EQ(find_cgroups(partial.path, "", kSelf).version, 0);
  EXPECT_NE(find_cgroups(partial.path, "", kSelf).reason.find("/proc/self/cgroup is empty"),
            std::string::npos);
}

TEST(PrepareCgroups, AProbeGroupIsMadeAndRemovedInEachHierarchy) {
  TempDir root("entrapment-test-cgroup", 0755);
  make_hybrid(root.path);
  CgroupLayout layout = find_cgroups(root.path, kHybridSelf, kSelf);
  prepare_cgroups(layout, kSelf, kSelf);
  EXPECT_EQ(layout.version, 1) << layout.reason;
  EXPECT_FALSE(fs::exists(root.path / "pids" / ("entrapment-probe-" + std::to_string(kSelf))));
}

TEST(PrepareCgroups, V2WithTheControllersEnabledForChildren) {
  TempDir root("entrapment-test-cgroup", 0755);
  put(root.path / "cgroup.controllers", "memory pids\n");
  put(root.path / "cgroup.subtree_control", "memory pids\n");
  CgroupLayout layout = find_cgroups(root.path, "0::/\n", kSelf);
  prepare_cgroups(layout, kSelf, kSelf);
  EXPECT_EQ(layout.version, 2) << layout.reason;
}

TEST(PrepareCgroups, AHierarchyWhereNoGroupCanBeMadeIsNotUsable) {
  CgroupLayout layout;
  layout.version = 1;
  layout.memory = layout.pids = layout.cpu = "/nonexistent/cgroup";
  prepare_cgroups(layout, kSelf, kSelf);
  EXPECT_EQ(layout.version, 0);
  EXPECT_NE(layout.reason.find("no writable cgroup: cannot create a group in /nonexistent/cgroup"),
            std::string::npos)
      << layout.reason;
}

TEST(KeyedValue, ReadsFlatKeyedFiles) {
  const std::string events = "low 0\nhigh 0\nmax 12\noom 3\noom_kill 2\noom_group_kill 0\n";
  EXPECT_EQ(keyed_value(events, "oom_kill"), 2);
  EXPECT_EQ(keyed_value(events, "oom"), 3);
  EXPECT_EQ(keyed_value(events, "missing"), std::nullopt);
  EXPECT_EQ(keyed_value("usage_usec 2500000\nuser_usec 2000000\n", "usage_usec"), 2500000);
  EXPECT_EQ(keyed_value("oom_kill_disable 0\nunder_oom 0\noom_kill 1\n", "oom_kill"), 1);
  EXPECT_EQ(keyed_value("oom_kill x\n", "oom_kill"), std::nullopt);
}

TEST(ContestantCgroup, V1GroupsAreMadeLimitedReadAndRemoved) {
  TempDir root("entrapment-test-cgroup", 0755);
  make_hybrid(root.path);
  const CgroupLayout layout = find_cgroups(root.path, kHybridSelf, kSelf);
  const fs::path memory = layout.memory / "run-1", pids = layout.pids / "run-1",
                 cpu = layout.cpu / "run-1";
  {
    ContestantCgroup group(layout, "run-1", 64ll << 20, 32);
    EXPECT_EQ(group.dirs().size(), 3u);
    EXPECT_EQ(get(memory / "memory.limit_in_bytes"), std::to_string(64ll << 20));
    EXPECT_EQ(get(pids / "pids.max"), "32");
    EXPECT_FALSE(fs::exists(memory / "memory.memsw.limit_in_bytes"));  // no swap accounting
    for (const fs::path& dir : {memory, pids, cpu}) put(dir / "cgroup.procs", "");
    const std::vector<int> fds = group.open_procs_files();
    EXPECT_EQ(fds.size(), 3u);
    for (int fd : fds) ::close(fd);
    put(cpu / "cpuacct.usage", "1500000000\n");
    put(memory / "memory.max_usage_in_bytes", "67108864\n");
    put(memory / "memory.oom_control", "oom_kill_disable 0\nunder_oom 0\noom_kill 2\n");
    put(pids / "pids.current", "1\n");
    const CgroupUsage usage = group.usage();
    EXPECT_DOUBLE_EQ(usage.cpu_s, 1.5);
    EXPECT_EQ(usage.memory_peak_bytes, 64ll << 20);
    EXPECT_EQ(usage.oom_kills, 2);
    EXPECT_EQ(group.tasks(), 1);
    put(memory / "memory.oom_control", "oom_kill_disable 0\nunder_oom 0\n");  // before 4.13
    EXPECT_EQ(group.usage().oom_kills, -1) << "not counted";
    // Pids that cannot exist (above any pid_max), so that nothing real is signalled.
    put(memory / "cgroup.procs", "1073741823\n1073741822\n");
    EXPECT_EQ(group.processes(), (std::vector<pid_t>{1073741822, 1073741823}));
    put(memory / "cgroup.procs", "");
  }
  EXPECT_FALSE(fs::exists(memory));
  EXPECT_FALSE(fs::exists(pids));
  EXPECT_FALSE(fs::exists(cpu));
  EXPECT_TRUE(fs::exists(layout.memory));  // never what it did not make
}

TEST(ContestantCgroup, V2GroupIsOneDirectoryAndPeakFallsBackToTheLargestCurrent) {
  TempDir root("entrapment-test-cgroup", 0755);
  put(root.path / "cgroup.controllers", "memory pids\n");
  const CgroupLayout layout = find_cgroups(root.path, "0::/\n", kSelf);
  ASSERT_EQ(layout.version, 2);
  const fs::path dir = root.path / "run-2";
  fs::create_directories(root.path);
  {
    ContestantCgroup group(layout, "run-2", 256ll << 20, 64);
    EXPECT_EQ(group.dirs(), std::vector<fs::path>{dir});
    EXPECT_EQ(get(dir / "memory.max"), std::to_string(256ll << 20));
    EXPECT_EQ(get(dir / "pids.max"), "64");
    put(dir / "cpu.stat", "usage_usec 2500000\nuser_usec 2000000\nsystem_usec 500000\n");
    put(dir / "memory.events", "low 0\nhigh 0\nmax 4\noom 1\noom_kill 1\n");
    // No memory.peak (before Linux 5.19): the largest memory.current seen while polling.
    put(dir / "memory.current", "1000\n");
    EXPECT_DOUBLE_EQ(group.cpu_seconds(), 2.5);
    put(dir / "memory.current", "3000\n");
    group.cpu_seconds();
    put(dir / "memory.current", "2000\n");
    group.cpu_seconds();
    CgroupUsage usage = group.usage();
    EXPECT_EQ(usage.memory_peak_bytes, 3000);
    EXPECT_EQ(usage.oom_kills, 1);
    put(dir / "memory.peak", "5000\n");
    usage = group.usage();
    EXPECT_EQ(usage.memory_peak_bytes, 5000);
  }
  EXPECT_FALSE(fs::exists(dir));
}

// A judge killed with SIGKILL leaves its groups, and pids come round again: a later judge with
// the same pid finds its first names taken. It takes others, and leaves those alone (they may
// be a live judge's in another PID namespace, empty between their making and their use).
TEST(ContestantCgroup, ANameAlreadyTakenIsPassedOverAndLeftAlone) {
  TempDir root("entrapment-test-cgroup", 0755);
  make_hybrid(root.path);
  const CgroupLayout layout = find_cgroups(root.path, kHybridSelf, kSelf);
  put(layout.memory / "run-4" / "cgroup.procs", "");  // in one hierarchy of the three
  put(layout.pids / "run-4-1" / "cgroup.procs", "");  // and its first other name, in another
  std::vector<fs::path> made;
  {
    ContestantCgroup group(layout, "run-4", 64ll << 20, 32);
    made = group.dirs();
    ASSERT_EQ(made.size(), 3u);
    for (const fs::path& dir : made) {
      EXPECT_EQ(dir.filename(), made[0].filename()) << "one name in every hierarchy";
      EXPECT_NE(dir.filename(), "run-4");
      EXPECT_NE(dir.filename(), "run-4-1");
      EXPECT_EQ(dir.filename().string().rfind("run-4-", 0), 0u) << dir;
    }
    EXPECT_EQ(get(layout.memory / made[0].filename() / "memory.limit_in_bytes"),
              std::to_string(64ll << 20));
  }
  for (const fs::path& dir : made) EXPECT_FALSE(fs::exists(dir)) << dir;
  EXPECT_TRUE(fs::exists(layout.memory / "run-4" / "cgroup.procs")) << "not its own: kept";
  EXPECT_TRUE(fs::exists(layout.pids / "run-4-1" / "cgroup.procs")) << "not its own: kept";
  EXPECT_FALSE(fs::exists(layout.memory / "run-4-1")) << "what it made on the way is removed";
}

TEST(ContestantCgroup, AGroupThatCannotBeMadeIsAnErrorNamingIt) {
  CgroupLayout layout;
  layout.version = 1;
  layout.memory = layout.pids = layout.cpu = "/nonexistent/cgroup";
  try {
    ContestantCgroup group(layout, "run-3", 1 << 20, 1);
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/cgroup/run-3"), std::string::npos)
        << e.what();
  }
}

// Under cgroup v2 a run given a CPU has it written into its own group's cpuset.cpus, the
// parent asked for the cpuset controller first; where that cannot be written, it is not pinned
// by a cpuset, and says why (its affinity alone holds it then).
TEST(CpusetPin, V2WritesTheCpuIntoTheRunsOwnGroup) {
  TempDir root("entrapment-test-cgroup", 0755);
  const fs::path parent = root.path / "judge", run = parent / "entrapment-box-1-2";
  put(parent / "cgroup.subtree_control", "");
  put(run / "cpuset.cpus", "");
  const CpusetPin pin(2, run, "unused", 1);
  EXPECT_TRUE(pin.pinned()) << pin.how();
  EXPECT_EQ(pin.how(), "cpuset v2 (cpu 1)");
  EXPECT_EQ(pin.procs_fd(), -1) << "the run joins its own group: no other";
  EXPECT_EQ(get(parent / "cgroup.subtree_control"), "+cpuset");
  EXPECT_EQ(get(run / "cpuset.cpus"), "1");

  const fs::path other = parent / "entrapment-box-1-3";  // no cpuset.cpus: no controller there
  fs::create_directories(other);
  const CpusetPin unpinned(2, other, "unused", 0);
  EXPECT_FALSE(unpinned.pinned());
  EXPECT_NE(unpinned.how().find("no cpuset: writing \"0\" to " + (other / "cpuset.cpus").string()),
            std::string::npos)
      << unpinned.how();
}

}  // namespace
}  // namespace entrapment::testing
