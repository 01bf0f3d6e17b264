#include "spawn.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>

extern char** environ;

namespace entrapment {

namespace {

std::vector<char*> pointers(const std::vector<std::string>& words) {
  std::vector<char*> out;
  for (const std::string& word : words) out.push_back(const_cast<char*>(word.c_str()));
  out.push_back(nullptr);
  return out;
}

// posix_spawn's file actions and attributes, released at the end of the scope.
struct SpawnSetup {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  std::vector<int> copies;  // the judge's own close-on-exec copies of what is passed on

  SpawnSetup() {
    ::posix_spawn_file_actions_init(&actions);
    ::posix_spawnattr_init(&attributes);
  }
  ~SpawnSetup() {
    ::posix_spawn_file_actions_destroy(&actions);
    ::posix_spawnattr_destroy(&attributes);
    for (int fd : copies) ::close(fd);
  }
  // A copy of `fd` above every number the child is given, so that no dup2 of the file actions
  // overwrites a descriptor a later one still reads.
  int above(int fd) {
    const int copy = ::fcntl(fd, F_DUPFD_CLOEXEC, 64);
    if (copy < 0)
      throw SpawnError(std::string("cannot pass a descriptor on: ") + std::strerror(errno));
    copies.push_back(copy);
    return copy;
  }
};

}  // namespace

pid_t spawn(const SpawnRequest& r) {
  if (r.argv.empty()) throw SpawnError("no program to start");
  SpawnSetup s;
  const auto to = [&](int fd, const std::string& file, int flags, int target) {
    if (fd >= 0)
      ::posix_spawn_file_actions_adddup2(&s.actions, s.above(fd), target);
    else
      ::posix_spawn_file_actions_addopen(&s.actions, target,
                                         file.empty() ? "/dev/null" : file.c_str(), flags, 0644);
  };
  to(r.in, r.in_file, O_RDONLY, 0);
  to(r.out, r.out_file, O_WRONLY | O_CREAT | O_TRUNC, 1);
  if (r.err_to_out)
    ::posix_spawn_file_actions_adddup2(&s.actions, 1, 2);
  else
    to(r.err, "", O_WRONLY, 2);
  int next = 3;
  for (int fd : r.pass) ::posix_spawn_file_actions_adddup2(&s.actions, s.above(fd), next++);
  // Whatever else the judge holds (another thread's pipes, a file it is writing) is closed in
  // the child before the exec.
  ::posix_spawn_file_actions_addclosefrom_np(&s.actions, next);

  sigset_t all, blocked;
  sigfillset(&all);
  sigemptyset(&blocked);
  for (int signal : r.blocked_signals) sigaddset(&blocked, signal);
  ::posix_spawnattr_setsigdefault(&s.attributes, &all);
  ::posix_spawnattr_setsigmask(&s.attributes, &blocked);
  short flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK;
  if (r.new_session) flags |= POSIX_SPAWN_SETSID;
  if (r.new_process_group && !r.new_session) {
    flags |= POSIX_SPAWN_SETPGROUP;
    ::posix_spawnattr_setpgroup(&s.attributes, 0);
  }
  ::posix_spawnattr_setflags(&s.attributes, flags);

  std::vector<char*> argv = pointers(r.argv);
  std::vector<char*> env = pointers(r.env);
  pid_t pid = -1;
  // A program the judge wrote a moment ago may still be open for writing in a child another
  // thread is starting (it holds a copy of the judge's descriptors until its closefrom): exec
  // then fails with "Text file busy" for a while of microseconds. Tried again, a little later.
  for (int attempt = 0;; ++attempt) {
    const int error = ::posix_spawn(&pid, r.argv[0].c_str(), &s.actions, &s.attributes, argv.data(),
                                    r.env.empty() ? environ : env.data());
    if (error == 0) return pid;
    if (error != ETXTBSY || attempt == 100)
      throw SpawnError("cannot start " + r.argv[0] + ": " + std::strerror(error));
    ::usleep(1000);
  }
}

std::filesystem::path find_program(const std::string& program) {
  const auto runnable = [](const std::filesystem::path& p) {
    std::error_code ec;
    return ::access(p.c_str(), X_OK) == 0 && std::filesystem::is_regular_file(p, ec);
  };
  if (program.empty()) return {};
  if (program.find('/') != std::string::npos) {
    std::error_code ec;
    const std::filesystem::path p = std::filesystem::absolute(program, ec);
    return runnable(p) ? p : std::filesystem::path{};
  }
  const char* path = std::getenv("PATH");
  std::stringstream split(path ? path : "/usr/local/bin:/usr/bin:/bin");
  for (std::string dir; std::getline(split, dir, ':');)
    if (!dir.empty() && runnable(std::filesystem::path(dir) / program))
      return std::filesystem::path(dir) / program;
  return {};
}

}  // namespace entrapment
