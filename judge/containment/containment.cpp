#include "containment.hpp"

#include <unistd.h>

#include "contestant_process.hpp"
#include "launch.hpp"
#include "support/files.hpp"

namespace entrapment {

namespace {

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
      s.reason = "bwrap fails here (" + without_line_ends(probe.stderr_text()) + ")";
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
