#include "runs.hpp"

#include <dirent.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "box/cgroup.hpp"
#include "box/cpuset.hpp"
#include "box/limiter.hpp"
#include "box/proc_table.hpp"
#include "box/sandbox_choice.hpp"
#include "box/sweep.hpp"
#include "containment/containment.hpp"
#include "containment/judge_temp.hpp"
#include "problems/entrapment/module.hpp"

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

BoxLimits small_limits(LimitChoice mechanism) {
  BoxLimits limits;
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

// The control groups of boxes `caller` started that are gone (a box removes its own before it
// exits): entrapment-box-<caller>-<box>.
void add_groups_of_dead_boxes(pid_t caller, std::vector<std::string>& found) {
  std::error_code ec;
  const CgroupLayout layout = layout_for_boxes();
  // And the cpusets of runs given a CPU (box/cpuset.hpp), under cgroup v1.
  const fs::path cpusets = layout.version == 1 ? cpuset_parent_for_boxes().value_or("") : "";
  for (const fs::path& dir : {layout.memory, layout.pids, layout.cpu, cpusets}) {
    if (dir.empty()) continue;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      const std::string name = entry.path().filename().string();
      const std::string prefix = kBoxGroupPrefix + std::to_string(caller) + "-";
      if (name.rfind(prefix, 0) != 0) continue;
      const pid_t box = static_cast<pid_t>(std::atol(name.c_str() + prefix.size()));
      if (box > 0 && ::kill(box, 0) != 0 && errno == ESRCH) found.push_back(entry.path().string());
    }
  }
}

}  // namespace

std::vector<std::string> leftovers(const std::vector<fs::path>& kept) {
  std::vector<std::string> found;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(judge_temp_dir(), ec))
    if (std::find(kept.begin(), kept.end(), entry.path()) == kept.end())
      found.push_back(entry.path().string());
  add_groups_of_dead_boxes(::getpid(), found);
  return found;
}

std::vector<std::string> judge_leftovers(pid_t judge) {
  std::vector<std::string> found;
  std::error_code ec;
  const std::string prefix = std::string(kJudgeTempPrefix) + std::to_string(judge) + "-";
  for (const auto& entry : fs::directory_iterator("/tmp", ec))
    if (entry.path().filename().string().rfind(prefix, 0) == 0)
      found.push_back(entry.path().string());
  add_groups_of_dead_boxes(judge, found);
  return found;
}

int staged_programs_with(const std::string& token) {
  int count = 0;
  for (const ProcEntry& p : read_process_table()) {
    const std::string proc = "/proc/" + std::to_string(p.pid);
    const std::string cmdline = read_proc_file(proc + "/cmdline");
    std::error_code ec;
    if (cmdline.find(token) != std::string::npos &&
        cmdline.find(std::string("/tmp/") + kJudgeTempPrefix) != std::string::npos &&
        fs::read_symlink(proc + "/exe", ec).filename() != "judge-box")
      ++count;
  }
  return count;
}

TestCase trapper_board() { return parse_testcase("3 6\n1 2 3 7 8 9\nadversary adaptive 1\n"); }

TestResult judge_test(const Submission& submission, const TestCase& test, const std::string& name,
                      const BoxLimits& limits, bool sandbox, const ChannelWrapper& wrap) {
  const EntrapmentTest prepared(test);
  return entrapment::judge_test(submission, entrapment_module(), prepared, name, limits, sandbox,
                                wrap);
}

RunResult judge_tests(const Submission& submission, const std::vector<fs::path>& tests,
                      const fs::path& base, const BoxLimits& limits, const RunOptions& options) {
  return entrapment::judge_tests(submission, entrapment_module(), tests, base, limits, options);
}

bool can_contain_fork_bombs(bool sandbox, LimitChoice mechanism) {
  return has_own_root(sandbox) || limits_here(mechanism).cgroup || ::geteuid() != 0;
}

bool has_own_root(bool sandbox) { return sandbox && sandbox_support().usable; }

std::string sandbox_name() {
  static const std::string name = sandbox_choice(true).name();
  return name;
}

std::vector<std::string> files_with(const std::string& token) {
  std::vector<std::string> found;
  std::error_code ec;
  for (const char* dir : {"/tmp", "/dev/shm"})
    for (const auto& entry : fs::directory_iterator(dir, ec))
      if (entry.path().filename().string().find(token) != std::string::npos)
        found.push_back(entry.path().string());
  return found;
}

bool cgroups_usable() { return limits_here(LimitChoice::Cgroup).error.empty(); }
std::string cgroups_reason() { return limits_here(LimitChoice::Cgroup).error; }

std::string mechanism_name(LimitChoice mechanism) {
  return mechanism == LimitChoice::Cgroup ? "cgroup" : "rlimit";
}

std::string mode_name(bool sandbox, LimitChoice mechanism) {
  const std::string isolation = !sandbox                         ? "none_"
                                : sandbox_name() == "namespaces" ? "ns_"
                                                                 : "bwrap_";
  return std::string(::geteuid() == 0 ? "root_" : "user_") + isolation + mechanism_name(mechanism);
}

std::string why_unsupported(bool sandbox, LimitChoice mechanism) {
  if (sandbox && !sandbox_support().usable) return "no sandbox usable: " + sandbox_support().reason;
  if (mechanism == LimitChoice::Cgroup && !cgroups_usable())
    return "no control groups: " + cgroups_reason();
  return "";
}

}  // namespace entrapment::testing
