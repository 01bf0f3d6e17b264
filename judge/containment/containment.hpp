// Whether the sandbox (the box's own namespaces as root, else bwrap: box/sandbox_choice.hpp) can
// contain runs here: probed once, by a box asked to run /bin/true in it, as every run would. The
// isolation a run gets is decided where it starts (isolation_policy.hpp); what each isolation
// contains is doc/execution.md's table.
#pragma once

#include <string>

namespace entrapment {

struct SandboxSupport {
  bool usable = false;
  std::string reason;  // when not usable: why
};
const SandboxSupport& sandbox_support();

}  // namespace entrapment
