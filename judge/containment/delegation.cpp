#include "delegation.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "box/bwrap.hpp"
#include "box_description.hpp"
#include "spawn.hpp"

extern char** environ;

namespace entrapment {

namespace {

// Whether `systemd-run --user --scope` works here: asked with /bin/true.
bool systemd_delegates(const std::string& systemd_run) {
  SpawnRequest probe;
  probe.argv = {systemd_run, "--user", "--scope",      "--quiet",
                "--collect", "-p",     "Delegate=yes", "/bin/true"};
  try {
    const pid_t pid = spawn(probe);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0) {
    }
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
  } catch (const SpawnError&) {
    return false;
  }
}

}  // namespace

void start_again_in_a_delegated_scope(int argc, char** argv) {
  if (::geteuid() == 0 || std::getenv("ENTRAPMENT_DELEGATED")) return;
  // Whether a scope would give the boxes the control groups they lack here is the box's to say.
  if (!describe_boxes(BoxLimits{}, Isolation::None).would_use_delegation) return;
  const std::filesystem::path systemd_run = trusted_system_program("systemd-run");
  if (systemd_run.empty() || !systemd_delegates(systemd_run.string())) return;
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return;
  std::vector<std::string> words = {systemd_run.string(), "--user", "--scope",      "--quiet",
                                    "--collect",          "-p",     "Delegate=yes", "--",
                                    self.string()};
  for (int i = 1; i < argc; ++i) words.push_back(argv[i]);
  std::vector<char*> args;
  for (std::string& word : words) args.push_back(word.data());
  args.push_back(nullptr);
  ::setenv("ENTRAPMENT_DELEGATED", "1", 1);
  ::execv(args[0], args.data());
  ::unsetenv("ENTRAPMENT_DELEGATED");  // the exec failed: on as it is
}

std::string delegation_note() {
  return std::getenv("ENTRAPMENT_DELEGATED") ? "in a scope systemd delegated to the judge" : "";
}

}  // namespace entrapment
