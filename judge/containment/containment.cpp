#include "containment.hpp"

#include <unistd.h>

#include <cstdio>

#include "contestant_process.hpp"
#include "launch.hpp"
#include "limit_mechanism.hpp"

namespace entrapment {

namespace {

std::string cut_newlines(std::string text) {
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

// Runs `true` in bwrap as a run would, and says whether it worked, and if not why.
SandboxSupport probe_bwrap() {
  SandboxSupport s;
  try {
    Limits limits;
    limits.cpu_s = 5;
    limits.wall_s = 10;
    limits.mechanism = LimitChoice::Rlimit;  // a probe of the isolation alone
    ProcessOptions options;
    options.require = Isolation::Bwrap;
    ContestantProcess probe({find_program("true").string()}, limits, options);
    probe.close_stdin();
    if (!probe.wait_until(probe.started() + std::chrono::seconds(10))) {
      s.reason = "bwrap did not start within 10 s";
    } else if (!probe.usage().not_started.empty()) {
      s.reason = probe.usage().not_started;
    } else if (probe.usage().signaled || probe.usage().exit_code != 0) {
      s.reason = "bwrap fails here (" + cut_newlines(probe.stderr_text()) + ")";
    } else {
      s.usable = true;
    }
  } catch (const std::exception& e) {
    s.reason = std::string("bwrap cannot start: ") + e.what();
  }
  return s;
}

}  // namespace

const SandboxSupport& sandbox_support() {
  static const SandboxSupport support = [] {
    if (bwrap_path().empty()) return SandboxSupport{false, bwrap_absence()};
    if (::geteuid() == 0 && find_program("setpriv").empty())
      return SandboxSupport{false,
                            "setpriv (util-linux) is not installed: as root, bwrap needs "
                            "it to drop to the run's own user id"};
    return probe_bwrap();
  }();
  return support;
}

Isolation isolation_for(bool sandbox) {
  return sandbox && sandbox_support().usable ? Isolation::Bwrap : Isolation::None;
}

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
  lines.push_back("time limit " + seconds(limits.cpu_s) +
                  " of CPU time: the whole process tree, watched by the judge (RLIMIT_CPU per "
                  "process only as a backstop)");
  lines.push_back("wall clock " + seconds(limits.wall_s) +
                  ": a guard for programs that wait, moved later by the time they (and the "
                  "sandbox starting them) waited for a CPU");
  if (mechanism.cgroup)
    lines.push_back("memory " + mib(limits.memory_mib) +
                    ": the whole tree, by its control group, memfd and tmpfs (its /tmp, "
                    "/dev/shm) included (page cache of files not counted)");
  else
    lines.push_back("memory " + mib(limits.memory_mib) +
                    ": each process's address space (RLIMIT_AS), and the whole tree's resident "
                    "memory as the judge's looks see it (at least four a second); NOT counted: "
                    "memory held in a memfd or a tmpfs" +
                    (bwrap ? " (its /tmp and /dev/shm are capped at " +
                                 mib(limits.max_scratch_bytes >> 20) + " each)"
                           : ""));
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

bool Containment::wants_own_uid(Isolation isolation) {
  return isolation == Isolation::Bwrap && ::geteuid() == 0;
}

std::vector<std::string> Containment::command(const std::vector<std::string>& program,
                                              const SandboxLayout& layout) const {
  if (isolation_ == Isolation::None) return program;
  return sandboxed_command(program, layout, run_uid_);
}

std::string Containment::tmpdir(const std::filesystem::path& scratch) const {
  return isolation_ == Isolation::Bwrap ? "/tmp" : scratch.string();
}

}  // namespace entrapment
