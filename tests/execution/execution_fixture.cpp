#include "execution_fixture.hpp"

#include <dirent.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "containment/contestant_process.hpp"
#include "containment/limit_mechanism.hpp"
#include "containment/proc_table.hpp"

namespace entrapment {
void PrintTo(LimitChoice mechanism, std::ostream* out) {
  *out << (mechanism == LimitChoice::Cgroup   ? "cgroup"
           : mechanism == LimitChoice::Rlimit ? "rlimit"
                                              : "auto");
}
}  // namespace entrapment

namespace entrapment::testing {

namespace fs = std::filesystem;

fs::path bin_dir() { return build_bin(); }

fs::path package_root() { return repository(); }

JudgeOptions in_package(std::vector<std::pair<std::string, std::optional<std::string>>> env) {
  env.insert(env.begin(), {"ENTRAPMENT_ROOT", repository().string()});
  JudgeOptions options;
  options.env = std::move(env);
  return options;
}

Submission player(const std::string& mode, std::string* token) {
  static std::atomic<int> counter{0};
  const std::string unique =
      "contained-player-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
  if (token) *token = unique;
  return {"player " + mode, {fs::absolute(bin_dir() / "test_player").string(), mode, unique}};
}

Limits small_limits(LimitChoice mechanism) {
  Limits limits;
  limits.cpu_s = 1;
  limits.wall_s = wall_limit_for(limits.cpu_s);
  limits.memory_mib = 256;
  limits.max_processes = 64;
  limits.max_output_bytes = 1 << 20;
  limits.mechanism = mechanism;
  return limits;
}

int processes_with(const std::string& token) {
  int count = 0;
  DIR* proc = ::opendir("/proc");
  while (dirent* entry = proc ? ::readdir(proc) : nullptr) {
    if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
    const std::string cmdline = read_proc_file(std::string("/proc/") + entry->d_name + "/cmdline");
    if (cmdline.find(token) != std::string::npos) ++count;
  }
  if (proc) ::closedir(proc);
  return count;
}

namespace {

std::vector<std::string> entrapment_names_of(int pid) {
  std::vector<std::string> found;
  const std::string mark = "-" + std::to_string(pid) + "-";
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator("/tmp", ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("entrapment-", 0) == 0 && name.find(mark) != std::string::npos)
      found.push_back(entry.path().string());
  }
  const CgroupLayout& layout = limit_mechanism(LimitChoice::Auto).layout;
  for (const fs::path& dir : {layout.memory, layout.pids, layout.cpu}) {
    if (dir.empty()) continue;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      const std::string name = entry.path().filename().string();
      if (name.rfind("entrapment" + mark, 0) == 0) found.push_back(entry.path().string());
    }
  }
  return found;
}

// What a killed process that had this process's pid left, found before any test runs: not
// this process's leftovers.
std::vector<std::string>& left_before_this_process() {
  static std::vector<std::string> names;
  return names;
}

class RememberWhatWasLeftBefore : public ::testing::Environment {
 public:
  void SetUp() override { left_before_this_process() = entrapment_names_of(::getpid()); }
};

[[maybe_unused]] ::testing::Environment* const kRemember =
    ::testing::AddGlobalTestEnvironment(new RememberWhatWasLeftBefore);

}  // namespace

std::vector<std::string> leftovers_of(int pid) {
  std::vector<std::string> found = entrapment_names_of(pid);
  if (pid == ::getpid()) {
    const std::vector<std::string>& before = left_before_this_process();
    found.erase(std::remove_if(found.begin(), found.end(),
                               [&](const std::string& name) {
                                 return std::find(before.begin(), before.end(), name) !=
                                        before.end();
                               }),
                found.end());
  }
  return found;
}

TestCase trapper_board() { return parse_testcase("3 6\n1 2 3 7 8 9\nadversary adaptive 1\n"); }
TestCase runner_board() { return parse_testcase("2 0\nadversary adaptive 1\n"); }

bool can_contain_fork_bombs(bool sandbox, LimitChoice mechanism) {
  return isolation_for(sandbox) == Isolation::Bwrap || limit_mechanism(mechanism).cgroup ||
         ::geteuid() != 0;
}

bool has_own_root(bool sandbox) { return isolation_for(sandbox) == Isolation::Bwrap; }

std::vector<std::string> files_with(const std::string& token) {
  std::vector<std::string> found;
  std::error_code ec;
  for (const char* dir : {"/tmp", "/dev/shm"})
    for (const auto& entry : fs::directory_iterator(dir, ec))
      if (entry.path().filename().string().find(token) != std::string::npos)
        found.push_back(entry.path().string());
  return found;
}

bool cgroups_usable() { return limit_mechanism(LimitChoice::Cgroup).error.empty(); }
std::string cgroups_reason() { return limit_mechanism(LimitChoice::Cgroup).error; }

std::string mechanism_name(LimitChoice mechanism) {
  return mechanism == LimitChoice::Cgroup ? "cgroup" : "rlimit";
}

std::string mode_name(bool sandbox, LimitChoice mechanism) {
  return std::string(::geteuid() == 0 ? "root_" : "user_") + (sandbox ? "bwrap_" : "none_") +
         mechanism_name(mechanism);
}

std::string why_unsupported(bool sandbox, LimitChoice mechanism) {
  if (sandbox && !sandbox_support().usable) return "bwrap not usable: " + sandbox_support().reason;
  if (mechanism == LimitChoice::Cgroup && !cgroups_usable())
    return "no control groups: " + cgroups_reason();
  return "";
}

}  // namespace entrapment::testing
