// The user ids a root box gives its runs (judge/box/run_ids.hpp): one run's id is never another
// box's at the same time, nor an account's, a group's, a user's subordinate id, or one another
// judge's run holds where the limits are shared through it. The tests use small ranges of their
// own (beside the default one the judges of the machine use), so as to starve nobody.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <pwd.h>
#include <sched.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>

#include "box/id_registry.hpp"
#include "box/run_ids.hpp"
#include "containment/box_process.hpp"
#include "tests/support/files.hpp"
#include "tests/support/runs.hpp"
#include "tests/support/text.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

std::string lock_file(uid_t uid) {
  return (id_registry_dir() / (std::to_string(uid) + ".lock")).string();
}

// A registry of the test's own (root's, mode 0755, in a directory of the test), so that a test
// may hold every id without starving the judges that run beside it.
struct OwnRegistry {
  TempDir parent{"entrapment-test-ids", 0755};
  fs::path path = parent.path / "ids";
  OwnRegistry() { set_id_registry_dir_for_tests(path); }
  ~OwnRegistry() { set_id_registry_dir_for_tests({}); }
};

// Ranges of the tests' own: kRange's eight ids, and a second one for the real registry.
constexpr IdRange kRange{62100, 62107};
constexpr IdRange kRealRegistryRange{62200, 62207};
constexpr int kRangeIds = 8;

// Every id of `range` free now, held (for as long as the vector lives; freed without a kill).
std::vector<std::optional<RunIdentity>> hold_every_free_id(const IdRange& range = kRange) {
  std::vector<std::optional<RunIdentity>> held;
  while (auto id = RunIdentity::try_acquire(range, false)) {
    id->mark_clean();
    held.push_back(std::move(id));
    if (held.size() > range.last - range.first + 1) break;
  }
  return held;
}

