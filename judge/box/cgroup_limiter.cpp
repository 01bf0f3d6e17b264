// The control-group side of limiter.hpp: the kernel caps the run's memory (the group's OOM
// killer fires at the limit and says so) and its tasks (pids.max, so RLIMIT_NPROC is not set:
// it would count every process of the user id, another judge's included), and counts its CPU
// time; RLIMIT_DATA stays only as a backstop at twice the limit, so that an allocation no contest
// machine would grant (5 GiB at once) fails at once, as it would there, instead of being filled
// page by page until the OOM killer or the CPU limit, whichever the machine's speed makes come
// first. Not RLIMIT_AS: address space reserved is no memory (32 threads' malloc arenas, 64 MiB
// each, met it at twice a 256 MiB limit: RTE for a correct program).
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <random>
#include <thread>

#include "cpuset.hpp"
#include "limiter_kinds.hpp"
#include "proc_table.hpp"
#include "sweep.hpp"

namespace entrapment {

namespace {

// entrapment-box-<its caller's pid>-<the box's pid>: what a sweep takes when nobody holds it,
// and whose it was, for a person (and the tests) to tell.
std::string group_name(pid_t box) {
  return std::string(kBoxGroupPrefix) + std::to_string(::getppid()) + "-" + std::to_string(box);
}

class CgroupLimiter : public Limiter {
 public:
  CgroupLimiter(const CgroupLayout& layout, const BoxLimits& limits, pid_t box)
      : description_(layout.describe()),
        limits_(limits),
        group_(layout, group_name(box), limits.memory_mib << 20, limits.max_processes),
        procs_(group_.open_procs_files()) {
    if (limits.cpu >= 0)
      cpuset_.emplace(layout.version, group_.dirs().front(), group_name(box), limits.cpu);
  }

  ~CgroupLimiter() override {
    for (int fd : procs_) ::close(fd);
    // ContestantCgroup's destructor kills what is left and removes the groups.
  }

  std::string description() const override { return description_; }
  bool memory_exact() const override { return true; }
  bool processes_capped_per_user() const override { return false; }
  std::string cpuset() const override { return cpuset_ ? cpuset_->how() : ""; }

  const char* enter() const override {
    // First into its groups, so that everything it becomes (bwrap, the program, what they
    // start) is counted and limited there.
    for (int fd : procs_)
      if (::write(fd, "0", 1) != 1) return "joining its control group";
    if (cpuset_ && cpuset_->procs_fd() >= 0 && ::write(cpuset_->procs_fd(), "0", 1) != 1)
      return "joining its cpuset";
    return nullptr;
  }

  ChildRlimits rlimits(std::optional<uid_t>) const override {
    ChildRlimits r = common_rlimits(limits_);
    // A backstop at twice the limit on what each process writes, as DOMjudge's runguard sets no
    // address-space limit under a group: the group counts the memory exactly, and a program
    // that asks for far more at once (a table of 5 GB) fails at once rather than filling it.
    if (limits_.limit_address_space) r.data = static_cast<rlim_t>(limits_.memory_mib) << 21;
    return r;
  }

  void started(pid_t, int) override {}

  Look look() override {
    const double cpu_s = group_.cpu_seconds();
    return {cpu_s, look_at_directories()};
  }

  double next_look_in(double cpu_left) const override {
    // A look costs a few counters' reads and a directory's a process: as soon as every core
    // could have used up what is left, and 4 to 8 times a second at intervals drawn at random,
    // for directories held open (look_at_directories()): a program that could foresee the looks
    // would hold them between two.
    static const double cores = std::max(1u, std::thread::hardware_concurrency());
    const double unforeseen = std::uniform_real_distribution<double>(0.125, 0.25)(chance_);
    return std::min(std::clamp(cpu_left / cores, 0.005, 1.0), unforeseen);
  }

  std::vector<ProcEntry> members() const override {
    std::vector<ProcEntry> out;
    for (pid_t pid : group_.processes()) {
      ProcEntry p;
      if (parse_proc_stat(read_proc_file("/proc/" + std::to_string(pid) + "/stat"), p))
        out.push_back(p);
    }
    return out;
  }

