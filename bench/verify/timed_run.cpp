#include "timed_run.hpp"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace entrapment::bench {

Timing timed(const std::vector<std::string>& argv, const std::string& cache, bool keep_output) {
  // The output goes to an unlinked temporary file, read after the exit: a pipe would need a
  // reader while it runs.
  std::FILE* out = keep_output ? std::tmpfile() : std::fopen("/dev/null", "w");
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
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
