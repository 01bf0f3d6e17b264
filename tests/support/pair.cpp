#include "pair.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

#include "process.hpp"

namespace entrapment::testing {

namespace {

JudgeExit exit_of(int status, const rusage& usage) {
  JudgeExit e;
  if (WIFEXITED(status)) e.code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) e.signal = WTERMSIG(status);
  e.peak_kib = usage.ru_maxrss;
  return e;
}

// Waits for the judge, then ends the contestant whatever it is doing.
JudgeExit wait_for(pid_t judge, pid_t contestant) {
  int status = 0;
  rusage usage{};
  while (wait4(judge, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  JudgeExit ended = exit_of(status, usage);
  ended.contestant_outlived_it = waitpid(contestant, nullptr, WNOHANG) == 0;
  if (ended.contestant_outlived_it) {
    kill(contestant, SIGKILL);
    while (waitpid(contestant, nullptr, 0) < 0 && errno == EINTR) {
    }
  }
  return ended;
}

}  // namespace

JudgeExit run_pair(const std::vector<std::string>& judge,
                   const std::vector<std::string>& contestant,
                   const std::filesystem::path& judge_stderr, long long judge_memory_mib,
                   const std::function<void(pid_t)>& on_judge_started) {
  int to_judge[2], to_contestant[2];
  // Close-on-exec: tests run pairs from several threads at once, and a pipe end inherited by
  // another pair's process would keep this pair's reader from ever seeing the end of input.
  if (pipe2(to_judge, O_CLOEXEC) != 0) return {};
  if (pipe2(to_contestant, O_CLOEXEC) != 0) {
    close(to_judge[0]);
    close(to_judge[1]);
    return {};
  }
  // The judge keeps the test's SIGPIPE handling (its own error paths are tested).
  const pid_t judge_pid =
      spawn_wired(judge, to_judge[0], to_contestant[1],
                  {.stderr_file = judge_stderr,
                   .address_space_bytes = static_cast<unsigned long long>(judge_memory_mib) << 20,
                   .default_sigpipe = false});
  if (on_judge_started && judge_pid > 0) on_judge_started(judge_pid);
  const pid_t contestant_pid =
      spawn_wired(contestant, to_contestant[0], to_judge[1], {.stderr_file = {}});
  for (int fd : {to_judge[0], to_judge[1], to_contestant[0], to_contestant[1]}) close(fd);
  return wait_for(judge_pid, contestant_pid);
}

JudgeExit run_cms(const std::filesystem::path& manager, const std::filesystem::path& input,
                  const std::vector<std::string>& contestant, const std::filesystem::path& dir) {
  const std::filesystem::path from_user = dir / "u0_to_m", to_user = dir / "m_to_u0";
  unlink(from_user.c_str());
  unlink(to_user.c_str());
  if (mkfifo(from_user.c_str(), 0666) != 0 || mkfifo(to_user.c_str(), 0666) != 0) return {};
  const int in = open(input.c_str(), O_RDONLY | O_CLOEXEC);
  const int out =
      open((dir / "manager.out").c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (in < 0 || out < 0) {
    for (int fd : {in, out})
      if (fd >= 0) close(fd);
    return {};
  }
  const pid_t manager_pid =
      spawn_wired({manager.string(), from_user.string(), to_user.string()}, in, out,
                  {.stderr_file = dir / "manager.err", .default_sigpipe = false});
  close(in);
  close(out);
  // The FIFOs are opened by a shell that then becomes the contestant, stdin first as CMS's
  // sandbox opens them: an open() blocks until the manager opens the other end, and a start
  // waits for its exec.
  std::vector<std::string> wrapped = {"/bin/sh", "-c",
                                      "out=$1; shift; exec \"$@\" < \"$0\" > \"$out\"",
                                      to_user.string(), from_user.string()};
  wrapped.insert(wrapped.end(), contestant.begin(), contestant.end());
  const pid_t contestant_pid = spawn_wired(wrapped, 0, 1, {.stderr_file = {}});
  // A manager that stopped without opening the FIFOs (a broken test) leaves the contestant
  // waiting in open(); once the manager has exited its verdict is known anyway.
  return wait_for(manager_pid, contestant_pid);
}

}  // namespace entrapment::testing
