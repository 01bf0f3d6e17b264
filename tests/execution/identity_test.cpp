// The user ids a root judge gives its runs (execution/identity.hpp): one run's id is never
// another judge's at the same time, so no judge's kills reach another judge's contestants.
#include "execution/identity.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "execution/contestant_process.hpp"
#include "execution/interrupts.hpp"
#include "execution_fixture.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

std::string lock_file(uid_t uid) { return "/tmp/entrapment-ids/" + std::to_string(uid) + ".lock"; }

// Whether a judge holds the user id `uid` (its lock file is locked).
bool uid_taken(uid_t uid) {
  const int fd = ::open(lock_file(uid).c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool taken = ::flock(fd, LOCK_EX | LOCK_NB) != 0;  // unlocked again by the close
  ::close(fd);
  return taken;
}

// An interrupt's clean-up kills every process of a registered run's user id for as long as
// any is left. A run that ends meanwhile must keep its id until it is forgotten: freed
// earlier, the id could go to another judge on the machine, whose contestants would then be
// killed too. Here the test holds the registry as the clean-up does.
TEST(UserIds, ARunKeepsItsIdUntilAnInterruptsCleanUpHasForgottenIt) {
  if (::geteuid() != 0) GTEST_SKIP() << "only a judge that is root gives runs user ids";
  auto process = std::make_unique<ContestantProcess>(
      std::vector<std::string>{fs::absolute(bin_dir() / "test_player").string(), "sleep"},
      small_limits(), false);
  ASSERT_TRUE(process->uid().has_value());
  const uid_t uid = *process->uid();
  process->kill();
  ASSERT_TRUE(uid_taken(uid));
  std::thread ending;
  {
    std::unique_lock<std::mutex> registry = hold_registry();
    ending = std::thread([&process] { process.reset(); });
    // The run ends while the registry is held: for a second, its id stays taken.
    for (int look = 0; look < 100; ++look) {
      if (!uid_taken(uid)) {
        ADD_FAILURE() << "freed after " << look * 10 << " ms, while still registered";
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  ending.join();
  EXPECT_FALSE(uid_taken(uid)) << "not freed once forgotten";
}

// A judge killed mid-run leaves its id marked, and what its contestant left may not die at
// the next judge's first kill (a fork bomb; here a zombie its parent never reaps, which no
// kill removes). That id is not handed out: its processes would count, and be killed, as the
// new run's.
TEST(UserIds, AnIdWhoseLeftoversDoNotDieIsNotHandedOut) {
  if (::geteuid() != 0) GTEST_SKIP() << "only a judge that is root gives runs user ids";
  ::mkdir("/tmp/entrapment-ids", 0700);
  // The lowest free id, taken as a judge takes it, and marked.
  uid_t uid = 61000;
  int fd = -1;
  for (; uid < 61000 + 512; ++uid) {
    fd = ::open(lock_file(uid).c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0 && ::flock(fd, LOCK_EX | LOCK_NB) == 0) break;
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
  ASSERT_GE(fd, 0) << "no free id";
  ASSERT_EQ(::pwrite(fd, "in use\n", 7, 0), 7);
  const pid_t leftover = ::fork();
  if (leftover == 0) {
    if (::syscall(SYS_setresgid, uid, uid, uid) != 0 ||
        ::syscall(SYS_setresuid, uid, uid, uid) != 0)
      ::_exit(1);
    ::_exit(0);
  }
  ASSERT_GT(leftover, 0);
  siginfo_t info{};
  ASSERT_EQ(::waitid(P_PID, static_cast<id_t>(leftover), &info, WEXITED | WNOWAIT), 0);
  ASSERT_EQ(info.si_status, 0) << "could not become " << uid;
  ::close(fd);  // the judge dies: the lock goes, the mark stays
  {
    std::optional<RunIdentity> next = RunIdentity::acquire();
    ASSERT_TRUE(next.has_value());
    EXPECT_NE(next->uid(), uid) << "handed out with a process of its own still there";
  }
  ::waitpid(leftover, nullptr, 0);
}

}  // namespace
}  // namespace entrapment::testing
