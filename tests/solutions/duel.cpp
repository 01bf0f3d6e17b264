#include "duel.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <thread>

namespace entrapment::solutions_test {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// argv as exec wants it; the strings must outlive the returned pointers.
std::vector<char*> c_argv(const std::vector<std::string>& argv) {
  std::vector<char*> out;
  for (const std::string& a : argv) out.push_back(const_cast<char*>(a.c_str()));
  out.push_back(nullptr);
  return out;
}

// Forks a child whose stdin/stdout are `in`/`out`; stderr goes to /dev/null. Only
// async-signal-safe calls between fork and exec.
pid_t spawn(const std::vector<std::string>& argv, int in, int out, bool limit_memory) {
  std::vector<char*> args = c_argv(argv);
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    ::dup2(in, 0);
    ::dup2(out, 1);
    const int null = ::open("/dev/null", O_WRONLY);
    if (null >= 0) ::dup2(null, 2);
    for (int fd = 3; fd < 256; ++fd) ::close(fd);
    if (limit_memory) {
      const rlimit two_gib{rlim_t{2} << 30, rlim_t{2} << 30};
      ::setrlimit(RLIMIT_AS, &two_gib);
    }
    ::signal(SIGPIPE, SIG_DFL);
    ::execvp(args[0], args.data());
    ::_exit(127);
  }
  return pid;
}

// Waits for `pid` until `deadline`; the exit code (-1 for a signal), or nothing on timeout.
bool wait_until(pid_t pid, Clock::time_point deadline, int& exit_code) {
  for (;;) {
    int status = 0;
    const pid_t got = ::waitpid(pid, &status, WNOHANG);
    if (got == pid) {
      exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      return true;
    }
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

int reap(pid_t pid, Clock::time_point deadline, bool& timed_out) {
  int code = -1;
  if (!wait_until(pid, deadline, code)) {
    timed_out = true;
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
    code = -1;
  }
  return code;
}

Clock::time_point after(double seconds) {
  return Clock::now() +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

}  // namespace

DuelResult duel(const fs::path& interactor, const fs::path& test_file,
                const std::vector<std::string>& solution, double timeout_s) {
  char pattern[] = "/tmp/entrapment-duel-XXXXXX";
  if (::mkdtemp(pattern) == nullptr) throw std::runtime_error("mkdtemp failed");
  const fs::path feedback = pattern;

  int to_judge[2], to_solution[2];
  if (::pipe(to_judge) != 0 || ::pipe(to_solution) != 0) throw std::runtime_error("pipe failed");
  const std::vector<std::string> judge_argv = {interactor.string(), test_file.string(), "/dev/null",
                                               feedback.string()};
  const pid_t judge = spawn(judge_argv, to_judge[0], to_solution[1], false);
  const pid_t contestant = spawn(solution, to_solution[0], to_judge[1], true);
  for (int fd : {to_judge[0], to_judge[1], to_solution[0], to_solution[1]}) ::close(fd);

  const Clock::time_point deadline = after(timeout_s);
  DuelResult result;
  result.judge_exit = reap(judge, deadline, result.timed_out);
  // Once the judge is done the solution gets end of input: a short grace period to exit.
  result.solution_exit =
      reap(contestant, result.timed_out ? Clock::now() : std::min(deadline, after(2.0)),
           result.timed_out);
  result.judge_message = slurp(feedback / "judgemessage.txt") + slurp(feedback / "judgeerror.txt");
  fs::remove_all(feedback);
  return result;
}

SoloResult run_with_open_input(const std::vector<std::string>& solution, const std::string& input,
                               double timeout_s) {
  char pattern[] = "/tmp/entrapment-solo-XXXXXX";
  if (::mkdtemp(pattern) == nullptr) throw std::runtime_error("mkdtemp failed");
  const fs::path dir = pattern;
  const fs::path out_path = dir / "stdout";
  const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  int in[2];
  if (out < 0 || ::pipe(in) != 0) throw std::runtime_error("cannot set up the solution's files");
  const pid_t pid = spawn(solution, in[0], out, true);
  ::close(in[0]);
  ::close(out);
  // The input is tiny: it fits the pipe's buffer, so this write never blocks.
  if (::write(in[1], input.data(), input.size()) != static_cast<ssize_t>(input.size()))
    throw std::runtime_error("cannot write the solution's input");

  SoloResult result;
  result.exit_code = reap(pid, after(timeout_s), result.timed_out);
  ::close(in[1]);
  result.output = slurp(out_path);
  fs::remove_all(dir);
  return result;
}

int shell(const std::string& command) {
  const int status = std::system(command.c_str());
  return status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace entrapment::solutions_test
