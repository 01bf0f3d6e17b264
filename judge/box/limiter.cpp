#include "limiter.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include "cgroup.hpp"
#include "limiter_kinds.hpp"

namespace entrapment {

namespace {

// `wanted`, but never above this process's hard limit (only root may raise one).
rlim_t capped(int resource, rlim_t wanted) {
  rlimit current{};
  if (::getrlimit(resource, &current) != 0 || current.rlim_max == RLIM_INFINITY) return wanted;
  return std::min(wanted, current.rlim_max);
}

// The machine's file table (fs.file-max), or 0 when it cannot be read.
unsigned long long machine_file_table() {
  const std::string text = read_proc_file("/proc/sys/fs/file-max");
  return text.empty() ? 0 : std::strtoull(text.c_str(), nullptr, 10);
}

}  // namespace

ChildRlimits common_rlimits(const BoxLimits& limits) {
  ChildRlimits r;
  // RLIMIT_CPU is only each process's backstop, above the limit: the box stops the tree at the
  // limit itself, by the exact figure (the kernel checks RLIMIT_CPU against tick-sampled time,
  // which ran 10% ahead on our VM).
  r.cpu_soft = capped(RLIMIT_CPU, static_cast<rlim_t>(std::ceil(limits.cpu_s * 1.2)) + 1);
  r.cpu_hard = capped(RLIMIT_CPU, r.cpu_soft + 1);
  // Descriptors: every process of the run at its limit together hold at most a twentieth of
  // the machine's file table (one run held 950,760 open files, 38.6 % of it, with the 20000 it
  // inherited). Between 64 (a JVM opens some 40) and 1024.
  const unsigned long long table = machine_file_table();
  const unsigned long long share =
      table ? table / 20 / static_cast<unsigned long long>(std::max(1, limits.max_processes))
            : 1024;
  r.files =
      capped(RLIMIT_NOFILE, static_cast<rlim_t>(std::clamp<unsigned long long>(share, 64, 1024)));
  r.file_size = capped(RLIMIT_FSIZE, static_cast<rlim_t>(limits.max_output_bytes));
  // Queued signals and POSIX timers (timer_create counts against it): the machine's default
  // (96,362 here) let one run hold 36 MiB of kernel memory in timers under a 16 MiB limit (red
  // team). A contest program queues a few.
  r.pending_signals = capped(RLIMIT_SIGPENDING, 1024);
  // The stack as large as allowed: glibc gives each new thread the stack limit, so a finite
  // large one leaves no room for threads; an unlimited one gives them 2 MiB each.
  r.stack = capped(RLIMIT_STACK, RLIM_INFINITY);
  return r;
}

rlim_t reserved_address_space(const BoxLimits& limits) {
  constexpr rlim_t kArena = rlim_t{64} << 20, kThreadStack = rlim_t{2} << 20;
  const long cpus = std::max(1L, ::sysconf(_SC_NPROCESSORS_CONF));
  return (8 * static_cast<rlim_t>(cpus) + 1) * kArena +
         static_cast<rlim_t>(std::max(1, limits.max_processes)) * kThreadStack;
}

LimitChoice chosen(LimitChoice choice, std::string* error) {
  if (choice != LimitChoice::Auto) return choice;
  const char* env = std::getenv("ENTRAPMENT_LIMITS");
  const std::string wanted = env ? env : "";
  if (wanted == "rlimit") return LimitChoice::Rlimit;
  if (wanted == "cgroup") return LimitChoice::Cgroup;
  if (!wanted.empty() && wanted != "auto" && error)
    *error = "ENTRAPMENT_LIMITS=" + wanted + ": expected rlimit, cgroup or auto";
  return LimitChoice::Auto;
}

LimitsHere limits_here(LimitChoice asked) {
  LimitsHere here;
  const LimitChoice choice = chosen(asked, &here.error);
  if (!here.error.empty()) {
    here.description = here.error;
    return here;
  }
  if (choice == LimitChoice::Rlimit) {
    here.description =
        asked == LimitChoice::Auto ? "rlimit (ENTRAPMENT_LIMITS=rlimit)" : "rlimit (asked for)";
    return here;
  }
  CgroupLayout layout = layout_for_boxes();
  probe_groups(layout, ::getpid());
  if (layout.usable()) {
    here.cgroup = true;
    here.description = layout.describe();
    return here;
  }
  here.would_use_delegation =
      ::geteuid() != 0 && ::access("/sys/fs/cgroup/cgroup.controllers", R_OK) == 0;
  if (choice == LimitChoice::Cgroup) {
    here.error = "control groups were asked for, but there is " + layout.reason;
    here.description = here.error;
  } else {
    here.description = "rlimit (" + layout.reason + ")";
  }
  return here;
}

std::unique_ptr<Limiter> make_limiter(const BoxLimits& asked, pid_t box) {
  BoxLimits limits = asked;
  std::string error;
  limits.mechanism = chosen(asked.mechanism, &error);
  if (!error.empty()) throw std::runtime_error(error);
  if (limits.mechanism == LimitChoice::Rlimit)
    return make_rlimit_limiter(
        limits, box,
        asked.mechanism == LimitChoice::Auto ? "ENTRAPMENT_LIMITS=rlimit" : "asked for");
  const CgroupLayout layout = layout_for_boxes();
  if (!layout.usable()) {
    if (limits.mechanism == LimitChoice::Cgroup)
      throw std::runtime_error("control groups were asked for, but there is " + layout.reason);
    return make_rlimit_limiter(limits, box, layout.reason);
  }
  try {
    return make_cgroup_limiter(layout, limits, box);
  } catch (const std::exception& e) {
    if (limits.mechanism == LimitChoice::Cgroup) throw;
    return make_rlimit_limiter(limits, box, std::string("no control group: ") + e.what());
  }
}

void prepare_cgroups_for_boxes(pid_t caller) {
  CgroupLayout layout =
      find_cgroups("/sys/fs/cgroup", read_proc_file("/proc/self/cgroup"), ::getpid());
  prepare_cgroups(layout, caller, ::getpid());
}

}  // namespace entrapment
