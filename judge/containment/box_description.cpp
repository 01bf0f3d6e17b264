#include "box_description.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>

#include "judge_temp.hpp"
#include "spawn.hpp"

namespace entrapment {

namespace {

struct Asked {
  std::string out;
  int exit_code = -1;
  std::string error;  // the box could not be started or did not exit
};

// Runs judge-box with `request`'s arguments and reads what it prints (a few lines: the box
// exits at once in these modes).
Asked ask_box(const BoxRequest& request) {
  Asked asked;
  int out[2];
  if (::pipe2(out, O_CLOEXEC) != 0) {
    asked.error = std::string("cannot make a pipe: ") + std::strerror(errno);
    return asked;
  }
  SpawnRequest spawning;
  spawning.argv = {box_program().string()};
  for (const std::string& arg : to_arguments(request)) spawning.argv.push_back(arg);
  spawning.out = out[1];
  pid_t pid = -1;
  try {
    pid = spawn(spawning);
  } catch (const SpawnError& e) {
    asked.error = e.what();
  }
  ::close(out[1]);
  char buffer[4096];
  for (ssize_t n; pid > 0 && (n = ::read(out[0], buffer, sizeof buffer)) != 0;)
    if (n > 0)
      asked.out.append(buffer, static_cast<std::size_t>(n));
    else if (errno != EINTR)
      break;
  ::close(out[0]);
  if (pid <= 0) return asked;
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status))
    asked.exit_code = WEXITSTATUS(status);
  else
    asked.error = box_program().string() + " ended by signal " + std::to_string(WTERMSIG(status));
  return asked;
}

}  // namespace

BoxDescription describe_boxes(const BoxLimits& limits, Isolation isolation) {
  BoxRequest request;
  request.mode = BoxRequest::Mode::Describe;
  request.limits = limits;
  request.isolation = isolation;
  const Asked asked = ask_box(request);
  BoxDescription d;
  std::istringstream in(asked.out);
  for (std::string line; std::getline(in, line);) {
    const std::size_t colon = line.find(": ");
    if (colon == std::string::npos) continue;
    const std::string key = line.substr(0, colon), value = line.substr(colon + 2);
    if (key == "limits") d.limits = value;
    if (key == "memory-counted") d.memory_exact = value == "exactly";
    if (key == "sandbox") d.sandbox = value;
    if (key == "covers") d.covers.push_back(value);
    if (key == "seccomp") d.seccomp = line;
    if (key == "delegation") d.would_use_delegation = value == "would-help";
    if (key == "error") d.error = value;
  }
  if (!asked.error.empty())
    d.unreachable = "cannot ask judge-box how it limits runs: " + asked.error;
  else if (d.limits.empty() || (asked.exit_code != 0 && d.error.empty()))
    d.unreachable = "judge-box --describe said nothing the judge could read (exit status " +
                    std::to_string(asked.exit_code) + ")";
  return d;
}

void prepare_cgroups_through_box() {
  BoxRequest request;
  request.mode = BoxRequest::Mode::PrepareCgroups;
  ask_box(request);
}

}  // namespace entrapment
