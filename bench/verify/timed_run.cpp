#include "timed_run.hpp"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>

#include "box/cgroup.hpp"

namespace entrapment::bench {

namespace {

// A group of the bench's own for one command, or nothing where none can be made. The judge
// makes its runs' groups inside it, and a group's CPU count includes its children's.
std::unique_ptr<ContestantCgroup> group_for_a_command() {
  static CgroupLayout layout = [] {
    std::ifstream self("/proc/self/cgroup");
    const std::string text{std::istreambuf_iterator<char>(self), {}};
    CgroupLayout found = find_cgroups("/sys/fs/cgroup", text, ::getpid());
    if (found.usable()) prepare_cgroups(found, ::getpid());
    return found;
  }();
  if (!layout.usable()) return nullptr;
  static int count = 0;
  try {
    return std::make_unique<ContestantCgroup>(
        layout, "bench-" + std::to_string(::getpid()) + "-" + std::to_string(++count), 64LL << 30,
        1 << 20);
  } catch (const std::exception&) {
    return nullptr;
  }
}

}  // namespace

Timing timed(const std::vector<std::string>& argv, const std::string& cache, bool keep_output) {
  // The output goes to an unlinked temporary file, read after the exit: a pipe would need a
  // reader while it runs.
  std::FILE* out = keep_output ? std::tmpfile() : std::fopen("/dev/null", "w");
  std::unique_ptr<ContestantCgroup> group = group_for_a_command();
  const std::vector<int> procs = group ? group->open_procs_files() : std::vector<int>{};
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    for (int fd : procs)
      if (::write(fd, "0", 1) != 1) ::_exit(126);
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
  for (int fd : procs) ::close(fd);
  Timing t;
  t.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  t.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  t.cpu_s = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
            static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  t.counted_by = "wait4 (misses PID namespaces)";
  if (group) {
    t.cpu_s = group->cpu_seconds();
    t.counted_by = "a control group";
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
