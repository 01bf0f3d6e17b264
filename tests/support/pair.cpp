#include "pair.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exec_arguments.hpp"

namespace entrapment::testing {

namespace {

int exit_code(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : -1; }

// Everything below the fork is async-signal-safe (exec_arguments.hpp says why): the arguments,
// the paths and the flags are ready before it.
pid_t spawn(const ExecArguments& exec, int in, int out, const int (&close_fds)[4],
            const char* err = nullptr) {
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(in, 0);
    dup2(out, 1);
    for (int fd : close_fds) close(fd);
    if (err) {
      const int fd = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd >= 0) dup2(fd, 2);
    }
    execvp(exec.argv()[0], exec.argv());
    _exit(127);
  }
  return pid;
}

}  // namespace

int run_pair(const std::vector<std::string>& judge, const std::vector<std::string>& contestant,
             const std::filesystem::path& judge_stderr) {
  int to_judge[2], to_contestant[2];
  // Close-on-exec: tests run pairs from several threads at once, and a pipe end inherited by
  // another pair's process would keep this pair's reader from ever seeing the end of input.
  if (pipe2(to_judge, O_CLOEXEC) != 0) return -1;
  if (pipe2(to_contestant, O_CLOEXEC) != 0) return -1;
  const int all[4] = {to_judge[0], to_judge[1], to_contestant[0], to_contestant[1]};
  const ExecArguments judge_exec(judge), contestant_exec(contestant);
  const std::string err = judge_stderr.string();
  const pid_t judge_pid = spawn(judge_exec, to_judge[0], to_contestant[1], all,
                                judge_stderr.empty() ? nullptr : err.c_str());
  const pid_t contestant_pid = spawn(contestant_exec, to_contestant[0], to_judge[1], all);
  for (int fd : all) close(fd);
  int judge_status = 0, contestant_status = 0;
  waitpid(judge_pid, &judge_status, 0);
  waitpid(contestant_pid, &contestant_status, 0);
  return exit_code(judge_status);
}

int run_cms(const std::filesystem::path& manager, const std::filesystem::path& input,
            const std::vector<std::string>& contestant, const std::filesystem::path& dir) {
  const std::filesystem::path from_user = dir / "u0_to_m", to_user = dir / "m_to_u0";
  unlink(from_user.c_str());
  unlink(to_user.c_str());
  if (mkfifo(from_user.c_str(), 0666) != 0 || mkfifo(to_user.c_str(), 0666) != 0) return -1;
  const ExecArguments manager_exec({manager.string(), from_user.string(), to_user.string()}),
      contestant_exec(contestant);
  const std::string manager_out = (dir / "manager.out").string(),
                    manager_err = (dir / "manager.err").string();
  const pid_t manager_pid = fork();
  if (manager_pid == 0) {
    const int in = open(input.c_str(), O_RDONLY);
    const int out = open(manager_out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = open(manager_err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    execvp(manager_exec.argv()[0], manager_exec.argv());
    _exit(127);
  }
  const pid_t contestant_pid = fork();
  if (contestant_pid == 0) {
    signal(SIGPIPE, SIG_DFL);
    const int in = open(to_user.c_str(), O_RDONLY);  // stdin first, as CMS's sandbox
    const int out = open(from_user.c_str(), O_WRONLY);
    dup2(in, 0);
    dup2(out, 1);
    execvp(contestant_exec.argv()[0], contestant_exec.argv());
    _exit(127);
  }
  int manager_status = 0, contestant_status = 0;
  waitpid(manager_pid, &manager_status, 0);
  // A manager that stopped without opening the FIFOs (a broken test) leaves the contestant
  // waiting in open(); once the manager has exited its verdict is known anyway.
  kill(contestant_pid, SIGKILL);
  waitpid(contestant_pid, &contestant_status, 0);
  return exit_code(manager_status);
}

}  // namespace entrapment::testing
