#include "process.hpp"

#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <stdexcept>
#include <thread>

#include "containment/spawn.hpp"
#include "files.hpp"
#include "launch.hpp"

namespace entrapment::testing {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

int status_of(int raw) {
  if (WIFEXITED(raw)) return WEXITSTATUS(raw);
  if (WIFSIGNALED(raw)) return 128 + WTERMSIG(raw);
  return -1;
}

// What a child does between fork and exec, all of it decided before the fork: launch() runs
// the step in a child of a process with threads, where nothing may allocate.
struct ChildSetup {
  int in = -1, out = -1;  // to become 0 and 1; -1: the files below
  const char* in_file = nullptr;
  const char* out_file = nullptr;
  const char* err_file = nullptr;  // nullptr: the test's stderr
  const char* terminal = nullptr;  // not nullptr: 0, 1 and 2, and the controlling terminal
  const char* cwd = nullptr;
  uid_t user = 0;  // not 0: becomes this user and group, with no supplementary groups
  gid_t group = 0;
  rlim_t address_space = 0;  // not 0: RLIMIT_AS
  bool ignore_sigpipe = false;
};

// Opens `path` as descriptor `fd` (not close-on-exec).
bool open_as(const char* path, int flags, int fd) {
  const int opened = ::open(path, flags | O_CLOEXEC, 0644);
  if (opened < 0) return false;
  if (opened == fd) return ::fcntl(fd, F_SETFD, 0) == 0;
  const bool moved = ::dup2(opened, fd) >= 0;
  ::close(opened);
  return moved;
}

const char* set_up_child(const void* context) {
  const ChildSetup& setup = *static_cast<const ChildSetup*>(context);
  if (setup.terminal) {
    if (::setsid() < 0) return "setsid";
    const int tty = ::open(setup.terminal, O_RDWR);
    if (tty < 0 || ::ioctl(tty, TIOCSCTTY, 0) != 0) return "taking the terminal";
    if (::dup2(tty, 0) < 0 || ::dup2(tty, 1) < 0 || ::dup2(tty, 2) < 0) return "dup2";
    if (tty > 2) ::close(tty);
  } else {
    if (setup.in >= 0 ? ::dup2(setup.in, 0) < 0 : !open_as(setup.in_file, O_RDONLY, 0))
      return "opening its stdin";
    if (setup.out >= 0 ? ::dup2(setup.out, 1) < 0
                       : !open_as(setup.out_file, O_WRONLY | O_CREAT | O_TRUNC, 1))
      return "opening its stdout";
    if (setup.in > 2) ::close(setup.in);
    if (setup.out > 2 && setup.out != setup.in) ::close(setup.out);
    if (setup.err_file && !open_as(setup.err_file, O_WRONLY | O_CREAT | O_TRUNC, 2))
      return "opening its stderr";
  }
  if (setup.cwd && ::chdir(setup.cwd) != 0) return "chdir";
  if (setup.user != 0 &&
      (::setgroups(0, nullptr) != 0 || ::setresgid(setup.group, setup.group, setup.group) != 0 ||
       ::setresuid(setup.user, setup.user, setup.user) != 0))
    return "becoming the user";
  const rlimit cap{setup.address_space, setup.address_space};
  if (setup.address_space != 0 && ::setrlimit(RLIMIT_AS, &cap) != 0) return "RLIMIT_AS";
  // launch() gave it the default handling of every signal.
  if (setup.ignore_sigpipe) ::signal(SIGPIPE, SIG_IGN);
  return nullptr;
}

// Starts argv (argv[0] a path, or a name looked up in PATH) through launch().
pid_t start(const std::vector<std::string>& argv, std::vector<std::string> env,
            const ChildSetup& setup, std::vector<int> keep = {}) {
  if (argv.empty()) throw std::invalid_argument("no program to run");
  const fs::path program = find_program(argv[0]);
  if (program.empty()) throw std::runtime_error("cannot start " + argv[0] + ": not found");
  LaunchRequest request;
  request.argv = argv;
  request.argv[0] = program.string();
  request.env = std::move(env);
  request.step = set_up_child;
  request.context = &setup;
  request.keep = std::move(keep);
  return launch(request);
}

}  // namespace

Process::Process(const std::vector<std::string>& argv, const ProcessOptions& options) {
  const std::string in =
      options.stdin_file.empty() ? (dir_.path / "stdin").string() : options.stdin_file.string();
  const std::string out = (dir_.path / "stdout").string(), err = (dir_.path / "stderr").string(),
                    cwd = options.cwd.string();
  if (options.stdin_file.empty()) write_text(in, options.input);
  ChildSetup setup;
  setup.in_file = in.c_str();
  setup.out_file = out.c_str();
  setup.err_file = err.c_str();
  if (!options.terminal.empty()) setup.terminal = options.terminal.c_str();
  if (!cwd.empty()) setup.cwd = cwd.c_str();
  setup.user = options.user;
  setup.group = options.group;
  pid_ = start(argv, environment_with(options.env), setup);
}

