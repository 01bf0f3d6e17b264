#include "isolation_check.hpp"

#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "command.hpp"
#include "containment/contestant_process.hpp"
#include "containment/limit_mechanism.hpp"
#include "containment/sandbox.hpp"
#include "support/ownership.hpp"

namespace entrapment::cli {

namespace fs = std::filesystem;

namespace {

// "bwrap, run as root ..." or "none (why): only trusted code runs ...".
std::string describe_isolation(bool sandbox) {
  if (isolation_for(sandbox) == Isolation::Bwrap)
    return ::geteuid() == 0 ? "bwrap, run as root, the program dropped to a user id of its own "
                              "(no capabilities, no new privileges)"
                            : "bwrap, in a user namespace of yours";
  const std::string why = !sandbox ? "--no-sandbox" : "no bwrap: " + sandbox_support().reason;
  return "none (" + why + "): only trusted code runs, as " +
         (::geteuid() == 0 ? std::string("root") : std::string("you")) +
         ", with everything that user may reach";
}

// What each limit covers here: the whole process tree, or each process, by which mechanism;
// what the contestant may write; which memory is not counted. One line each.
std::vector<std::string> describe_limit_scope(const Limits& limits, bool sandbox) {
  const LimitMechanism& mechanism = limit_mechanism(limits.mechanism);
  const bool bwrap = isolation_for(sandbox) == Isolation::Bwrap;
  const auto mib = [](long long m) { return std::to_string(m) + " MiB"; };
  const auto seconds = [](double s) {
    char text[32];
    std::snprintf(text, sizeof text, "%g s", s);
    return std::string(text);
  };
  std::vector<std::string> lines;
  lines.push_back("time limit " + seconds(limits.cpu_s) + " of CPU time: the whole process tree, " +
                  (mechanism.cgroup ? std::string("by its control group")
                                    : std::string("as the judge's looks see its live processes "
                                                  "and those reaped with a count; NOT counted: "
                                                  "the CPU time of children the kernel reaps "
                                                  "itself (their parent ignores SIGCHLD)")) +
                  " (RLIMIT_CPU per process only as a backstop)");
  lines.push_back("wall clock " + seconds(limits.wall_s) +
                  ": a guard for programs that wait, moved later by the time they (and the "
                  "sandbox starting them) waited for a CPU");
  if (mechanism.cgroup)
    lines.push_back("memory " + mib(limits.memory_mib) +
                    ": the whole tree, by its control group, memfd and tmpfs (its /tmp, "
                    "/dev/shm) included (page cache of files not counted)");
  else
    lines.push_back("memory " + mib(limits.memory_mib) +
                    ": each process's address space (RLIMIT_AS), and the whole tree's "
                    "proportional set (Pss) and the memfds it holds open as the judge's looks see "
                    "them (at least four a second); NOT counted: memory held in a tmpfs" +
                    (bwrap ? " (its /tmp and /dev/shm are capped at " +
                                 mib(limits.max_scratch_bytes >> 20) + " each)"
                           : "") +
                    ", in System V shared memory no process has attached (" +
                    (bwrap ? "it ends with the run's IPC namespace" : "it outlives the run") +
                    "), or by the kernel for it (data in pipes and sockets no one reads)");
  if (mechanism.cgroup)
    lines.push_back("processes " + std::to_string(limits.max_processes) +
                    ": the whole tree, by its control group");
  else if (::geteuid() == 0 && bwrap)
    lines.push_back("processes " + std::to_string(limits.max_processes) +
                    ": the whole tree, by RLIMIT_NPROC on its own user id");
  else if (::geteuid() != 0)
    lines.push_back("processes " + std::to_string(limits.max_processes) +
                    " beyond those you run now: by RLIMIT_NPROC on your user id");
  else
    lines.push_back(
        "processes: not limited (no control group, and root is not bound by "
        "RLIMIT_NPROC)");
  lines.push_back("each file it writes: at most " + mib(limits.max_output_bytes >> 20) +
                  " (RLIMIT_FSIZE, per file)");
  if (bwrap)
    lines.push_back("writable: its own /tmp (its working directory) and /dev/shm, " +
                    mib(limits.max_scratch_bytes >> 20) + " each, gone after the test");
  else
    lines.push_back(
        "writable: its scratch directory, and whatever its user may write on the "
        "machine (no size cap but per file)");
  return lines;
}

// not_own_path(), and for a directory submission everything inside it too.
std::string not_own(const fs::path& path) {
  if (std::string why = not_own_path(path); !why.empty()) return why;
  std::error_code ec;
  const fs::path real = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (fs::is_directory(real, ec))
    for (const auto& entry : fs::recursive_directory_iterator(real, ec))
      if (std::string why = not_own_entry(entry.path()); !why.empty()) return why;
  return "";
}

}  // namespace

void add_trust_option(CLI::App& sub, bool& trust) {
  sub.add_flag("--trust", trust,
               "run submissions that are not the package's own even where nothing isolates them "
               "(bwrap not in use): they run as you (root included), with your files");
}

std::optional<std::string> not_the_packages(const fs::path& path, const fs::path& root,
                                            const std::string& name) {
  std::error_code ec;
  const fs::path real = fs::weakly_canonical(fs::absolute(path, ec), ec);
  const fs::path solutions = fs::weakly_canonical(root / "solutions", ec);
  const fs::path relative = real.lexically_relative(solutions);
  if (relative.empty() || *relative.begin() == ".." || *relative.begin() == ".") return name;
  const std::string why = not_own(path);
  if (why.empty()) return std::nullopt;
  return name + " (" + why + ")";
}

void check_isolation(bool sandbox, const std::vector<std::string>& untrusted, bool trust) {
  if (isolation_for(sandbox) != Isolation::None) return;
  const std::string why = !sandbox ? "--no-sandbox" : "no bwrap: " + sandbox_support().reason;
  const std::string who = ::geteuid() == 0 ? "root" : "you";
  if (!untrusted.empty() && !trust) {
    std::string list;
    for (const std::string& name : untrusted) list += (list.empty() ? "" : ", ") + name;
    throw CommandFailure(
        kExitUsage,
        "refusing to run " + list + " with nothing isolating it (" + why + "). It would run as " +
            who +
            ", and could read and change your files (the package's secret tests, your home "
            "directory), signal your processes, use the network and leave processes and files "
            "behind. Let bwrap isolate it (drop --no-sandbox; Debian's package bubblewrap, "
            "where namespaces are allowed); --trust runs it anyway. See doc/execution.md.");
  }
  std::cerr << "judge " << current_command() << ": warning: nothing isolates the submissions ("
            << why << "): they run as " << who << ", and can read and change what " << who
            << " may (the package, its secret tests, your home), signal its processes, use the "
            << "network and leave processes, files and IPC objects behind (doc/execution.md)\n";
}

void print_enforcement(const Limits& limits, bool sandbox) {
  std::cout << describe_limits(limits.mechanism) << "\n"
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
