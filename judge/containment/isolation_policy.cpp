#include "isolation_policy.hpp"

#include <unistd.h>

#include <iostream>
#include <mutex>

#include "containment.hpp"
#include "installation.hpp"
#include "support/ownership.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

std::mutex g_mutex;
bool g_trust = false;
std::function<void(const std::string&)> g_warn;

// not_own_path(), and for a directory submission everything inside it too.
std::string not_own(const fs::path& path) {
  if (std::string why = not_own_path(path); !why.empty()) return why;
  std::error_code ec;
  const fs::path real = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (fs::is_directory(real, ec))
    for (const auto& entry : fs::recursive_directory_iterator(real, ec))
      if (std::string why = not_own_entry(entry.path()); !why.empty()) return why;
  return "";
}

}  // namespace

void trust_unisolated_programs() {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_trust = true;
}

void set_isolation_warning(std::function<void(const std::string&)> warn) {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_warn = std::move(warn);
}

std::optional<std::string> not_the_packages(const fs::path& path, const fs::path& root,
                                            const std::string& name) {
  std::error_code ec;
  const fs::path real = fs::weakly_canonical(fs::absolute(path, ec), ec);
  const fs::path solutions = fs::weakly_canonical(root / "solutions", ec);
  const fs::path relative = real.lexically_relative(solutions);
  if (root.empty() || relative.empty() || *relative.begin() == ".." || *relative.begin() == ".")
    return name;
  const std::string why = not_own(path);
  if (why.empty()) return std::nullopt;
  return name + " (" + why + ")";
}

std::string why_unisolated(bool sandbox) {
  if (!sandbox) return "--no-sandbox";
  if (!sandbox_support().usable) return "no sandbox: " + sandbox_support().reason;
  return "";
}

Isolation isolation_for_run(const RunOrigin& origin, bool sandbox) {
  const std::string why = why_unisolated(sandbox);
  if (why.empty()) return Isolation::Bwrap;
  if (origin.path.empty() && !origin.command) return Isolation::None;  // the judge's own
  bool trust;
  std::function<void(const std::string&)> warn;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    trust = g_trust;
    warn = g_warn;
  }
  const std::string who = ::geteuid() == 0 ? "root" : "you";
  if (!trust) {
    const std::optional<std::string> untrusted =
        origin.command ? std::optional<std::string>(origin.name)
                       : not_the_packages(origin.path, package_for_containment(), origin.name);
    if (untrusted)
      throw UntrustedProgram(
          "refusing to run " + *untrusted + " with nothing isolating it (" + why +
          "). It would run as " + who +
          ", and could read and change your files (the package's secret tests, your home "
          "directory), signal your processes, use the network and leave processes and files "
          "behind. Let the sandbox isolate it (drop --no-sandbox; as root the box makes namespaces "
          "itself, otherwise Debian's package bubblewrap, where "
          "namespaces are allowed); --trust runs it anyway. See doc/execution.md.");
  }
  static std::once_flag warned;
  std::call_once(warned, [&] {
    const std::string text =
        "warning: nothing isolates the submissions (" + why + "): they run as " + who +
        ", and can read and change what " + who +
        " may (the package, its secret tests, your home), signal its processes, use the network "
        "and leave processes, files and IPC objects behind (doc/execution.md)";
    if (warn)
      warn(text);
    else
      std::cerr << "judge: " << text << "\n";
  });
  return Isolation::None;
}

}  // namespace entrapment
