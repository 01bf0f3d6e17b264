#include "pair.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>


namespace entrapment::testing {

namespace {

int exit_code(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : -1; }

[[noreturn]] void exec(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  execvp(args[0], args.data());
  _exit(127);
}

pid_t spawn(const std::vector<std::string>& argv, int in, int out, const int (&close_fds)[4],
            const std::filesystem::path& err = {}) {
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(in, 0);
    dup2(out, 1);
    for (int fd : close_fds) close(fd);
    if (!err.empty()) {
      const int fd = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd >= 0) dup2(fd, 2);
    }
    exec(argv);
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
  const pid_t judge_pid = spawn(judge, to_judge[0], to_contestant[1], all, judge_stderr);
  const pid_t contestant_pid = spawn(contestant, to_contestant[0], to_judge[1], all);
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
  const pid_t manager_pid = fork();
  if (manager_pid == 0) {
    const int in = open(input.c_str(), O_RDONLY);
    const int out = open((dir / "manager.out").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = open((dir / "manager.err").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    exec({manager.string(), from_user.string(), to_user.string()});
  }
  const pid_t contestant_pid = fork();
  if (contestant_pid == 0) {
    signal(SIGPIPE, SIG_DFL);
    const int in = open(to_user.c_str(), O_RDONLY);  // stdin first, as CMS's sandbox
    const int out = open(from_user.c_str(), O_WRONLY);
    dup2(in, 0);
    dup2(out, 1);
    exec(contestant);
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
