#include "containment.hpp"

#include "box/sandbox_choice.hpp"
#include "box_process.hpp"
#include "support/files.hpp"

namespace entrapment {

namespace {

// Runs `true` in the sandbox as a run would, and says whether it worked, and if not why.
SandboxSupport probe_sandbox() {
  SandboxSupport s;
  try {
    BoxLimits limits;
    limits.cpu_s = 5;
    limits.wall_s = 10;
    limits.mechanism = LimitChoice::Rlimit;  // a probe of the isolation alone
    ProcessOptions options;
    options.require = Isolation::Bwrap;
    BoxedProcess probe({"/bin/true"}, limits, options);
    probe.close_stdin();
    const BoxRecord& record = probe.wait();
    if (record.ending == BoxRecord::Ending::NotStarted ||
        record.ending == BoxRecord::Ending::BoxError)
      s.reason = record.message + (probe.stderr_text().empty()
                                       ? std::string()
                                       : " (" + without_line_ends(probe.stderr_text()) + ")");
    else if (record.failed())
      s.reason = "the sandbox fails here (" + without_line_ends(probe.stderr_text()) + ")";
    else
      s.usable = true;
  } catch (const std::exception& e) {
    s.reason = std::string("the sandbox cannot start: ") + e.what();
  }
  return s;
}

}  // namespace

const SandboxSupport& sandbox_support() {
  static const SandboxSupport support = [] {
    if (const std::string why = sandbox_absence(); !why.empty()) return SandboxSupport{false, why};
    return probe_sandbox();
  }();
  return support;
}

}  // namespace entrapment
