#include "identity.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

namespace entrapment {

namespace {

constexpr uid_t kFirstUid = 61000;  // far above Debian's regular (1000..59999) and system ids
constexpr int kUids = 512;

}  // namespace

std::optional<RunIdentity> RunIdentity::acquire() {
  if (::geteuid() != 0) return std::nullopt;
  ::mkdir("/tmp/entrapment-ids", 0700);
  for (int i = 0; i < kUids; ++i) {
    uid_t uid = kFirstUid + i;
    std::string lock = "/tmp/entrapment-ids/" + std::to_string(uid) + ".lock";
    int fd = ::open(lock.c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0600);
    if (fd < 0) continue;
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) {
      RunIdentity identity(uid, fd);
      identity.kill_all();  // leftovers of a judge that died
      return identity;
    }
    ::close(fd);
  }
  return std::nullopt;
}

RunIdentity::RunIdentity(RunIdentity&& other) noexcept
    : uid_(other.uid_), lock_fd_(other.lock_fd_) {
  other.lock_fd_ = -1;
}

RunIdentity::~RunIdentity() {
  if (lock_fd_ < 0) return;
  kill_all();
  ::close(lock_fd_);
}

namespace {

struct ProcessInfo {
  pid_t pid = 0, ppid = 0;
  char state = '?';
};

// The processes whose effective user is `uid` (the owner of /proc/PID), with their parent and
// state from /proc/PID/stat.
std::vector<ProcessInfo> processes_of(uid_t uid) {
  std::vector<ProcessInfo> found;
  DIR* proc = ::opendir("/proc");
  if (!proc) return found;
  while (dirent* entry = ::readdir(proc)) {
    if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
    struct stat owner;
    std::string dir = std::string("/proc/") + entry->d_name;
    if (::stat(dir.c_str(), &owner) != 0 || owner.st_uid != uid) continue;
    const std::string text = read_proc_file(dir + "/stat");
    std::size_t close = text.rfind(')');  // the command name may hold spaces and parentheses
    if (close == std::string::npos) continue;
    ProcessInfo info;
    info.pid = static_cast<pid_t>(std::atoi(entry->d_name));
    std::sscanf(text.c_str() + close + 1, " %c %d", &info.state, &info.ppid);
    found.push_back(info);
  }
  ::closedir(proc);
  return found;
}

// One kill(-1, SIGKILL) from a process running as `uid`: it reaches every process of that
// id, and only those. Raw system calls: the child of a multithreaded fork may use only those.
void kill_everything_of(uid_t uid) {
  pid_t helper = ::fork();
  if (helper == 0) {
    if (::syscall(SYS_setresgid, uid, uid, uid) != 0 ||
        ::syscall(SYS_setresuid, uid, uid, uid) != 0)
      ::_exit(1);
    ::kill(-1, SIGKILL);
    ::_exit(0);
  }
  if (helper > 0) {
    int status;
    while (::waitpid(helper, &status, 0) < 0 && errno == EINTR) {
    }
  }
}

}  // namespace

void become_subreaper() {
  static std::once_flag once;
  std::call_once(once, [] { ::prctl(PR_SET_CHILD_SUBREAPER, 1); });
}

void RunIdentity::kill_all(OrphanUsage* orphans) const {
  // The judge is a child subreaper (become_subreaper()), so what the contestant orphaned is
  // the judge's to reap; a process of the id whose parent is elsewhere is reaped there.
  const pid_t self = ::getpid();
  for (int attempt = 0; attempt < 300; ++attempt) {
    std::vector<ProcessInfo> left = processes_of(uid_);
    if (left.empty()) return;
    bool alive = false;
    for (const ProcessInfo& p : left) {
      rusage ru{};
      if (p.state == 'Z' && p.ppid == self && ::wait4(p.pid, nullptr, WNOHANG, &ru) == p.pid &&
          orphans) {
        orphans->cpu_s += ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec +
                          ru.ru_stime.tv_usec / 1e6;
        orphans->memory_kib = std::max<long long>(orphans->memory_kib, ru.ru_maxrss);
      }
      if (p.state != 'Z') alive = true;
    }
    if (alive)
      kill_everything_of(uid_);
    else if (attempt > 20)
      return;  // only zombies another parent must reap: they are dead
    if (attempt > 2) ::usleep(1000);
  }
}

int RunIdentity::process_count() const { return count_processes_of(uid_); }

std::string read_proc_file(const std::string& path) {
  std::string text;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return text;
  char chunk[4096];
  for (;;) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n > 0) {
      text.append(chunk, static_cast<std::size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      break;  // the end, or the process is gone: what was read is all there is
    }
  }
  ::close(fd);
  return text;
}

int count_processes_of(uid_t uid) {
  int count = 0;
  DIR* proc = ::opendir("/proc");
  if (!proc) return -1;
  while (dirent* entry = ::readdir(proc)) {
    if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
    std::istringstream status(read_proc_file(std::string("/proc/") + entry->d_name + "/status"));
    std::string line;
    while (std::getline(status, line))
      if (line.rfind("Uid:", 0) == 0) {
        if (std::stoul(line.substr(4)) == uid) ++count;
        break;
      }
  }
  ::closedir(proc);
  return count;
}

}  // namespace entrapment
