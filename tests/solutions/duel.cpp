#include "duel.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "tests/support/files.hpp"
#include "tests/support/process.hpp"
#include "tests/support/temp_dir.hpp"

namespace entrapment::solutions_test {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr unsigned long long kSolutionAddressSpace = 2ULL << 30;  // 2 GiB

// Waits for `pid` until `deadline`; its status, or -1 when the deadline struck and it was
// killed.
int reap(pid_t pid, Clock::time_point deadline, bool& timed_out) {
  const int status = testing::wait_until(pid, deadline);
  if (status == -1) {
    timed_out = true;
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
  }
  return status;
}

Clock::time_point after(double seconds) {
  return Clock::now() +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

}  // namespace

DuelResult duel(const fs::path& interactor, const fs::path& test_file,
                const std::vector<std::string>& solution, double timeout_s) {
  const testing::TempDir temp("entrapment-duel");
  const fs::path& feedback = temp.path;

  int to_judge[2], to_solution[2];
  if (::pipe(to_judge) != 0 || ::pipe(to_solution) != 0) throw std::runtime_error("pipe failed");
  const std::vector<std::string> judge_argv = {interactor.string(), test_file.string(), "/dev/null",
                                               feedback.string()};
  const pid_t judge = testing::spawn_wired(judge_argv, to_judge[0], to_solution[1]);
  const pid_t contestant = testing::spawn_wired(solution, to_solution[0], to_judge[1],
                                                {.address_space_bytes = kSolutionAddressSpace});
  for (int fd : {to_judge[0], to_judge[1], to_solution[0], to_solution[1]}) ::close(fd);

  const Clock::time_point deadline = after(timeout_s);
  DuelResult result;
  result.judge_exit = reap(judge, deadline, result.timed_out);
  // Once the judge is done the solution gets end of input: a short grace period to exit.
  result.solution_exit =
      reap(contestant, result.timed_out ? Clock::now() : std::min(deadline, after(2.0)),
           result.timed_out);
  result.judge_message = testing::read_text(feedback / "judgemessage.txt") +
                         testing::read_text(feedback / "judgeerror.txt");
  return result;
}

SoloResult run_with_open_input(const std::vector<std::string>& solution, const std::string& input,
                               double timeout_s) {
  const testing::TempDir temp("entrapment-solo");
  const fs::path& dir = temp.path;
  const fs::path out_path = dir / "stdout";
  const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  int in[2];
  if (out < 0 || ::pipe(in) != 0) throw std::runtime_error("cannot set up the solution's files");
  const pid_t pid =
      testing::spawn_wired(solution, in[0], out, {.address_space_bytes = kSolutionAddressSpace});
  ::close(in[0]);
  ::close(out);
  // The input is tiny: it fits the pipe's buffer, so this write never blocks.
  if (::write(in[1], input.data(), input.size()) != static_cast<ssize_t>(input.size()))
    throw std::runtime_error("cannot write the solution's input");

  SoloResult result;
  result.exit_code = reap(pid, after(timeout_s), result.timed_out);
  ::close(in[1]);
  result.output = testing::read_text(out_path);
  return result;
}

}  // namespace entrapment::solutions_test
