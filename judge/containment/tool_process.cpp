#include "tool_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <thread>

#include "launch.hpp"

extern char** environ;

namespace entrapment {

namespace {

struct ToolFiles {
  const char* input;
  const char* output;
};

// In the child: stdin from the input, stdout and stderr into the output; a session of its own
// (no terminal; a timeout kills its process group, whatever it started).
const char* tool_setup(const void* context) {
  const ToolFiles& files = *static_cast<const ToolFiles*>(context);
  const int in = ::open(files.input, O_RDONLY | O_CLOEXEC);
  if (in < 0) return "opening its input";
  const int out = ::open(files.output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (out < 0) return "opening its output";
  if (::dup2(in, 0) < 0 || ::dup2(out, 1) < 0 || ::dup2(out, 2) < 0) return "dup2";
  if (::setsid() < 0) return "setsid";
  return nullptr;
}

}  // namespace

ToolRun run_tool(const std::vector<std::string>& argv, const std::filesystem::path& input,
                 const std::filesystem::path& output, std::chrono::milliseconds time_limit) {
  ToolRun run;
  if (argv.empty()) {
    run.error = "no program";
    return run;
  }
  const std::string input_path = input.empty() ? "/dev/null" : input.string();
  const std::string output_path = output.string();
  const ToolFiles files{input_path.c_str(), output_path.c_str()};
  LaunchRequest request;
  request.argv = argv;
  for (char** variable = environ; variable && *variable; ++variable)
    request.env.push_back(*variable);
  request.step = tool_setup;
  request.context = &files;
  pid_t pid = 0;
  try {
    pid = launch(request);
  } catch (const LaunchError& e) {
    run.error = std::string("cannot start ") + argv[0] + ": " + e.what();
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
