#include "sandbox_choice.hpp"

#include <unistd.h>

#include <cstdlib>

#include "bwrap.hpp"
#include "namespaces.hpp"

namespace entrapment {

namespace {

bool sandbox_turned_off() {
  const char* env = std::getenv("ENTRAPMENT_BWRAP");
  return env && std::string(env) == "off";
}

const char* const kTurnedOff =
    "the sandbox is turned off (ENTRAPMENT_BWRAP=off: no bwrap, and no namespaces of the box's "
    "own)";

}  // namespace

std::string SandboxChoice::describe() const {
  switch (kind) {
    case SandboxKind::OwnNamespaces:
      return "namespaces (of the box's own, as isolate makes them: mount, PID, IPC, network, "
             "UTS, cgroup; no bwrap)";
    case SandboxKind::Bwrap:
      return "bwrap (" + bwrap_path().string() +
             (::geteuid() == 0 ? "; not the box's own namespaces: " + why_not_own : "") + ")";
    case SandboxKind::None:
      break;
  }
  return "none (" + why_none + ")";
}

std::string SandboxChoice::name() const {
  return kind == SandboxKind::OwnNamespaces ? "namespaces"
         : kind == SandboxKind::Bwrap       ? "bwrap"
                                            : "none";
}

SandboxChoice sandbox_without_own_namespaces(const std::string& why_not_own) {
  SandboxChoice choice;
  choice.why_not_own = why_not_own;
  if (sandbox_turned_off()) {
    choice.why_none = kTurnedOff;
  } else if (!bwrap_path().empty()) {
    choice.kind = SandboxKind::Bwrap;
  } else {
    choice.why_none = bwrap_absence();
    if (::geteuid() == 0)
      choice.why_none =
          "the box cannot make namespaces itself (" + why_not_own + "), and " + choice.why_none;
  }
  return choice;
}

SandboxChoice sandbox_choice(bool probe) {
  if (sandbox_turned_off()) return sandbox_without_own_namespaces(kTurnedOff);
  std::string why = own_namespaces_absence(probe);
  if (!why.empty()) return sandbox_without_own_namespaces(why);
  SandboxChoice choice;
  choice.kind = SandboxKind::OwnNamespaces;
  return choice;
}

std::string sandbox_absence() {
  const SandboxChoice choice = sandbox_choice(false);
  return choice.kind == SandboxKind::None ? choice.why_none : "";
}

}  // namespace entrapment
