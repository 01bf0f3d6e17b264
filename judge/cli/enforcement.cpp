#include "enforcement.hpp"

#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "box/bwrap.hpp"
#include "box/limiter.hpp"
#include "box/seccomp_filter.hpp"
#include "containment/containment.hpp"
#include "containment/delegation.hpp"
#include "containment/isolation_policy.hpp"

namespace entrapment::cli {

namespace {

std::string mib(long long m) { return std::to_string(m) + " MiB"; }

std::string seconds(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%g s", s);
  return text;
}

// "bwrap, run as root ..." or "none (why): only trusted code runs ...".
std::string describe_isolation(bool sandbox) {
  const std::string why = why_unisolated(sandbox);
  if (why.empty())
    return ::geteuid() == 0 ? "bwrap, run as root, the program dropped to a user id of its own "
                              "(no capabilities, no new privileges)"
                            : "bwrap, in a user namespace of yours";
  return "none (" + why + "): only trusted code runs, as " +
         (::geteuid() == 0 ? std::string("root") : std::string("you")) +
         ", with everything that user may reach";
}

// What each limit covers here: the whole process tree, or each process, by which mechanism;
// what the program may write; which memory is not counted. One line each.
std::vector<std::string> describe_limit_scope(const BoxLimits& limits, bool sandbox) {
  const LimitsHere here = limits_here(limits.mechanism);
  const bool bwrap = why_unisolated(sandbox).empty();
  std::vector<std::string> lines;
  lines.push_back("time limit " + seconds(limits.cpu_s) + " of CPU time: the whole process tree, " +
                  (here.cgroup ? std::string("by its control group")
                               : std::string("as the box's looks see its live processes and "
                                             "those reaped; NOT counted: the CPU time of "
                                             "children the kernel reaps itself (their parent "
                                             "ignores SIGCHLD)")) +
                  " (RLIMIT_CPU per process only as a backstop)");
  lines.push_back("wall clock " + seconds(limits.wall_s) +
                  ": a guard for programs that wait, moved later by the time they (and the "
                  "sandbox starting them) waited for a CPU");
  if (here.cgroup)
    lines.push_back("memory " + mib(limits.memory_mib) +
                    ": counted exactly: the whole tree, by its control group, memfd and tmpfs "
                    "(its /tmp, /dev/shm) included (page cache of files not counted)");
  else
    lines.push_back("memory " + mib(limits.memory_mib) +
                    ": counted on a best-effort basis: each process's address space (RLIMIT_AS), "
                    "and the whole tree's proportional set (Pss) and the memfds it holds open as "
                    "the box's looks see them (at least four a second); NOT counted: memory held "
                    "in a tmpfs" +
                    (bwrap ? " (its /tmp and /dev/shm are capped at " +
                                 mib(limits.max_scratch_bytes >> 20) + " each)"
                           : "") +
                    ", in System V shared memory no process has attached (" +
                    (bwrap ? "it ends with the run's IPC namespace" : "it outlives the run") +
                    "), in memfds no descriptor holds, or by the kernel for it (data in pipes "
                    "and sockets no one reads)");
  if (here.cgroup)
    lines.push_back("processes " + std::to_string(limits.max_processes) +
                    ": the whole tree, by its control group (no RLIMIT_NPROC: nothing shared "
                    "with other runs)");
  else if (::geteuid() == 0 && bwrap)
    lines.push_back("processes " + std::to_string(limits.max_processes) +
                    ": the whole tree, by RLIMIT_NPROC on its own user id");
  else if (::geteuid() != 0)
    lines.push_back("processes " + std::to_string(limits.max_processes) +
                    " beyond those you run now: by RLIMIT_NPROC on your user id, SHARED by every "
                    "run of yours at once (this judge's others, another judge's): their "
                    "processes count against this run's");
  else
    lines.push_back(
        "processes: not limited (no control group, and root is not bound by RLIMIT_NPROC)");
  lines.push_back(
      "open files: RLIMIT_NOFILE per process, the run's processes together at most "
      "a twentieth of the machine's file table (fs.file-max)");
  lines.push_back("each file it writes: at most " + mib(limits.max_output_bytes >> 20) +
                  " (RLIMIT_FSIZE, per file)");
  if (bwrap)
    lines.push_back("writable: its own /tmp (its working directory) and /dev/shm, " +
                    mib(limits.max_scratch_bytes >> 20) + " each, gone after the test");
  else
    lines.push_back(
        "writable: its directory, and whatever its user may write on the machine (no size cap "
        "but per file)");
  lines.push_back(describe_seccomp_filter());
  return lines;
}

}  // namespace

void add_trust_option(CLI::App& sub) {
  sub.add_flag_callback(
      "--trust", [] { trust_unisolated_programs(); },
      "run submissions that are not the package's own even where nothing isolates them "
      "(bwrap not in use): they run as you (root included), with your files");
}

void print_enforcement(const BoxLimits& limits, bool sandbox) {
  const LimitsHere here = limits_here(limits.mechanism);
  const std::string delegated = here.cgroup ? delegation_note() : "";
  std::cout << "limits: " << here.description << (delegated.empty() ? "" : ", " + delegated) << "\n"
            << "sandbox: "
            << (!sandbox                   ? std::string("off (--no-sandbox)")
                : sandbox_support().usable ? std::string("bwrap")
                                           : "off (" + sandbox_support().reason + ")")
            << "\n"
            << "isolation: " << describe_isolation(sandbox) << "\n";
  for (const std::string& line : describe_limit_scope(limits, sandbox))
    std::cout << "  " << line << "\n";
}

}  // namespace entrapment::cli
