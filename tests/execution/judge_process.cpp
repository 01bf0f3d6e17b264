#include "judge_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>
#include <thread>

#include "execution/proc_table.hpp"
#include "execution_fixture.hpp"

extern char** environ;

namespace entrapment::testing {

namespace fs = std::filesystem;

JudgeProcess::JudgeProcess(const std::vector<std::string>& args,
                           const std::vector<std::string>& environment) {
  char dir[] = "/tmp/judge-process-test-XXXXXX";
  if (!::mkdtemp(dir)) throw std::runtime_error("mkdtemp failed");
  dir_ = dir;
  const std::string judge = fs::absolute(bin_dir() / "judge").string();
  std::vector<std::string> words = {judge};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  // The given variables replace the test's own of the same name.
  std::vector<std::string> env_words = environment;
  for (char** e = environ; *e; ++e) {
    const std::string word = *e;
    bool replaced = false;
    for (const std::string& given : environment)
      replaced |= word.substr(0, word.find('=') + 1) == given.substr(0, given.find('=') + 1);
    if (!replaced) env_words.push_back(word);
  }
  std::vector<char*> envp;
  for (std::string& e : env_words) envp.push_back(e.data());
  envp.push_back(nullptr);
  const std::string out = (dir_ / "out").string(), err = (dir_ / "err").string();
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const int error =
      ::posix_spawn(&pid_, judge.c_str(), &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  if (error != 0) throw std::runtime_error("cannot start " + judge);
}

JudgeProcess::~JudgeProcess() {
  if (!reaped_ && pid_ > 0) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
  std::error_code ec;
  fs::remove_all(dir_, ec);
}

int JudgeProcess::wait(double seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  for (;;) {
    int status = 0;
    const pid_t r = ::waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      reaped_ = true;
      return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }
    if (std::chrono::steady_clock::now() > deadline) return -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

std::string JudgeProcess::out() const { return read_proc_file((dir_ / "out").string()); }
std::string JudgeProcess::err() const { return read_proc_file((dir_ / "err").string()); }

Finished run_judge(const std::vector<std::string>& args,
                   const std::vector<std::string>& environment) {
  JudgeProcess judge(args, environment);
  Finished done;
  done.status = judge.wait(120);
  done.out = judge.out();
  done.err = judge.err();
  return done;
}

}  // namespace entrapment::testing
