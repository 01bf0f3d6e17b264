#include "tool_process.hpp"

#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <thread>

#include "spawn.hpp"

namespace entrapment {

ToolRun run_tool(const std::vector<std::string>& argv, const std::filesystem::path& input,
                 const std::filesystem::path& output, std::chrono::milliseconds time_limit) {
  ToolRun run;
  if (argv.empty()) {
    run.error = "no program";
    return run;
  }
  // stdin from the input, stdout and stderr together into the output; a session of its own
  // (no terminal; a timeout kills its process group, whatever it started).
  SpawnRequest request;
  request.argv = argv;
  request.in_file = input.empty() ? "/dev/null" : input.string();
  request.out_file = output.string();
  request.err_to_out = true;
  request.new_session = true;
  pid_t pid = 0;
  try {
    pid = spawn(request);
  } catch (const SpawnError& e) {
    run.error = e.what();
    return run;
  }
  run.started = true;
  const auto deadline = std::chrono::steady_clock::now() + time_limit;
  auto pause = std::chrono::microseconds(100);
  int status = 0;
  for (;;) {
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    if (done < 0 && errno != EINTR) {
      run.error = std::string("waitpid failed: ") + ::strerror(errno);
      return run;
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      ::kill(-pid, SIGKILL);
      ::kill(pid, SIGKILL);
      while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      run.timed_out = true;
      return run;
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(20000));
  }
  if (WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) run.signal = WTERMSIG(status);
  return run;
}

}  // namespace entrapment
