// Where nothing isolates a contestant (bwrap is not in use: --no-sandbox, or none usable,
// whether the judge is root or not), its program runs as the judge's user,
// with that user's files (the package's secret tests, a home directory), processes and
// terminal within its reach. Then `judge run`, `play` and `verify` start only the package's
// own submissions (under solutions/: code the setter wrote), after a warning; anything else
// (another path, -- COMMAND) is refused unless --trust on the command line says the user
// trusts it (never the environment: what set it is not the user at the prompt).
#pragma once

#include <CLI/CLI.hpp>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "containment/limits.hpp"

namespace entrapment::cli {

// --trust, for run, play and verify.
void add_trust_option(CLI::App& sub, bool& trust);

// Nothing when `path` is one of the package's own submissions: under ROOT/solutions/, and no
// one but the judge's user or root owns it or a directory above it, or may write there (a
// sticky directory, /tmp, excepted: others cannot move what is not theirs there). A local user
// who planted /tmp/problem.yaml, testdata/ and solutions/ had root's judge, started under /tmp,
// run the planted program unisolated. Otherwise `name` as check_isolation() shows it, with
// what is not the user's own when it is under solutions/.
std::optional<std::string> not_the_packages(const std::filesystem::path& path,
                                            const std::filesystem::path& root,
                                            const std::string& name);

// With `sandbox` as asked: when nothing would isolate the contestants, throws
// CommandFailure(kExitUsage) when `untrusted` (what is not the package's own, as shown to the
// user) is not empty and `trust` is off, and otherwise prints a warning to stderr.
void check_isolation(bool sandbox, const std::vector<std::string>& untrusted, bool trust);

// `-v` of run and verify: how the limits are enforced here and why (the mechanism, the
// sandbox, the isolation, what each limit covers), one line each, to stdout.
void print_enforcement(const Limits& limits, bool sandbox);

}  // namespace entrapment::cli
