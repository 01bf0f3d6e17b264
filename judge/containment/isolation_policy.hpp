// What may run where nothing isolates it, decided in one place: where a run starts
// (box_process.hpp asks isolation_for_run() before it starts any box). Without a sandbox (no
// namespaces of the box's own and no bwrap, a container that forbids them, ENTRAPMENT_BWRAP=off,
// or --no-sandbox) a program runs
// as the judge's user, root included, with that user's files (the package's secret tests, a
// home directory), processes and network within its reach. So there only trusted code runs:
// the package's own submissions (under its solutions/, owned with every directory above by the
// judge's user or root and writable by no one else), after a warning; anything else (another
// path, -- COMMAND) only with --trust on the command line (never the environment: what set it
// is not the user at the prompt). A refusal is UntrustedProgram, which the commands report as
// a usage error (exit 2) before anything else is judged.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

#include "box/request.hpp"

namespace entrapment {

// --trust on the command line: anything may run unisolated. (The package, whose solutions/
// are its own, is set_package_for_containment()'s, installation.hpp.)
void trust_unisolated_programs();
// Where the warning goes, once, at the first run that nothing isolates (stderr by default:
// "judge: warning: ...").
void set_isolation_warning(std::function<void(const std::string&)> warn);

// The code a run executes: a submission's file or directory, or a command line's program.
struct RunOrigin {
  std::filesystem::path path;  // empty: the judge's own (a probe, the validator)
  std::string name;            // as the user named it
  bool command = false;        // given as -- COMMAND: never the package's own
};

class UntrustedProgram : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Nothing when `path` is one of the package's own submissions (see above); otherwise `name`,
// with what is not the user's own when it is under solutions/.
std::optional<std::string> not_the_packages(const std::filesystem::path& path,
                                            const std::filesystem::path& root,
                                            const std::string& name);

// The isolation a run of `origin` gets: the sandbox when `sandbox` is asked for (not
// --no-sandbox) and one is usable here (sandbox_support()); none otherwise, when the policy lets
// `origin` run so (after the warning, once). Throws UntrustedProgram naming the program and what it
// could reach.
Isolation isolation_for_run(const RunOrigin& origin, bool sandbox);

// Why nothing isolates runs here ("--no-sandbox", "no sandbox: ..."); empty when a sandbox does.
std::string why_unisolated(bool sandbox);

}  // namespace entrapment
