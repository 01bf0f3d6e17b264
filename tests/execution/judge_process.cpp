#include "judge_process.hpp"

#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>
#include <thread>

#include "execution/launch.hpp"
#include "execution/proc_table.hpp"
#include "execution_fixture.hpp"

extern char** environ;

namespace entrapment::testing {

namespace fs = std::filesystem;

namespace {

struct ChildFiles {
  std::string out, err, cwd, terminal;
  uid_t user = 0;
  gid_t group = 0;
};

// In the child (raw system calls): its files, its terminal, its directory, its user.
const char* judge_child(const void* context) {
  const ChildFiles& c = *static_cast<const ChildFiles*>(context);
  if (!c.terminal.empty()) {
    if (::setsid() < 0) return "setsid";
    const int tty = ::open(c.terminal.c_str(), O_RDWR);
    if (tty < 0 || ::ioctl(tty, TIOCSCTTY, 0) != 0) return "taking the terminal";
    if (::dup2(tty, 0) < 0 || ::dup2(tty, 1) < 0 || ::dup2(tty, 2) < 0) return "dup2";
  } else {
    const int in = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    const int out = ::open(c.out.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    const int err = ::open(c.err.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (in < 0 || out < 0 || err < 0) return "opening its files";
    if (::dup2(in, 0) < 0 || ::dup2(out, 1) < 0 || ::dup2(err, 2) < 0) return "dup2";
  }
  if (!c.cwd.empty() && ::chdir(c.cwd.c_str()) != 0) return "chdir";
  if (c.user != 0 && (::setgroups(0, nullptr) != 0 || ::setresgid(c.group, c.group, c.group) != 0 ||
                      ::setresuid(c.user, c.user, c.user) != 0))
    return "becoming the user";
  return nullptr;
}

}  // namespace

JudgeProcess::JudgeProcess(const std::vector<std::string>& args,
                           const std::vector<std::string>& environment)
    : JudgeProcess(args, JudgeSetup{environment, {}, {}, 0, 0, ""}) {}

JudgeProcess::JudgeProcess(const std::vector<std::string>& args, const JudgeSetup& setup) {
  char dir[] = "/tmp/judge-process-test-XXXXXX";
  if (!::mkdtemp(dir)) throw std::runtime_error("mkdtemp failed");
  dir_ = dir;
  const std::string judge =
      fs::absolute(setup.judge.empty() ? bin_dir() / "judge" : setup.judge).string();
  LaunchRequest request;
  request.argv = {judge};
  request.argv.insert(request.argv.end(), args.begin(), args.end());
  // The given variables replace the test's own of the same name.
  request.env = setup.environment;
  for (char** e = environ; *e; ++e) {
    const std::string word = *e;
    bool replaced = false;
    for (const std::string& given : setup.environment)
      replaced |= word.substr(0, word.find('=') + 1) == given.substr(0, given.find('=') + 1);
    if (!replaced) request.env.push_back(word);
  }
  ChildFiles files{(dir_ / "out").string(),
                   (dir_ / "err").string(),
                   setup.cwd.string(),
                   setup.terminal,
                   setup.user,
                   setup.group};
  request.step = judge_child;
  request.context = &files;
  pid_ = launch(request);
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

Finished run_judge_with(const std::vector<std::string>& args, const JudgeSetup& setup) {
  JudgeProcess judge(args, setup);
  Finished done;
  done.status = judge.wait(120);
  done.out = judge.out();
  done.err = judge.err();
  return done;
}

}  // namespace entrapment::testing
