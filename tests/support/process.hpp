// Running programs in the tests, the one way: started with stdin bytes, an environment and a
// working directory, output to files; waited for, polled, signalled; on a pseudo-terminal; or
// wired to other programs by descriptors (two programs talking through pipes). Every start goes
// through launch() (tests/support/launch.hpp): the child closes what it inherited
// and starts with default signal handling, as the judge's children do, and a failed start
// throws naming the step that failed. POSIX only (the tests run on Linux).
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "environment.hpp"
#include "temp_dir.hpp"

namespace entrapment::testing {

struct ProcessOptions {
  // {cwd, env, input}: the common case, written as a brace list.
  ProcessOptions(std::filesystem::path cwd_ = {}, Environment env_ = {}, std::string input_ = {})
      : cwd(std::move(cwd_)), env(std::move(env_)), input(std::move(input_)) {}

  std::filesystem::path cwd;  // empty: the test's
  Environment env;
  std::string input;  // stdin, then the end of input
  // Not empty: stdin is this file instead (/dev/zero, say), and `input` is unused.
  std::filesystem::path stdin_file;
  // Not 0 (the test is root): it runs as this user and group, with no supplementary groups.
  uid_t user = 0;
  gid_t group = 0;
  // Not empty: a terminal (a pseudo-terminal's slave) that becomes its controlling terminal, in
  // a session of its own, and its stdin, stdout and stderr (`input` is then unused, and out()
  // and err() are empty: read the master).
  std::string terminal;
};

// An exit status as a shell shows it: the program's exit code, or 128 + N when signal N ended
// it; -1 when it still ran when we stopped waiting.
struct ProcessResult {
  int status = -1;
  std::string out, err;
  // What it used (wait4: it and the children it waited for), for checks a busy machine does
  // not change, unlike its wall clock. Filled by run_process().
  double cpu_s = 0;
  long peak_kib = 0;
};

// A program started with its stdout and stderr in files of its own (removed with it).
// argv[0] is a path, or a name looked up in PATH.
class Process {
 public:
  explicit Process(const std::vector<std::string>& argv, const ProcessOptions& options = {});
  ~Process();  // kills it (SIGKILL) if it still runs
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;

  pid_t pid() const { return pid_; }
  int wait(rusage* usage = nullptr);  // its status (above), once it has exited; what it used
  int wait_for(double seconds);       // the same, or -1 when it still runs after `seconds`
  bool running();                     // false once it has exited (and was reaped)
  // What it has written so far.
  std::string out() const;
  std::string err() const;

 private:
  pid_t pid_ = -1;
  bool reaped_ = false;
  int status_ = -1;
  TempDir dir_{"entrapment-test-process"};  // its stdin, stdout and stderr
};

// Runs the program to its end.
ProcessResult run_process(const std::vector<std::string>& argv, const ProcessOptions& options = {});

// Runs the program on a pseudo-terminal (stdin, stdout and stderr all on it, 40 x 200) and
// types options.input into it; `out` is everything the terminal showed, with its echo of the
// input and "\r\n" turned into "\n". Killed after a minute.
ProcessResult run_on_terminal(const std::vector<std::string>& argv,
                              const ProcessOptions& options = {});

// How spawn_wired starts a program (every other descriptor is closed in it).
struct Wiring {
  // Its stderr, created or truncated; empty: the test's own.
  std::filesystem::path stderr_file = "/dev/null";
  // Not 0: a cap on its address space (RLIMIT_AS), as contest systems cap a program's memory.
  unsigned long long address_space_bytes = 0;
  // True: it dies of a write to a reader that is gone, as under a contest system; false: it
  // ignores SIGPIPE when the test does (a judge whose own error paths are tested).
  bool default_sigpipe = true;
};

// For programs wired to each other: starts argv (argv[0] looked up in PATH) with stdin `in`,
// stdout `out` and no other descriptor open but its stderr. The caller closes its copies of
// `in` and `out`, and reaps it (wait_until, or waitpid).
pid_t spawn_wired(const std::vector<std::string>& argv, int in, int out, const Wiring& wiring = {});

// Waits for `pid` until `deadline`: its status (above), or -1 when it still runs then (it is
// left running).
int wait_until(pid_t pid, std::chrono::steady_clock::time_point deadline);

// Runs `command` through /bin/sh; its exit code, or -1.
int shell(const std::string& command);

// `text` quoted for /bin/sh.
std::string shell_quote(const std::string& text);

// The read system calls this process has made so far (/proc/self/io's syscr): what a piece of
// code reads, counted whatever the machine's speed.
long long read_calls_so_far();

// Starts `count` processes that sleep `seconds` (written with a token of the caller's, so that
// they can be found and ended with `pkill -f`), as orphans: processes of the machine that are
// no descendants of the test.
void start_idle_processes(int count, const std::string& seconds);

}  // namespace entrapment::testing
