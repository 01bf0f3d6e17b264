// launch(): every process the judge starts goes through it (Boost.Process forks and execs; the
// child's steps are the judge's). What the program gets (its arguments, exactly the
// environment asked for, no descriptor but 0, 1, 2 and those kept) and how a failure is named.
#include "containment/launch.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "support/files.hpp"

namespace entrapment::testing {
namespace {

struct Output {
  int pipe[2] = {-1, -1};
};

// In the child: its stdout becomes the pipe's writing end.
const char* to_pipe(const void* context) {
  const Output& out = *static_cast<const Output*>(context);
  if (::dup2(out.pipe[1], 1) < 0) return "dup2";
  return nullptr;
}

// Runs `argv` with `env`, returns what it printed and its exit status.
std::pair<std::string, int> run(const std::vector<std::string>& argv,
                                const std::vector<std::string>& env) {
  Output out;
  EXPECT_EQ(::pipe2(out.pipe, O_CLOEXEC), 0);
  LaunchRequest request;
  request.argv = argv;
  request.env = env;
  request.step = to_pipe;
  request.context = &out;
  request.keep = {out.pipe[1]};
  const pid_t pid = launch(request);
  ::close(out.pipe[1]);
  std::string text;
  read_to_end(out.pipe[0], text);
  ::close(out.pipe[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return {text, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

TEST(Launch, TheProgramGetsItsArgumentsAndExactlyTheEnvironmentAskedFor) {
  const auto [text, status] =
      run({"/bin/sh", "-c", "printf '%s|%s|' \"$0\" \"$1\"; env | sort; exit 7", "zero", "one two"},
          {"A=1", "B=x y"});
  EXPECT_EQ(status, 7);
  // sh adds PWD (and may add SHLVL, _) of its own: only what was asked for and those.
  EXPECT_EQ(text.rfind("zero|one two|A=1\nB=x y\n", 0), 0u) << text;
  EXPECT_EQ(text.find("PATH="), std::string::npos) << "the judge's environment leaked:\n" << text;
}

TEST(Launch, NoDescriptorButTheKeptOnesReachesTheProgram) {
  const int opened = ::open("/dev/null", O_RDONLY);
  const int leaked = ::dup2(opened, 100);  // not close-on-exec
  ::close(opened);
  ASSERT_EQ(leaked, 100);
  const auto [text, status] = run({"/bin/sh", "-c", "ls /proc/self/fd"}, {});
  ::close(leaked);
  EXPECT_EQ(status, 0);
  // 0, 1, 2, and the descriptor ls itself reads /proc/self/fd through.
  std::size_t lines = 0;
  for (char c : text) lines += c == '\n';
  EXPECT_LE(lines, 4u) << text;
  EXPECT_EQ(text.find("\n" + std::to_string(leaked) + "\n"), std::string::npos) << text;
}

TEST(Launch, AProgramThatCannotBeExecutedIsNamedWithTheReason) {
  try {
    run({"/nonexistent/program", "x"}, {});
    ADD_FAILURE() << "no error";
  } catch (const LaunchError& e) {
    EXPECT_EQ(e.error(), ENOENT);
    EXPECT_EQ(std::string(e.what()),
              "cannot execute /nonexistent/program: " + std::string(std::strerror(ENOENT)));
  }
}

const char* failing_step(const void*) {
  errno = EPERM;
  return "entering the contestant's world";
}

TEST(Launch, AStepThatFailsInTheChildIsNamedWithItsError) {
  LaunchRequest request;
  request.argv = {"/bin/true"};
  request.step = failing_step;
  try {
    launch(request);
    ADD_FAILURE() << "no error";
  } catch (const LaunchError& e) {
    EXPECT_EQ(e.error(), EPERM);
    EXPECT_EQ(std::string(e.what()),
              "entering the contestant's world: " + std::string(std::strerror(EPERM)));
  }
}

}  // namespace
}  // namespace entrapment::testing
