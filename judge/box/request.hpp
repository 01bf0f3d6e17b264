// The box's contract on the way in: one run's limits, its isolation, its directory and its
// program, as `judge-box` takes them on its command line. The judge builds the command line from
// this struct (to_arguments) and the box reads it back (parse_request), so the two cannot drift.
//
//   judge-box --time S --memory MIB --meta FILE [--wall S] [--processes N] [--file-size BYTES]
//             [--tmp-size BYTES] [--no-address-space-limit] [--limits auto|cgroup|rlimit]
//             [--sandbox bwrap|none] [--dir DIR] [--writable-dir] [--read-only PATH]...
//             [--env NAME=VALUE]... [--lifeline FD] [--credit-waits-of TID] [--ids FIRST-LAST]
//             [--cpu K] -- PROGRAM ARGS...
//   judge-box --sweep [--lifeline FD]      what killed judges and boxes left, removed
//   judge-box --describe [--limits ...] [--sandbox ...]   how limits and isolation work here
//   judge-box --prepare-cgroups            the caller's groups readied for its boxes' (v2)
//
// --cpu K pins the run to CPU K alone (one of the box's own, sched_getaffinity): a cpuset of
// the run's own under --limits cgroup where one can be made, and always sched_setaffinity in the
// box's child before exec. Under a cpuset the program cannot widen it; with the affinity alone
// it can (sched_setaffinity is its own to call), as it could nowhere else but under a cpuset.
//
// --sandbox bwrap asks for the sandbox, whichever makes it (sandbox_choice.hpp: as root the box's
// own namespaces, else bwrap). Defaults for --sandbox and --ids come from ENTRAPMENT_BWRAP (off:
// none) and
// ENTRAPMENT_UID_RANGE, and --limits auto stands for ENTRAPMENT_LIMITS (limiter.hpp), as isolate
// reads its configuration file.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "limits.hpp"

namespace entrapment {

// Bwrap: the sandbox, whichever makes it (`--sandbox bwrap`, the contract's word for it).
enum class Isolation { Bwrap, None };

// User ids a root box hands its runs, first to last (run_ids.hpp).
struct IdRange {
  uid_t first = 61512;
  uid_t last = 62023;
  bool operator==(const IdRange&) const = default;
};

// "61512-62023"; nothing (and `why` says what is wrong) when the text is not such a range of
// unprivileged ids.
std::optional<IdRange> parse_id_range(const std::string& text, std::string* why = nullptr);

struct BoxRequest {
  enum class Mode { Run, Sweep, Describe, PrepareCgroups };
  Mode mode = Mode::Run;
  BoxLimits limits;
  Isolation isolation = Isolation::Bwrap;
  // Its working directory, made by the caller. The box hands it to the run's user id, and
  // removes it only when the caller is gone (its lifeline broke): the caller removes it
  // otherwise. A program inside it is replaced by the box's own copy before it starts.
  std::filesystem::path dir;
  bool writable_dir = false;           // a compiler's: writable; else its files read-only
  std::vector<std::string> read_only;  // paths shown read-only at their own place (the sandbox)
  std::vector<std::string> env;        // NAME=VALUE, beyond PATH, HOME, LANG and TMPDIR
  std::filesystem::path meta;          // where the result record goes
  int lifeline = -1;          // read end of a pipe only the caller writes to: when it breaks, stop
  pid_t credit_waits_of = 0;  // a thread of the caller whose waits for a CPU the guard credits
  std::optional<IdRange> ids;
  std::vector<std::string> command;
};

class BoxUsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The command line (without the box's own path) that asks for `request`.
std::vector<std::string> to_arguments(const BoxRequest& request);

// `argv` as judge-box was given it (argv[0] first). Throws BoxUsageError naming the option.
// `--help` prints the usage and throws BoxUsageError with an empty message.
BoxRequest parse_request(int argc, const char* const* argv);

}  // namespace entrapment