Process::~Process() {
  if (!reaped_ && pid_ > 0) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
}

int Process::wait(rusage* usage) {
  int raw = 0;
  while (!reaped_) {
    if (::wait4(pid_, &raw, 0, usage) == pid_) {
      reaped_ = true;
      status_ = status_of(raw);
    } else if (errno != EINTR) {
      break;
    }
  }
  return status_;
}

int Process::wait_for(double seconds) {
  if (reaped_) return status_;
  const int status = wait_until(pid_, Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                         std::chrono::duration<double>(seconds)));
  if (status == -1) return -1;
  reaped_ = true;
  status_ = status;
  return status_;
}

bool Process::running() {
  if (reaped_) return false;
  int raw = 0;
  if (::waitpid(pid_, &raw, WNOHANG) == pid_) {
    reaped_ = true;
    status_ = status_of(raw);
  }
  return !reaped_;
}

std::string Process::out() const { return read_text(dir_.path / "stdout"); }
std::string Process::err() const { return read_text(dir_.path / "stderr"); }

ProcessResult run_process(const std::vector<std::string>& argv, const ProcessOptions& options) {
  Process process(argv, options);
  ProcessResult result;
  rusage usage{};
  result.status = process.wait(&usage);
  result.cpu_s = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                 static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  result.peak_kib = usage.ru_maxrss;
  result.out = process.out();
  result.err = process.err();
  return result;
}

ProcessResult run_on_terminal(const std::vector<std::string>& argv, const ProcessOptions& options) {
  int master = -1, slave = -1;
  char name[256] = {};
  winsize size{};
  size.ws_row = 40;
  size.ws_col = 200;
  if (::openpty(&master, &slave, name, nullptr, &size) != 0)
    throw std::runtime_error("openpty failed");
  ProcessOptions on_terminal = options;
  on_terminal.terminal = name;
  std::optional<Process> process;
  try {
    process.emplace(argv, on_terminal);
  } catch (...) {
    ::close(master);
    ::close(slave);
    throw;
  }
  // The program holds the terminal now: once it is gone, reading the master ends (EIO).
  ::close(slave);
  // Typed all at once: the terminal keeps the lines until the program reads them.
  std::size_t written = 0;
  while (written < options.input.size()) {
    const ssize_t n =
        ::write(master, options.input.data() + written, options.input.size() - written);
    if (n <= 0) break;
    written += static_cast<std::size_t>(n);
  }
  ProcessResult result;
  const auto deadline = Clock::now() + std::chrono::seconds(60);
  char buffer[4096];
  for (;;) {
    pollfd fd{master, POLLIN, 0};
    if (::poll(&fd, 1, 100) > 0) {
      const ssize_t n = ::read(master, buffer, sizeof buffer);
      if (n <= 0) break;  // EIO: the program is gone and nothing is left
      result.out.append(buffer, static_cast<std::size_t>(n));
    } else if (Clock::now() > deadline) {
      ::kill(process->pid(), SIGKILL);
      break;
    }
  }
  ::close(master);
  result.status = process->wait();
  // The terminal turns "\n" into "\r\n".
  result.out.erase(std::remove(result.out.begin(), result.out.end(), '\r'), result.out.end());
  return result;
}

pid_t spawn_wired(const std::vector<std::string>& argv, int in, int out, const Wiring& wiring) {
  const std::string err = wiring.stderr_file.string();
  ChildSetup setup;
  setup.in = in;
  setup.out = out;
  if (!err.empty()) setup.err_file = err.c_str();
  setup.address_space = wiring.address_space_bytes;
  struct sigaction sigpipe {};
  ::sigaction(SIGPIPE, nullptr, &sigpipe);
  setup.ignore_sigpipe = !wiring.default_sigpipe && sigpipe.sa_handler == SIG_IGN;
  std::vector<int> keep = {in, out};
  std::sort(keep.begin(), keep.end());
  return start(argv, environment_with({}), setup, keep);
}

int wait_until(pid_t pid, Clock::time_point deadline) {
  for (;;) {
    int raw = 0;
    if (::waitpid(pid, &raw, WNOHANG) == pid) return status_of(raw);
    if (Clock::now() >= deadline) return -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

int shell(const std::string& command) {
  // stdin, stdout and stderr are the test's own.
  ChildSetup setup;
  setup.in = 0;
  setup.out = 1;
  const pid_t pid = start({"/bin/sh", "-c", command}, environment_with({}), setup);
  int raw = 0;
  while (::waitpid(pid, &raw, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
}

long long read_calls_so_far() {
  std::ifstream io("/proc/self/io");
  for (std::string key; io >> key;) {
    long long value = 0;
    io >> value;
    if (key == "syscr:") return value;
  }
  return -1;
}

void start_idle_processes(int count, const std::string& seconds) {
  shell("for i in $(seq " + std::to_string(count) + "); do (sleep " + seconds + " &); done");
}

std::string shell_quote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace entrapment::testing
