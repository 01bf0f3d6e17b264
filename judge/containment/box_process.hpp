// One run of a program (a contestant's, or a compiler on a contestant's source: compiling is
// running contestant code too), as the judge sees it: the program staged into a fresh
// directory of the run's own inside the judge's temporary directory (judge_temp.hpp), and a box
// (judge-box, box/box_main.cpp) started for it by posix_spawn, with the program's stdin, stdout
// and stderr as pipes the judge holds. The box enforces the limits, contains the program, and
// when the run ends writes its record (box/record.hpp), which wait() reads back. The judge only
// plays through the pipes, drains stderr, and asks the box to stop the run (stop()) when it has
// decided before the program ended. When the object goes away the box has ended, so has
// everything of the run, and the run's directory is removed.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "box/limits.hpp"
#include "box/record.hpp"
#include "box/request.hpp"
#include "isolation_policy.hpp"

namespace entrapment {

using Clock = std::chrono::steady_clock;

// What the judge keeps of a program's stderr (the rest is drained and dropped).
inline constexpr std::size_t kKeptStderrBytes = 1 << 20;

// How a process is started beyond its command and limits; from a bool: the sandbox when usable,
// or not.
struct ProcessOptions {
  ProcessOptions(bool sandbox_wanted = true) : sandbox(sandbox_wanted) {}  // NOLINT: implicit
  bool sandbox;
  std::optional<Isolation> require{};  // exactly this isolation, whatever the policy (probes)
  RunOrigin origin{};                  // the code it runs: what the isolation policy looks at
  // A compiler: its working directory is the run's directory itself, writable, and read back
  // by the judge (outputs are taken out with dir()); a contestant's is a capped tmpfs where
  // its staged program is read-only.
  bool writable_dir = false;
  // Files copied into the run's directory, by their names, before it starts (a compiler's
  // sources: they are never reached where they are).
  std::vector<std::filesystem::path> inputs{};
  std::string inputs_dir{};         // not empty: the inputs go into this subdirectory of the run's
  bool stdout_into_stderr = false;  // a compiler's messages, together
  // False: the command runs as given, nothing staged (the judge asking an interpreter's shim
  // which Python it runs: staging.cpp); `read_only` is then what the box shows beside it.
  bool staged = true;
  std::vector<std::string> read_only{};
};

class BoxedProcess {
 public:
  // Throws StageError when the program cannot be reached, UntrustedProgram when nothing would
  // isolate it and the policy does not let it run so, std::runtime_error when it cannot start.
  BoxedProcess(const std::vector<std::string>& command, const BoxLimits& limits,
               const ProcessOptions& options);
  ~BoxedProcess();
  BoxedProcess(const BoxedProcess&) = delete;
  BoxedProcess& operator=(const BoxedProcess&) = delete;

  int stdin_fd() const { return stdin_; }
  int stdout_fd() const { return stdout_; }
  int stderr_fd() const { return stderr_; }
  // Readable once the box has exited (its pidfd); -1 when the kernel has none.
  int exit_fd() const { return pidfd_; }
  Clock::time_point started() const { return started_; }
  bool sandboxed() const { return isolation_ == Isolation::Bwrap; }
  // The run's directory, as the judge sees it (until the object goes away).
  const std::filesystem::path& dir() const { return dir_; }

  void close_stdin();
  // Reads what stderr holds now without blocking; keeps up to kKeptStderrBytes.
  void drain_stderr();
  const std::string& stderr_text() const { return stderr_text_; }
  // The last `keep` bytes of what it wrote to stderr ("..." before them when more came first),
  // without its last line end: what a message quotes of it.
  std::string stderr_tail(std::size_t keep) const;
  // Reads up to `size` bytes of the program's stdout into `buffer`, waiting for some while
  // draining its stderr (a program blocked on a full stderr pipe would never write); 0 at the
  // end: stdout closed, a read error, or nothing left in the pipe of a box that is gone.
  std::size_t read_output(char* buffer, std::size_t size);

  // Whether the box has ended (without waiting).
  bool ended();
  // Waits until the box has ended (the run ended, or the box stopped it at a limit), draining
  // stderr, and returns its record. A box that does not end long after its run's limits is
  // killed: a record of the box's failure, never the program's.
  const BoxRecord& wait();
  // Asks the box to stop the run now, then wait()s.
  const BoxRecord& stop();

 private:
  void start(const std::vector<std::string>& command, const BoxLimits& limits,
             const ProcessOptions& options);
  void collect(int status);
  void release() noexcept;

  BoxLimits limits_;
  Isolation isolation_ = Isolation::None;
  std::filesystem::path dir_, meta_;
  pid_t box_ = -1;
  int pidfd_ = -1;
  int stdin_ = -1, stdout_ = -1, stderr_ = -1;
  bool ended_ = false;
  Clock::time_point started_;
  BoxRecord record_;
  std::string stderr_text_;
};

}  // namespace entrapment
