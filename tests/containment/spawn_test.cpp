// spawn(): every process the judge starts (its boxes, its sweeper, the input validator) goes
// through posix_spawn, with nothing of the judge's own run in the child. What the program gets
// (its arguments, exactly the environment asked for, no descriptor but 0, 1, 2 and those passed
// on, signals at their defaults and none blocked unless asked) and how a failure is named.
#include "containment/spawn.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "support/files.hpp"

namespace entrapment::testing {
namespace {

// Runs `request` with its stdout on a pipe, returns what it printed and its exit status.
std::pair<std::string, int> run(SpawnRequest request) {
  int out[2];
  EXPECT_EQ(::pipe2(out, O_CLOEXEC), 0);
  request.out = out[1];
  const pid_t pid = spawn(request);
  ::close(out[1]);
  std::string text;
  read_to_end(out[0], text);
  ::close(out[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return {text, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

TEST(Spawn, TheProgramGetsItsArgumentsAndExactlyTheEnvironmentAskedFor) {
  SpawnRequest request;
  request.argv = {"/bin/sh", "-c", "printf '%s|%s|' \"$0\" \"$1\"; env | sort; exit 7", "zero",
                  "one two"};
  request.env = {"A=1", "B=x y"};
  const auto [text, status] = run(request);
  EXPECT_EQ(status, 7);
  // sh adds PWD (and may add SHLVL, _) of its own: only what was asked for and those.
  EXPECT_EQ(text.rfind("zero|one two|A=1\nB=x y\n", 0), 0u) << text;
  EXPECT_EQ(text.find("PATH="), std::string::npos) << "the judge's environment leaked:\n" << text;
}

TEST(Spawn, NoDescriptorButThosePassedOnReachesTheProgram) {
  const int opened = ::open("/dev/null", O_RDONLY);
  const int leaked = ::dup2(opened, 100);  // not close-on-exec
  ::close(opened);
  ASSERT_EQ(leaked, 100);
  int passed[2];
  ASSERT_EQ(::pipe2(passed, O_CLOEXEC), 0);
  SpawnRequest request;
  request.argv = {"/bin/sh", "-c", "ls /proc/self/fd"};
  request.pass = {passed[0]};
  const auto [text, status] = run(request);
  ::close(leaked);
  ::close(passed[0]);
  ::close(passed[1]);
  EXPECT_EQ(status, 0);
  // 0, 1, 2, 3 (passed on), and the descriptor ls itself reads /proc/self/fd through.
  EXPECT_EQ(text.rfind("0\n1\n2\n3\n", 0), 0u) << text;
  std::size_t lines = 0;
  for (char c : text) lines += c == '\n';
  EXPECT_LE(lines, 5u) << text;
  EXPECT_EQ(text.find("\n" + std::to_string(leaked) + "\n"), std::string::npos) << text;
}

TEST(Spawn, SignalsStartAtTheirDefaultsAndBlockedOnlyWhenAsked) {
  const auto old_sigpipe = ::signal(SIGPIPE, SIG_IGN);  // as the judge ignores it
  SpawnRequest request;
  request.argv = {find_program("grep").string(), "-E", "^Sig(Blk|Ign)", "/proc/self/status"};
  const auto [plain, status] = run(request);
  EXPECT_TRUE(plain.find("SigBlk:\t0000000000000000") != std::string::npos) << plain;
  request.blocked_signals = {SIGTERM};
  const auto [blocked, ignored] = run(request);
  EXPECT_TRUE(blocked.find("SigBlk:\t0000000000004000") != std::string::npos) << blocked;
  ::signal(SIGPIPE, old_sigpipe);
}

TEST(Spawn, AProgramThatCannotBeStartedIsNamedWithTheReason) {
  SpawnRequest request;
  request.argv = {"/nonexistent/program", "x"};
  try {
    run(request);
    ADD_FAILURE() << "no error";
  } catch (const SpawnError& e) {
    EXPECT_EQ(std::string(e.what()),
              "cannot start /nonexistent/program: " + std::string(std::strerror(ENOENT)));
  }
}

}  // namespace
}  // namespace entrapment::testing
