// judge-box: one run of one program, in a process of its own (what isolate and DOMjudge's
// runguard are to their judges).
//
// Theory of operation. The judge has threads; a process it forks carries its memory, its
// locks and, until exec, copies of every descriptor it has open. So the judge runs no code
// between fork and exec: it starts judge-box with posix_spawn, handing it the program's stdin,
// stdout and stderr as given, a lifeline (a pipe only the judge writes to) and the run's limits
// and directory on the command line (request.hpp). The box has one thread and runs nothing
// else, so it may set the run up freely in the child it forks:
//   1. the limits, through one seam (limiter.hpp): a control group of the run's own where the
//      box can make one, resource limits otherwise, chosen once, named in the record;
//   2. a user id of the run's own when the box is root and sandboxes the run (run_ids.hpp;
//      the init of its PID namespace becomes it: drop.hpp), a session and a session keyring of
//      its own, rlimits, no terminal;
//   3. the sandbox (sandbox_choice.hpp): as root, namespaces the box makes itself
//      (namespaces.hpp: the child is cloned into them, builds the run's root and is the init
//      of its PID namespace, with no exec); not root, or where the box may not make them,
//      bwrap (bwrap.hpp), which builds the same root (sandbox_view.hpp) and starts the box's
//      own step as that init. The init becomes the run's user id, starts the program and
//      reports its wait status as it is. The seccomp filter (seccomp_filter.hpp) is loaded
//      last: by the box's own init, by bwrap before its step, or by the child without a
//      sandbox.
// Then it watches by events: the child's exit and the caller's signals arrive on a signalfd,
// the lifeline breaks when the caller dies; the CPU time is read when the soonest it could pass
// its limit comes, and the wall-clock guard, at its deadline, is moved later by the time the
// run waited for a CPU. At the end the box freezes everything of the run, measures, kills and
// reaps it (it is a child subreaper: nothing of the run can leave its tree), removes the
// control group, frees the id, and writes one record (record.hpp) to the meta file.
//
// Nothing outlives the run. A box whose caller dies stops the run and removes its directory;
// the sandbox's init (PR_SET_PDEATHSIG; bwrap: --die-with-parent) and with it everything in
// its PID namespace, or the program without a sandbox (PR_SET_PDEATHSIG) die with a box killed
// by SIGKILL, and the group it left, which no box holds any more, is removed by the next sweep
// (`judge-box --sweep`, sweep.hpp), which every judge starts.
//
// Exit status: 0 when the record is written (whatever the program did), 2 for a usage error,
// 1 when the record cannot be written (said on stderr).
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <iostream>

#include "box.hpp"
#include "drop.hpp"
#include "limit_scope.hpp"
#include "limiter.hpp"
#include "record.hpp"
#include "request.hpp"
#include "sandbox_choice.hpp"
#include "seccomp_filter.hpp"
#include "sweep.hpp"

using namespace entrapment;

namespace {

// `key: value` lines, as the record is: the judge's `-v` prints them (containment/
// box_description.hpp), so that what a box gets is said by the box alone.
int describe(const BoxRequest& request) {
  const LimitsHere here = limits_here(request.limits.mechanism);
  std::cout << "limits: " << here.description << "\n"
            << "memory-counted: " << (here.cgroup ? "exactly" : "best-effort") << "\n"
            << "sandbox: "
            << (request.isolation == Isolation::None ? std::string("none")
                                                     : sandbox_choice(true).describe())
            << "\n";
  for (const std::string& line :
       limit_scope(request.limits, here, request.isolation, ::geteuid() == 0))
    std::cout << "covers: " << line << "\n";
  std::cout << describe_seccomp_filter(!here.cgroup) << "\n"
            << "delegation: " << (here.would_use_delegation ? "would-help" : "not-needed") << "\n";
  if (!here.error.empty()) std::cout << "error: " << here.error << "\n";
  return here.error.empty() ? 0 : 1;
}

int write_record(const std::string& path, const BoxRecord& record) {
  const std::string text = format_record(record);
  // A file of its own alone: never through a link, never into a FIFO or a device, a file of
  // several names or another user's (who could rewrite it before the caller reads it). Root's
  // box started by hand with its record in /tmp wrote wherever a user of the machine had
  // linked that name to.
  const int fd =
      ::open(path.c_str(), O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0600);
  std::string why = fd < 0 ? std::strerror(errno) : "";
  struct stat info {};
  if (fd >= 0 && (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_nlink != 1 ||
                  info.st_uid != ::geteuid()))
    why = "not a file of the box's own user with one name";
  else if (fd >= 0 && (::ftruncate(fd, 0) != 0 ||
                       ::write(fd, text.data(), text.size()) != static_cast<ssize_t>(text.size())))
    why = std::strerror(errno);
  if (fd >= 0 && ::close(fd) != 0 && why.empty()) why = std::strerror(errno);
  if (why.empty()) return 0;
  std::cerr << "judge-box: cannot write the record to " << path << ": " << why << "\n";
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  // Before anything else: a stop asked for at once must wait for the box to act on it.
  sigset_t waited_for;
  sigemptyset(&waited_for);
  for (int signal : box_signals()) sigaddset(&waited_for, signal);
  ::sigprocmask(SIG_BLOCK, &waited_for, nullptr);
  if (argc > 1 && std::strcmp(argv[1], "--step") == 0) return run_program_step(argc, argv);
  BoxRequest request;
  try {
    request = parse_request(argc, argv);
  } catch (const BoxUsageError& e) {
    if (*e.what()) std::cerr << "judge-box: " << e.what() << " (judge-box --help)\n";
    return *e.what() ? 2 : 0;
  }
  // The lifeline is a pipe whose other end the caller holds. Anything else (a descriptor not
  // open, /dev/null) reads as a caller gone at once: the run would stop and its directory,
  // or the sweeper's, be removed.
  struct stat lifeline {};
  if (request.lifeline >= 0 &&
      (::fstat(request.lifeline, &lifeline) != 0 || !S_ISFIFO(lifeline.st_mode))) {
    std::cerr << "judge-box: --lifeline " << request.lifeline << " is not an open pipe\n";
    return 2;
  }
  switch (request.mode) {
    case BoxRequest::Mode::Describe:
      return describe(request);
    case BoxRequest::Mode::PrepareCgroups:
      prepare_cgroups_for_boxes(::getppid());
      return 0;
    case BoxRequest::Mode::Sweep:
      if (request.lifeline >= 0)
        sweep_when_gone(request.lifeline, request.dir);
      else
        sweep_leftovers();
      return 0;
    case BoxRequest::Mode::Run:
      break;
  }
  return write_record(request.meta.string(), run_box(request));
}
