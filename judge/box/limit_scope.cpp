#include "limit_scope.hpp"

#include <cstdio>

#include "landlock.hpp"
#include "proc_table.hpp"

namespace entrapment {

namespace {

std::string in_mib(long long m) { return std::to_string(m) + " MiB"; }

std::string in_seconds(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%g s", s);
  return text;
}

std::string time_line(const BoxLimits& limits, bool cgroup) {
  return "time limit " + in_seconds(limits.cpu_s) + " of CPU time: the whole process tree, " +
         (cgroup ? std::string("by its control group")
                 : std::string("as the box's looks see its live processes and those reaped "
                               "(SIGCHLD keeps its default action, so that the kernel reaps no "
                               "child, whose CPU time would be lost)")) +
         " (RLIMIT_CPU per process only as a backstop)";
}

// Whether a process may reset its peak resident set, which the looks read (landlock.hpp).
std::string peak_line() {
  const LandlockHere here = landlock_here();
  if (here.proc_writes_refused)
    return "; no process may reset its peak (no file of /proc may be opened for writing: " +
           here.how + ")";
  return "; a process MAY reset its peak (/proc/self/clear_refs), so that memory it held only "
         "between two looks is NOT counted (" +
         here.how + ")";
}

std::string memory_line(const BoxLimits& limits, bool cgroup, bool sandbox, bool root) {
  if (cgroup)
    return "memory " + in_mib(limits.memory_mib) +
           ": counted exactly: the whole tree, by its control group, memfd and tmpfs (its /tmp, "
           "/dev/shm) included (page cache of files not counted); and, at the box's looks (4 to "
           "8 a second, at intervals drawn at random), the directories it holds open, " +
           std::to_string(bytes_a_read_directory() >> 10) +
           " KiB each (what the kernel may keep of one read in part, in no control group)" +
           (limits.limit_address_space
                ? std::string("; RLIMIT_DATA at twice the limit a process as a backstop (what it "
                              "writes: address space it only reserves, as a thread's malloc "
                              "arena, is free)")
                : std::string());
  return "memory " + in_mib(limits.memory_mib) +
         ": counted on a best-effort basis: each process's peak resident set" +
         (limits.limit_address_space
              ? " (RLIMIT_DATA at twice the limit as a backstop, RLIMIT_AS " +
                    in_mib(static_cast<long long>(reserved_address_space(limits) >> 20)) +
                    " above it for the address space runtimes reserve: malloc arenas, thread "
                    "stacks)"
              : std::string()) +
         ", and the whole tree's proportional set (Pss, less shared "
         "memory, plus swap), page tables, the records of its mappings, the shared objects it "
         "maps, its epoll registrations, its threads' kernel stacks, the buffers of the files of "
         "/proc and /sys it holds open (a page and 16 KiB each; an fdinfo file at the longest "
         "epoll text the run had), the directories it holds open (" +
         std::to_string(bytes_a_read_directory() >> 10) +
         " KiB each), and each pipe and socket it holds open at the most its buffers may hold" +
         (sandbox ? ", and what its /tmp and /dev/shm hold (their data, and 1 KiB a file; each "
                    "capped at " +
                        in_mib(scratch_bytes(limits) >> 20) + ")"
                  : "") +
         ", as the box's looks see them (at least four a second, at intervals drawn at random; "
         "every 5 to 10 ms while several processes run)" +
         peak_line() +
         "; no memfds (memfd_create answers ENOSYS), shared anonymous memory, System V IPC" +
         (sandbox ? ", /dev/zero" : "") +
         " or transparent huge pages; no descriptor in flight (sendmsg refused: SCM_RIGHTS would "
         "put it in no process's table) and no thread with a descriptor table of its own" +
         (sandbox ? "" : "; NOT counted: data held in a tmpfs of the machine (/dev/shm)") +
         (sandbox || root ? ""
                          : "; the run has a user namespace of its own, so that the box may read "
                            "what a process made not dumpable holds: where the machine refuses "
                            "your user one, such a process's epoll registrations and files of "
                            "/proc are NOT counted");
}

std::string processes_line(const BoxLimits& limits, bool cgroup, bool sandbox, bool root) {
  const std::string count = std::to_string(limits.max_processes);
  if (cgroup)
    return "processes " + count +
           ": the whole tree, by its control group (no RLIMIT_NPROC: nothing shared with other "
           "runs)";
  if (root && sandbox)
    return "processes " + count + ": the whole tree, by RLIMIT_NPROC on its own user id";
  if (!root)
    return "processes " + count +
           ": by RLIMIT_NPROC in the run's own user namespace, which counts its processes alone" +
           (sandbox ? std::string()
                    : std::string("; where the machine refuses your user one, " + count +
                                  " beyond those you run now, on your user id, SHARED by every "
                                  "run of yours at once (this judge's others, another judge's)"));
  return "processes: not limited (no control group, and root is not bound by RLIMIT_NPROC)";
}

}  // namespace

std::vector<std::string> limit_scope(const BoxLimits& limits, const LimitsHere& here,
                                     Isolation isolation, bool root) {
  const bool sandbox = isolation == Isolation::Bwrap;  // the sandbox asked for
  std::vector<std::string> lines;
  lines.push_back(time_line(limits, here.cgroup));
  lines.push_back("wall clock " + in_seconds(limits.wall_s) +
                  ": a guard for programs that wait, moved later by the time they (and the "
                  "sandbox starting them) waited for a CPU");
  lines.push_back(memory_line(limits, here.cgroup, sandbox, root));
  lines.push_back(processes_line(limits, here.cgroup, sandbox, root));
  lines.push_back(
      "open files: RLIMIT_NOFILE per process, the run's processes together at most a twentieth "
      "of the machine's file table (fs.file-max)" +
      std::string(here.cgroup ? ""
                              : ", and one process's sockets at their default buffers (4 x "
                                "net.core.wmem_default a descriptor) within the memory limit"));
  lines.push_back(
      "signals queued and POSIX timers: 1024 at most (RLIMIT_SIGPENDING), each kernel memory");
  lines.push_back("each file it writes: at most " + in_mib(limits.max_output_bytes >> 20) +
                  " (RLIMIT_FSIZE, per file)");
  if (limits.cpu >= 0)
    lines.push_back(
        "cpu " + std::to_string(limits.cpu) + " alone: its affinity (sched_setaffinity before it " +
        "starts), which the program MAY widen itself" +
        (here.cgroup ? std::string(", unless a cpuset of its own holds it (cgroup v1's cpuset "
                                   "hierarchy, or v2's cpuset controller, where the box may use "
                                   "them: the record says which)")
                     : std::string(" (no control group: no cpuset)")));
  if (sandbox)
    lines.push_back("writable: its own /tmp (its working directory) and /dev/shm, " +
                    in_mib(scratch_bytes(limits) >> 20) + " each, gone after the test");
  else
    lines.push_back(
        "writable: its directory, and whatever its user may write on the machine (no size cap "
        "but per file)");
  // Without a sandbox no namespace keeps its signals to itself: under rlimits its Landlock
  // domain does, where the kernel has scopes (landlock.hpp).
  if (!sandbox && !here.cgroup) {
    const LandlockHere landlock = landlock_here();
    lines.push_back(landlock.signals_scoped
                        ? "signals and abstract sockets: within the run only (" + landlock.how + ")"
                        : "signals and abstract sockets: to and from any process of its user (" +
                              landlock.how +
                              "; Landlock ABI 6, Linux 6.12, keeps them within the run)");
  }
  return lines;
}

}  // namespace entrapment