  // Read while everything is stopped: the kill's own cost (a fork bomb letting go of its
  // memory) is not the run's.
  void remember_before_kill() override {
    cpu_before_kill_ = group_.cpu_seconds();
    look_at_directories();
  }

  void kill_all() override { group_.kill_all(); }

  RunFigures figures(const rusage& reaped, bool) override {
    const CgroupUsage usage = group_.usage();
    RunFigures f;
    // Nothing was killed (nothing was left): the group's count now is the run's.
    f.cpu_s = std::max(cpu_before_kill_ ? *cpu_before_kill_ : usage.cpu_s, seconds_of(reaped));
    // Its peak charge less the page cache of files it was charged with: reading or writing
    // files is not memory it holds (tmpfs is). A 6 MiB program that wrote files showed 256 MiB.
    // At least what a look saw it hold, page cache aside then: cache it dropped before its
    // peak is not subtracted from that.
    f.memory_kib = std::max<long long>(
        {reaped.ru_maxrss, std::max(0LL, usage.memory_peak_bytes - usage.file_cache_bytes) / 1024,
         std::max(0LL, usage.held_bytes) / 1024, seen_with_directories_ / 1024});
    f.seen_over = directories_over_;
    // Where the kernel does not count OOM kills, a peak at the limit tells the same.
    f.oom_killed = usage.oom_kills > 0;
    f.out_of_memory =
        usage.oom_kills > 0 ||
        (usage.oom_kills < 0 && usage.memory_peak_bytes >= (limits_.memory_mib << 20) / 20 * 19);
    return f;
  }

 private:
  // Directories held open keep kernel memory that no control group is charged with (ext4 keeps
  // the names of the block it read of an indexed directory: red team, 200 processes held 924
  // MiB so under 64 MiB, AC): each counts at the most it may keep (bytes_a_read_directory()),
  // beside what the group held at this look. Each process's descriptors are counted first (a
  // directory read each); only where they are so many that, were they all directories, the run
  // would be past its limit, is each one's kind read. Whether the run was past it.
  bool look_at_directories() {
    const long long limit = limits_.memory_mib << 20;
    const long long held = std::max(0LL, group_.held_at_last_look());
    const std::vector<pid_t> pids = group_.processes_charged();
    long long descriptors = 0;
    for (pid_t pid : pids) descriptors += descriptors_in("/proc/" + std::to_string(pid));
    if (held + descriptors * bytes_a_read_directory() <= limit) return false;
    long long directories = 0;
    for (pid_t pid : pids)
      directories += descriptor_buffers_in("/proc/" + std::to_string(pid), 0).directory_bytes;
    seen_with_directories_ = std::max(seen_with_directories_, held + directories);
    directories_over_ = directories_over_ || held + directories > limit;
    return directories_over_;
  }

  static double seconds_of(const rusage& r) {
    return static_cast<double>(r.ru_utime.tv_sec + r.ru_stime.tv_sec) +
           static_cast<double>(r.ru_utime.tv_usec + r.ru_stime.tv_usec) / 1e6;
  }

  std::string description_;
  BoxLimits limits_;
  ContestantCgroup group_;
  std::vector<int> procs_;  // each group's cgroup.procs, open for the child to write
  std::optional<double> cpu_before_kill_;
  long long seen_with_directories_ = 0;  // the most held with its directories, at a look
  bool directories_over_ = false;        // that was past the limit
  mutable std::minstd_rand chance_{std::random_device{}()};  // next_look_in()
  // After the group: under v2 it is the group's own setting, and a v1 group of its own is
  // emptied and removed before the others.
  std::optional<CpusetPin> cpuset_;
};

}  // namespace

std::unique_ptr<Limiter> make_cgroup_limiter(const CgroupLayout& layout, const BoxLimits& limits,
                                             pid_t box) {
  return std::make_unique<CgroupLimiter>(layout, limits, box);
}

}  // namespace entrapment
