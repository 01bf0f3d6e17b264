#include "isolation_check.hpp"

#include <cstdlib>
#include <iostream>

#include "command.hpp"
#include "containment/contestant_process.hpp"
#include "containment/limit_mechanism.hpp"
#include "containment/sandbox.hpp"

namespace entrapment::cli {

namespace fs = std::filesystem;

void add_trust_option(CLI::App& sub, bool& trust) {
  sub.add_flag("--trust", trust,
               "run submissions that are not the package's own even where nothing isolates them "
               "(bwrap not in use): they run as you (root included), with your files");
}

bool is_package_submission(const fs::path& path, const fs::path& root) {
  std::error_code ec;
  const fs::path real = fs::weakly_canonical(fs::absolute(path, ec), ec);
  const fs::path solutions = fs::weakly_canonical(root / "solutions", ec);
  const fs::path relative = real.lexically_relative(solutions);
  return !relative.empty() && *relative.begin() != ".." && *relative.begin() != ".";
}

void check_isolation(bool sandbox, const std::vector<std::string>& untrusted, bool trust) {
  if (isolation_for(sandbox) != Isolation::None) return;
  // ENTRAPMENT_TRUST=1: --trust for every command (a machine of one's own running tests).
  if (const char* env = std::getenv("ENTRAPMENT_TRUST"); env && std::string(env) == "1")
    trust = true;
  const std::string why = describe_isolation(sandbox);
  if (!untrusted.empty() && !trust) {
    std::string list;
    for (const std::string& name : untrusted) list += (list.empty() ? "" : ", ") + name;
    throw CommandFailure(
        kExitUsage,
        "refusing to run " + list + " with nothing isolating it: " + why +
            ". It would run as you, and could read and change your files (the package's "
            "secret tests, your home directory), signal your processes and write to your "
            "terminal. Let bwrap isolate it (drop --no-sandbox; Debian's package bubblewrap, "
            "where namespaces are allowed); --trust runs it anyway. See doc/execution.md.");
  }
  std::cerr << "judge " << current_command() << ": warning: nothing isolates the submissions ("
            << why << "): they can read and change what the judge's user may (the package, its "
            << "secret tests, your home), signal its processes, use the network and leave "
            << "processes, files and IPC objects behind (doc/execution.md)\n";
}

void print_enforcement(const Limits& limits, bool sandbox) {
  std::cout << describe_limits(limits.mechanism) << "\n"
            << "sandbox: "
            << (!sandbox                   ? std::string("off (--no-sandbox)")
                : sandbox_support().usable ? std::string("bwrap")
                                           : "off (" + sandbox_support().reason + ")")
            << "\n"
            << "isolation: " << describe_isolation(sandbox) << "\n";
  for (const std::string& line : describe_limit_scope(limits, sandbox))
    std::cout << "  " << line << "\n";
}

}  // namespace entrapment::cli
