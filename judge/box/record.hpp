// The box's contract on the way out: one record per run, `key: value` lines in the meta file,
// as isolate's --meta and DOMjudge's runguard write theirs. It says how the program ended (an
// exit status or a signal), what it used (CPU, wall clock, memory peak), what stopped it, and
// all of that once more in words (`message`), for a person. The judge reads it back with
// parse_record(); a record that does not parse is the judge's error, never the contestant's.
//
//   ending: exited | signaled | not-started | box-error
//   exit-code: 0             (exited)        signal: 11      (signaled)
//   stopped-by: none | time-limit | wall-clock | memory-limit | out-of-memory | caller |
//               caller-gone
//   cpu-s: 0.012   wall-s: 0.034   waited-for-cpu-s: 0.001   memory-kib: 3456
//   limits: cgroup v1 (memory, pids, cpuacct)     memory-counted: exactly | best-effort
//   oom-killed: yes | no   (the kernel killed one of its processes at the memory limit, by the
//                           control group's count: isolate's cg-oom-killed)
//   isolation: bwrap | none     uid: 61512 (when the run had an id of its own)
//   message: exited with status 0
#pragma once

#include <sys/types.h>

#include <optional>
#include <stdexcept>
#include <string>

namespace entrapment {

struct BoxRecord {
  enum class Ending { Exited, Signaled, NotStarted, BoxError };
  enum class Stop { None, TimeLimit, WallClock, MemoryLimit, OutOfMemory, Caller, CallerGone };

  Ending ending = Ending::BoxError;
  int exit_code = 0;  // Exited
  int signal = 0;     // Signaled
  Stop stopped_by = Stop::None;
  double cpu_s = 0;             // user + system of every process of the run
  double wall_s = 0;            // from its start to the end of its main process
  double waited_for_cpu_s = 0;  // how much later the wall-clock guard was moved
  long long memory_kib = 0;     // its peak (doc/execution.md: what each mechanism sees)
  std::string limits;           // the limiter's description
  bool memory_exact = true;     // false: counted on a best-effort basis (rlimits)
  bool oom_killed = false;      // the OOM killer killed one of its processes (never a guess)
  std::string isolation;        // "namespaces" (the box's own), "bwrap" or "none"
  std::optional<uid_t> uid;     // the run's own user id
  std::string message;          // all of it, in words

  bool failed() const {
    return ending == Ending::Signaled || (ending == Ending::Exited && exit_code);
  }
};

class RecordError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

std::string format_record(const BoxRecord& record);
// Throws RecordError naming the line and what is wrong with it.
BoxRecord parse_record(const std::string& text);

// "time-limit" and back.
std::string stop_name(BoxRecord::Stop stop);

// How the program ended, in words: "exited with status 1", "killed by signal 11
// (Segmentation fault)".
std::string describe_ending(const BoxRecord& record);

}  // namespace entrapment
