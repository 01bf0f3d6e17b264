#include "limit_mechanism.hpp"

#include <unistd.h>

#include <cstdlib>
#include <mutex>
#include <optional>

#include "proc_table.hpp"

namespace entrapment {

namespace {

// The judge's control groups, found and readied once.
const CgroupLayout& detected_cgroups() {
  static const CgroupLayout layout = [] {
    const pid_t self = ::getpid();
    CgroupLayout found = find_cgroups("/sys/fs/cgroup", read_proc_file("/proc/self/cgroup"), self);
    prepare_cgroups(found, self);
    return found;
  }();
  return layout;
}

LimitMechanism rlimits(const std::string& why) {
  LimitMechanism m;
  m.description = "rlimit (" + why + ")";
  return m;
}

LimitMechanism cgroups(bool forced, const std::string& by) {
  const CgroupLayout& layout = detected_cgroups();
  if (layout.usable()) {
    LimitMechanism m;
    m.cgroup = true;
    m.layout = layout;
    m.description = layout.describe();
    return m;
  }
  if (!forced) return rlimits(layout.reason);
  LimitMechanism m;
  m.error = by + " asks for control groups, but there is " + layout.reason;
  m.description = m.error;
  return m;
}

}  // namespace

const LimitMechanism& limit_mechanism(LimitChoice choice) {
  static std::mutex mutex;
  static std::optional<LimitMechanism> rlimit, cgroup, automatic;
  std::lock_guard<std::mutex> lock(mutex);
  if (choice == LimitChoice::Rlimit) {
    if (!rlimit) rlimit = rlimits("requested");
    return *rlimit;
  }
  if (choice == LimitChoice::Cgroup) {
    if (!cgroup) cgroup = cgroups(true, "the run");
    return *cgroup;
  }
  if (!automatic) {
    const char* env = std::getenv("ENTRAPMENT_LIMITS");
    const std::string wanted = env ? env : "";
    if (wanted == "rlimit") {
      automatic = rlimits("ENTRAPMENT_LIMITS=rlimit");
    } else if (wanted == "cgroup") {
      automatic = cgroups(true, "ENTRAPMENT_LIMITS=cgroup");
    } else if (wanted.empty() || wanted == "auto") {
      automatic = cgroups(false, "");
    } else {
      LimitMechanism m;
      m.error = "ENTRAPMENT_LIMITS=" + wanted + ": expected rlimit, cgroup or auto";
      m.description = m.error;
      automatic = m;
    }
  }
  return *automatic;
}

std::string describe_limits(LimitChoice choice) {
  return "limits: " + limit_mechanism(choice).description;
}

}  // namespace entrapment