// Whether a box holds the user id `uid` (its lock file is locked).
bool uid_taken(uid_t uid) {
  const int fd = ::open(lock_file(uid).c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool taken = ::flock(fd, LOCK_EX | LOCK_NB) != 0;  // unlocked again by the close
  ::close(fd);
  return taken;
}

// A process (a zombie its parent never reaps, which no kill removes) running as `uid`, until
// the returned pid is reaped.
pid_t process_as(uid_t uid) {
  const pid_t child = ::fork();
  if (child == 0) {
    if (::syscall(SYS_setresgid, uid, uid, uid) != 0 ||
        ::syscall(SYS_setresuid, uid, uid, uid) != 0)
      ::_exit(1);
    ::_exit(0);
  }
  siginfo_t info{};
  EXPECT_EQ(::waitid(P_PID, static_cast<id_t>(child), &info, WEXITED | WNOWAIT), 0);
  EXPECT_EQ(info.si_status, 0) << "could not become " << uid;
  return child;
}

// A box holds its run's id for as long as anything of the run lives, and frees it after.
TEST(UserIds, ABoxHoldsItsRunsIdUntilTheRunIsOver) {
  if (::geteuid() != 0) GTEST_SKIP() << "only a box that is root gives runs user ids";
  if (!sandbox_support().usable)
    GTEST_SKIP() << "only runs in bwrap get user ids, and bwrap is not usable here: "
                 << sandbox_support().reason;
  ::setenv("ENTRAPMENT_UID_RANGE", "62300-62300", 1);  // the boxes this test starts read it
  {
    BoxedProcess process({fs::absolute(bin_dir() / "test_player").string(), "sleep"},
                         small_limits(), true);
    bool held = false;
    for (int look = 0; look < 3000 && !held; ++look) {
      held = uid_taken(62300);
      if (!held) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_TRUE(held) << "the run's id was not held while it ran";
    const BoxRecord& record = process.stop();
    EXPECT_EQ(record.uid, std::optional<uid_t>(62300)) << format_record(record);
  }
  ::unsetenv("ENTRAPMENT_UID_RANGE");
  EXPECT_FALSE(uid_taken(62300)) << "not freed once the run was over";
}

// A box killed mid-run leaves its id marked, and what its run left may not die at the next
// box's first kill (a fork bomb; here a zombie its parent never reaps, which no kill removes).
// That id is not handed out: its processes would count, and be killed, as the new run's.
TEST(UserIds, AnIdWhoseLeftoversDoNotDieIsNotHandedOut) {
  if (::geteuid() != 0) GTEST_SKIP() << "only a box that is root gives runs user ids";
  OwnRegistry registry;
  ::mkdir(registry.path.c_str(), 0755);
  const uid_t uid = kRange.first;
  const int fd = ::open(lock_file(uid).c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0600);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::flock(fd, LOCK_EX | LOCK_NB), 0);
  ASSERT_EQ(::pwrite(fd, "in use\n", 7, 0), 7);
  const pid_t leftover = process_as(uid);
  ::close(fd);  // the box dies: the lock goes, the mark stays
  {
    const RunIdentity next = RunIdentity::acquire(kRange, false, {});
    EXPECT_NE(next.uid(), uid) << "handed out with a process of its own still there";
  }
  ::waitpid(leftover, nullptr, 0);
}

// Issue 36: two root judges in containers of one host, each with its own /run, handed out the
// same ids, and a neighbour's processes counted against a run's RLIMIT_NPROC (a false RTE).
// Where the limits are shared through the id (rlimits), an id any process of the machine runs
// as is passed over, lock file or not; with a control group of its own nothing is shared, and
// it may be taken.
TEST(UserIds, AnIdAnotherJudgesRunHoldsIsPassedOverWhereTheLimitsAreShared) {
  if (::geteuid() != 0) GTEST_SKIP() << "only a box that is root gives runs user ids";
  OwnRegistry registry;
  const pid_t neighbour = process_as(kRange.first);  // another judge's run: no lock here
  {
    const std::optional<RunIdentity> shared = RunIdentity::try_acquire(kRange, true);
    ASSERT_TRUE(shared.has_value());
    EXPECT_NE(shared->uid(), kRange.first) << "an id another judge's run holds was handed out";
  }
  {
    const std::optional<RunIdentity> own_group = RunIdentity::try_acquire(kRange, false);
    ASSERT_TRUE(own_group.has_value());
    EXPECT_EQ(own_group->uid(), kRange.first);
  }
  // A run that meets such a process names it: a judge error, never the contestant's.
  const std::optional<std::string> clash = collision(kRange.first, {});
  ASSERT_TRUE(clash.has_value()) << "the other judge's process was not seen";
  EXPECT_TRUE(has(*clash, std::to_string(neighbour))) << *clash;
  EXPECT_TRUE(has(*clash, "ENTRAPMENT_UID_RANGE")) << *clash;
  EXPECT_FALSE(collision(kRange.first, {neighbour})) << "the run's own process is no collision";
  ::waitpid(neighbour, nullptr, 0);
}

// Where the limits are shared through the id, whether a process runs as an id is the kernel's
// to say for that id alone (getpriority(PRIO_USER)): never a read of each of the machine's
// processes, whose number would set what every run costs (issue 47: 1.32 times the cost of a
// run beside 1000 idle processes). One run's id among 400 processes of the machine's own.
TEST(UserIds, WhetherAnIdRunsIsAskedOfItAloneNotOfEveryProcess) {
  if (::geteuid() != 0) GTEST_SKIP() << "only a box that is root gives runs user ids";
  OwnRegistry registry;
  const std::string token = "59." + std::to_string(::getpid());
  start_idle_processes(400, token);
  const pid_t neighbour = process_as(kRange.first);
  const long long before = read_calls_so_far();
  {
    const std::optional<RunIdentity> shared = RunIdentity::try_acquire(kRange, true);
    ASSERT_TRUE(shared.has_value());
    EXPECT_NE(shared->uid(), kRange.first) << "an id a process runs as was handed out";
  }
  const long long reads = read_calls_so_far() - before;
  EXPECT_LT(reads, 200) << "read system calls to hand out one id beside 400 processes";
  shell("pkill -f 'sleep " + token + "'; true");
  ::waitpid(neighbour, nullptr, 0);
}

// Issue 27: as `nobody`, `mkdir -m 0777 /tmp/entrapment-ids` and a symbolic link as a lock
// file made the root judge write into and truncate the file it led to. A registry others may
// write to is refused, whoever made it; nothing is created in it.
TEST(UserIds, ARegistryOthersMayWriteIsRefused) {
  if (::geteuid() != 0) GTEST_SKIP() << "only a judge that is root gives runs user ids";
  const passwd* nobody = ::getpwnam("nobody");
  if (!nobody) GTEST_SKIP() << "no user nobody here";
  OwnRegistry registry;
  ASSERT_EQ(::mkdir(registry.path.c_str(), 0755), 0);
  ASSERT_EQ(::chmod(registry.path.c_str(), 0777), 0);
  try {
    RunIdentity::try_acquire(kRange, false);
    ADD_FAILURE() << "a registry of mode 0777 was used";
  } catch (const IdRegistryError& e) {
    EXPECT_NE(std::string(e.what()).find("writable by others"), std::string::npos) << e.what();
  }
  ASSERT_EQ(::chmod(registry.path.c_str(), 0755), 0);
  ASSERT_EQ(::chown(registry.path.c_str(), nobody->pw_uid, nobody->pw_gid), 0);
  try {
    RunIdentity::try_acquire(kRange, false);
    ADD_FAILURE() << "a registry of nobody's was used";
  } catch (const IdRegistryError& e) {
    EXPECT_NE(std::string(e.what()).find("belongs to user id"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(fs::is_empty(registry.path)) << "the judge wrote into a registry it refused";
}

// A lock file that is a symbolic link, or a file of another user's, is neither followed nor
// written: the judge refuses the registry and the file it led to keeps its bytes.
TEST(UserIds, ALockFileThatIsALinkOrNotRootsIsNeitherFollowedNorWritten) {
  if (::geteuid() != 0) GTEST_SKIP() << "only a judge that is root gives runs user ids";
  const passwd* nobody = ::getpwnam("nobody");
  if (!nobody) GTEST_SKIP() << "no user nobody here";
  OwnRegistry registry;
  ASSERT_EQ(::mkdir(registry.path.c_str(), 0755), 0);
  const fs::path precious = registry.parent.path / "precious.txt";
  write_text(precious, "precious\n");
  for (uid_t uid = kRange.first; uid <= kRange.last; ++uid)
    ASSERT_EQ(::symlink(precious.c_str(), lock_file(uid).c_str()), 0);
  EXPECT_THROW({ auto id = RunIdentity::try_acquire(kRange, false); }, IdRegistryError);
  EXPECT_EQ(read_text(precious), "precious\n");
  // A regular file of nobody's in its place: refused too, and left as it was.
  const std::string first = lock_file(kRange.first);
  ASSERT_EQ(::unlink(first.c_str()), 0);
  write_text(first, "nobody's\n");
  ASSERT_EQ(::chown(first.c_str(), nobody->pw_uid, nobody->pw_gid), 0);
  EXPECT_THROW({ auto id = RunIdentity::try_acquire(kRange, false); }, IdRegistryError);
  EXPECT_EQ(read_text(first), "nobody's\n");
}

// Issue 27: two root judges that did not share /tmp (systemd's PrivateTmp, `unshare -m`) took
// the same ids and killed each other's programs. The real registry is shared by a judge in a
// mount namespace of its own with a /tmp of its own: it never gets an id this one holds.
TEST(UserIds, AJudgeWithATmpOfItsOwnNeverGetsAnIdAnotherHolds) {
  if (::geteuid() != 0) GTEST_SKIP() << "only a judge that is root gives runs user ids";
  std::vector<std::optional<RunIdentity>> held = hold_every_free_id(kRealRegistryRange);
  ASSERT_FALSE(held.empty()) << "no free id";
  std::set<uid_t> ours;
  for (const auto& id : held) ours.insert(id->uid());
  // One freed: the other judge may take it (and any another judge frees meanwhile).
  ours.erase(held.back()->uid());
  held.pop_back();
  int pipe_fds[2];
  ASSERT_EQ(::pipe(pipe_fds), 0);
  const pid_t other = ::fork();
  if (other == 0) {
    ::alarm(60);
    ::close(pipe_fds[0]);
    // The ids held above are held by this test's descriptors: closed here (their locks stay
    // with the test's copies), so that this judge has room to hold every id too.
    const unsigned out = static_cast<unsigned>(pipe_fds[1]);
    if (out > 3) ::close_range(3, out - 1, 0);
    ::close_range(out + 1, ~0U, 0);
    // Its own mount namespace with an empty /tmp, as PrivateTmp=yes gives.
    if (::unshare(CLONE_NEWNS) != 0 ||
        ::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0 ||
        ::mount("tmpfs", "/tmp", "tmpfs", 0, "size=16m") != 0)
      ::_exit(2);
    std::vector<std::optional<RunIdentity>> got;
    try {
      got = hold_every_free_id(kRealRegistryRange);
    } catch (const std::exception&) {
      ::_exit(3);
    }
    for (const auto& id : got) {
      const uid_t uid = id->uid();
      if (::write(pipe_fds[1], &uid, sizeof uid) != sizeof uid) ::_exit(4);
    }
    ::_exit(0);
  }
  ASSERT_GT(other, 0);
  ::close(pipe_fds[1]);
  std::vector<uid_t> theirs;
  uid_t uid = 0;
  while (::read(pipe_fds[0], &uid, sizeof uid) == sizeof uid) theirs.push_back(uid);
  ::close(pipe_fds[0]);
  int status = 0;
  ASSERT_EQ(::waitpid(other, &status, 0), other);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
      << "the other judge failed: " << status;
  std::vector<uid_t> shared;
  for (uid_t id : theirs)
    if (ours.count(id)) shared.push_back(id);
  EXPECT_TRUE(shared.empty()) << shared.size() << " ids taken by both judges, the first "
                              << shared.front();
}

// Issue 27: more runs at once than free ids (`-j 1024`) was a judge error; a run now waits for
// an id to be freed.
TEST(UserIds, MoreRunsThanIdsWaitForOne) {
  if (::geteuid() != 0) GTEST_SKIP() << "only a box that is root gives runs user ids";
  OwnRegistry registry;
  std::vector<std::optional<RunIdentity>> held = hold_every_free_id();
  ASSERT_EQ(held.size(), static_cast<std::size_t>(kRangeIds));
  std::optional<uid_t> got;
  std::string failure;
  std::atomic<bool> waiting{false};
  std::thread waiter([&] {
    try {
      RunIdentity id = RunIdentity::acquire(kRange, false, [&] {
        waiting = true;
        return false;
      });
      id.mark_clean();
      got = id.uid();
    } catch (const std::exception& e) {
      failure = e.what();
    }
  });
  // Until it waits (or gave up at once, as it did).
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!waiting && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_TRUE(waiting) << "it did not wait for an id";
  const uid_t freed = held[5]->uid();
  held[5].reset();
  waiter.join();
  EXPECT_EQ(failure, "");
  ASSERT_TRUE(got.has_value()) << "no id, although one was freed";
  EXPECT_EQ(*got, freed);
}

// Red team, issue 27: the ids (61512-62023) lie inside systemd's range for DynamicUser=
// services (61184-65519), and any account may have one: its owner could then signal, trace and
// read a run of that id. An id the machine knows as a user's (getpwuid) is never handed out.
// Here a judge (a child process, in a mount namespace of its own) sees a passwd that names
// every id but the last as an account.
// The id a judge hands out when `database` ("/etc/passwd" or "/etc/group") also holds the
// lines `extra` (bound over it in a mount namespace of its own); 0 when it hands out none.
uid_t id_handed_out_with(const fs::path& scratch, const char* database, const std::string& extra) {
  const fs::path file = scratch / fs::path(database).filename();
  write_text(file, read_text(database) + extra);
  int pipe_fds[2];
  EXPECT_EQ(::pipe(pipe_fds), 0);
  const pid_t judge = ::fork();
  if (judge == 0) {
    ::alarm(60);
    if (::unshare(CLONE_NEWNS) != 0 ||
        ::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0 ||
        ::mount(file.c_str(), database, nullptr, MS_BIND, nullptr) != 0)
      ::_exit(2);
    const std::optional<RunIdentity> id = RunIdentity::try_acquire(kRange, false);
    const uid_t uid = id ? id->uid() : 0;
    ::_exit(::write(pipe_fds[1], &uid, sizeof uid) == sizeof uid ? 0 : 3);
  }
  EXPECT_GT(judge, 0);
  ::close(pipe_fds[1]);
  uid_t uid = 0;
  const bool got = ::read(pipe_fds[0], &uid, sizeof uid) == sizeof uid;
  ::close(pipe_fds[0]);
  int status = 0;
  EXPECT_EQ(::waitpid(judge, &status, 0), judge);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the judge failed: " << status;
  EXPECT_TRUE(got);
  return uid;
}

// The lines `line(id, i)` gives for each id of kRange but the last (the i-th: first + i).
template <typename Line>
std::string for_every_id_but_the_last(Line line) {
  std::string lines;
  for (int i = 0; i + 1 < kRangeIds; ++i)
    lines += line(std::to_string(kRange.first + static_cast<uid_t>(i)), i);
  return lines;
}

TEST(UserIds, AnIdThatIsAnAccountsIsNeverHandedOut) {
  if (::geteuid() != 0) GTEST_SKIP() << "only a judge that is root gives runs user ids";
  OwnRegistry registry;
  const std::string accounts = for_every_id_but_the_last([](const std::string& id, int) {
    return "dynamic" + id + ":x:" + id + ":" + id + "::/:/usr/sbin/nologin\n";
  });
  EXPECT_EQ(id_handed_out_with(registry.parent.path, "/etc/passwd", accounts), kRange.last)
      << "it handed out an account's id";
}

// The run's files are its id's group's too (the scratch directory is given to uid:uid): a
// group with that id, and its members, must not exist. One has more members than a 4 KiB
// buffer holds (a lookup that fails for its size is no answer).
TEST(UserIds, AnIdThatIsAGroupsIsNeverHandedOut) {
  if (::geteuid() != 0) GTEST_SKIP() << "only a judge that is root gives runs user ids";
  OwnRegistry registry;
  const std::string groups = for_every_id_but_the_last([](const std::string& id, int i) {
    std::string line = "team" + id + ":x:" + id + ":";
    for (int member = 0; i == 0 && member < 2000; ++member)
      line += (member ? ",member" : "member") + std::to_string(member);
    return line + "\n";
  });
  EXPECT_EQ(id_handed_out_with(registry.parent.path, "/etc/group", groups), kRange.last)
      << "it handed out a group's id";
}

// Issue 36: an id /etc/subuid or /etc/subgid gives to a user for containers is root in that
// user's containers, who could then signal and read a run of it: never handed out. (A judge
// in a mount namespace of its own sees a /etc/subuid that gives every id of the range but the
// last.)
TEST(UserIds, AUsersSubordinateIdIsNeverHandedOut) {
  if (::geteuid() != 0) GTEST_SKIP() << "only a box that is root gives runs user ids";
  OwnRegistry registry;
  std::error_code ec;
  if (!fs::exists("/etc/subuid", ec)) GTEST_SKIP() << "no /etc/subuid to bind a test's over";
  const std::string ranges =
      "containers:" + std::to_string(kRange.first) + ":" + std::to_string(kRangeIds - 1) + "\n";
  EXPECT_EQ(id_handed_out_with(registry.parent.path, "/etc/subuid", ranges), kRange.last)
      << "it handed out a user's subordinate id";
  EXPECT_EQ(subordinate_ranges((registry.parent.path / "subuid").string()),
            (std::vector<std::pair<uid_t, uid_t>>{{kRange.first, kRange.last - 1}}));
}

// The databases' answers are kept in the registry a little while (run_ids.hpp: asking them
// cost a box some 6 ms of CPU a run, libnss_systemd loaded and nscd tried): a box takes what
// another box was told while every local source of accounts is as it was and for at most
// kAnswersLast seconds, and only from a file root alone wrote. Here a kept "named" for an id the
// databases would say nothing of: heeded while it holds, not once it has expired, was kept for
// sources no longer as they are, or could have been written by another user.
TEST(UserIds, TheDatabasesAnswersAreKeptAWhileAndOnlyWhileTheyHold) {
  if (::geteuid() != 0) GTEST_SKIP() << "only a box that is root gives runs user ids";
  OwnRegistry registry;
  const fs::path kept = registry.path / kIdsAnswersFile;
  {
    const std::optional<RunIdentity> first = RunIdentity::try_acquire(kRange, false);
    ASSERT_TRUE(first.has_value());
    EXPECT_EQ(first->uid(), kRange.first);
  }
  const std::string asked = read_text(kept);
  EXPECT_TRUE(has(asked, "stamp " + account_sources_stamp() + "\n")) << asked;
  EXPECT_TRUE(has(asked, "clear " + std::to_string(kRange.first) + "\n")) << asked;
  struct stat info {};
  ASSERT_EQ(::stat(kept.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 07777, 0644u);
  timespec now{};
  ::clock_gettime(CLOCK_BOOTTIME, &now);
  const auto plant = [&](const std::string& stamp, long long until, mode_t mode, uid_t owner) {
    fs::remove(kept);
    write_text(kept, "stamp " + stamp + "\nuntil " + std::to_string(until) + "\nnamed " +
                         std::to_string(kRange.first) + "\n");
    ::chmod(kept.c_str(), mode);
    ASSERT_EQ(::chown(kept.c_str(), owner, owner), 0);
  };
  const auto handed_out = [&] {
    const std::optional<RunIdentity> id = RunIdentity::try_acquire(kRange, false);
    return id ? id->uid() : uid_t{0};
  };
  const long long soon = now.tv_sec + kAnswersLast / 2;
  plant(account_sources_stamp(), soon, 0644, 0);
  EXPECT_EQ(handed_out(), kRange.first + 1) << "a kept answer that holds was not heeded";
  plant(account_sources_stamp(), now.tv_sec - 1, 0644, 0);
  EXPECT_EQ(handed_out(), kRange.first) << "an expired answer was heeded";
  plant(account_sources_stamp(), now.tv_sec + 10 * kAnswersLast, 0644, 0);
  EXPECT_EQ(handed_out(), kRange.first) << "an answer kept longer than kAnswersLast was heeded";
  plant("0,0,0,0,0,0,0,;", soon, 0644, 0);
  EXPECT_EQ(handed_out(), kRange.first) << "an answer kept for other sources was heeded";
  plant(account_sources_stamp(), soon, 0666, 0);
  EXPECT_EQ(handed_out(), kRange.first) << "an answer others could have written was heeded";
  plant(account_sources_stamp(), soon, 0644, 65534);
  EXPECT_EQ(handed_out(), kRange.first) << "an answer another user wrote was heeded";
}

}  // namespace
}  // namespace entrapment::testing
