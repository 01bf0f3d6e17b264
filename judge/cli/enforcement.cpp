#include "enforcement.hpp"

#include <unistd.h>

#include <iostream>
#include <string>
#include <vector>

#include "containment/box_description.hpp"
#include "containment/containment.hpp"
#include "containment/delegation.hpp"
#include "containment/isolation_policy.hpp"
#include "judging/cpu_pool.hpp"

namespace entrapment::cli {

namespace {

// "namespaces of the box's own, run as root ...", "bwrap, ..." or "none (why): only trusted
// code runs ...". `box_sandbox`: what the box said its sandbox is ("namespaces (...)", "bwrap
// (...)").
std::string describe_isolation(bool sandbox, const std::string& box_sandbox) {
  const std::string why = why_unisolated(sandbox);
  const std::string dropped =
      ", run as root, the program dropped to a user id of its own (no capabilities, no new "
      "privileges)";
  if (why.empty())
    return box_sandbox.rfind("namespaces", 0) == 0 ? "namespaces of the box's own" + dropped
           : ::geteuid() == 0                      ? "bwrap" + dropped
                                                   : "bwrap, in a user namespace of yours";
  return "none (" + why + "): only trusted code runs, as " +
         (::geteuid() == 0 ? std::string("root") : std::string("you")) +
         ", with everything that user may reach";
}

}  // namespace

void add_trust_option(CLI::App& sub) {
  sub.add_flag_callback(
      "--trust", [] { trust_unisolated_programs(); },
      "run submissions that are not the package's own even where nothing isolates them "
      "(no sandbox in use): they run as you (root included), with your files");
}

void print_enforcement(const BoxLimits& limits, bool sandbox) {
  // What each limit covers is the box's to say: it is asked with the limits and the isolation
  // of the runs to come, and repeated here.
  // Each test's run is pinned to a CPU of its own (judging/cpu_pool.hpp): described on the
  // first.
  const std::vector<int> cpus = usable_cpus();
  BoxLimits pinned = limits;
  pinned.cpu = cpus.front();
  const BoxDescription box =
      describe_boxes(pinned, why_unisolated(sandbox).empty() ? Isolation::Bwrap : Isolation::None);
  const std::string delegated = box.memory_exact ? delegation_note() : "";
  std::cout << "limits: "
            << (!box.unreachable.empty() ? box.unreachable
                : box.error.empty()      ? box.limits
                                         : box.error)
            << (delegated.empty() ? "" : ", " + delegated) << "\n"
            << "sandbox: "
            << (!sandbox                   ? std::string("off (--no-sandbox)")
                : sandbox_support().usable ? box.sandbox
                                           : "off (" + sandbox_support().reason + ")")
            << "\n"
            << "isolation: " << describe_isolation(sandbox, box.sandbox) << "\n";
  std::string listed;
  for (const int cpu : cpus) listed += (listed.empty() ? "" : ",") + std::to_string(cpu);
  std::cout << "timing: each test's run on a CPU of its own, at most " << cpus.size()
            << " at once (the CPUs the judge may use: " << listed << "); -j above " << cpus.size()
            << " counts as " << cpus.size() << "\n";
  for (const std::string& line : box.covers) std::cout << "  " << line << "\n";
  if (!box.seccomp.empty()) std::cout << "  " << box.seccomp << "\n";
}

void print_best_effort_note(const BoxLimits& limits, bool sandbox) {
  const BoxDescription box =
      describe_boxes(limits, why_unisolated(sandbox).empty() ? Isolation::Bwrap : Isolation::None);
  if (!box.unreachable.empty() || !box.error.empty() || box.memory_exact) return;
  std::cout << "note: limits: " << box.limits
            << ": memory is counted on a best-effort basis, so memory no process holds is not "
               "seen (-v says what each limit covers; doc/execution.md)\n";
}

}  // namespace entrapment::cli
