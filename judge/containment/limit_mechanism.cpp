#include "limit_mechanism.hpp"

#include <unistd.h>

#include <cstdlib>
#include <map>
#include <mutex>

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

// What ENTRAPMENT_LIMITS asks for (LimitChoice::Auto).
LimitMechanism from_environment() {
  const char* env = std::getenv("ENTRAPMENT_LIMITS");
  const std::string wanted = env ? env : "";
  if (wanted == "rlimit") return rlimits("ENTRAPMENT_LIMITS=rlimit");
  if (wanted == "cgroup") return cgroups(true, "ENTRAPMENT_LIMITS=cgroup");
  if (wanted.empty() || wanted == "auto") return cgroups(false, "");
  LimitMechanism m;
  m.error = "ENTRAPMENT_LIMITS=" + wanted + ": expected rlimit, cgroup or auto";
  m.description = m.error;
  return m;
}

}  // namespace

const LimitMechanism& limit_mechanism(LimitChoice choice) {
  static std::mutex mutex;
  static std::map<LimitChoice, LimitMechanism> known;  // each found once, never moved
  std::lock_guard<std::mutex> lock(mutex);
  if (const auto it = known.find(choice); it != known.end()) return it->second;
  LimitMechanism found = choice == LimitChoice::Rlimit   ? rlimits("requested")
                         : choice == LimitChoice::Cgroup ? cgroups(true, "the run")
                                                         : from_environment();
  return known.emplace(choice, std::move(found)).first->second;
}

std::string describe_limits(LimitChoice choice) {
  return "limits: " + limit_mechanism(choice).description;
}

}  // namespace entrapment
