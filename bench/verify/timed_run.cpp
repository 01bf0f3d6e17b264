#include "timed_run.hpp"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace entrapment::bench {

namespace {

namespace fs = std::filesystem;

// A new cpuacct group under this process's own (cgroup v1), or "" when none can be made.
fs::path make_cpuacct_group() {
  std::ifstream self("/proc/self/cgroup");
  for (std::string line; std::getline(self, line);) {
    // "2:cpuacct:/path" or "2:cpu,cpuacct:/path"
    const std::size_t a = line.find(':'), b = line.find(':', a + 1);
    if (a == std::string::npos || b == std::string::npos) continue;
    const std::string controllers = line.substr(a + 1, b - a - 1);
    std::stringstream names(controllers);
    bool cpuacct = false;
    for (std::string n; std::getline(names, n, ',');) cpuacct = cpuacct || n == "cpuacct";
    if (!cpuacct) continue;
    const std::string own = line.substr(b + 1);
    for (const fs::path& mount :
         {fs::path("/sys/fs/cgroup") / controllers, fs::path("/sys/fs/cgroup/cpuacct")}) {
      std::error_code ec;
      if (!fs::exists(mount / "cpuacct.usage", ec)) continue;
      const fs::path dir =
          mount / fs::path(own).relative_path() /
          ("verify-bench-" + std::to_string(::getpid()) + "-" +
           std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
      if (fs::create_directory(dir, ec)) return dir;
    }
  }
  return {};
}

// Seconds of CPU in the group's cpuacct.usage (nanoseconds), or a negative number.
double cpuacct_seconds(const fs::path& group) {
  std::ifstream in(group / "cpuacct.usage");
  long long ns = -1;
  return in >> ns ? static_cast<double>(ns) / 1e9 : -1;
}

}  // namespace

Timing timed(const std::vector<std::string>& argv, const std::string& cache, bool keep_output) {
  // The output goes to an unlinked temporary file, read after the exit: a pipe would need a
  // reader while it runs.
  std::FILE* out = keep_output ? std::tmpfile() : std::fopen("/dev/null", "w");
  const fs::path group = make_cpuacct_group();
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (!group.empty()) std::ofstream(group / "cgroup.procs") << ::getpid() << std::flush;
    if (out) {
      ::dup2(fileno(out), 1);
      ::dup2(fileno(out), 2);
    }
    if (!cache.empty()) ::setenv("ENTRAPMENT_CACHE_DIR", cache.c_str(), 1);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  int status = 0;
  struct rusage usage {};
  ::wait4(pid, &status, 0, &usage);
  Timing t;
  t.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  t.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  t.cpu_s = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
            static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  if (!group.empty()) {
    // Every process of the run has exited (the judge waits for its own); the group is empty.
    // wait4's figure is a lower bound: a group that counted less did not hold the run.
    const double counted = cpuacct_seconds(group);
    if (counted >= t.cpu_s) {
      t.cpu_s = counted;
      t.cpu_from_cgroup = true;
    }
    std::error_code ec;
    fs::remove(group, ec);
  }
  if (out) {
    if (keep_output) {
      std::rewind(out);
      char buffer[1 << 16];
      for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, out)) > 0;)
        t.output.append(buffer, n);
    }
    std::fclose(out);
  }
  return t;
}

}  // namespace entrapment::bench
