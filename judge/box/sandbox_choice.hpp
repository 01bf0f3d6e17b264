// Which sandbox a run that asks for one (`--sandbox bwrap`, the default) gets here: namespaces
// the box makes itself when it is root (namespaces.hpp), bwrap when it is not or cannot make
// them (bwrap.hpp), none when neither can be had (the run is then the box's error). Both build
// one root (sandbox_view.hpp) with one seccomp filter. ENTRAPMENT_BWRAP=off turns the sandbox off
// altogether, as it always did: `--sandbox` is then none by default (request.hpp), and a run
// that asks for it anyway gets none.
#pragma once

#include <string>

namespace entrapment {

enum class SandboxKind { OwnNamespaces, Bwrap, None };

struct SandboxChoice {
  SandboxKind kind = SandboxKind::None;
  std::string why_not_own;  // why not namespaces of the box's own ("" when they are its)
  std::string why_none;     // kind None: why no sandbox at all
  // What `judge-box --describe` says: "namespaces (of the box's own: ...)", "bwrap
  // (/usr/bin/bwrap; not the box's own namespaces: why)", "none (why)".
  std::string describe() const;
  // The record's `isolation`: "namespaces", "bwrap" or "none".
  std::string name() const;
};

// `probe`: the box's own namespaces proved by cloning a child into them (--describe); else
// taken when the box is root and they are not turned off (a run whose clone is refused then
// falls back to bwrap itself).
SandboxChoice sandbox_choice(bool probe);

// The choice without the box's own namespaces (`why_not_own`: a run's clone was refused, say):
// bwrap, or none when it cannot be had.
SandboxChoice sandbox_without_own_namespaces(const std::string& why_not_own);

// "" when a run here may be sandboxed as far as can be told without running one (the judge's
// probe then runs one); else why it cannot.
std::string sandbox_absence();

}  // namespace entrapment
