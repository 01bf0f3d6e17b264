// Two programs talking, wired the way contest systems wire an interactor and a contestant, for
// the export tests (POSIX).
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace entrapment::testing {

// How the judge of a pair ended.
struct JudgeExit {
  int code = -1;                        // its exit code, or -1 when a signal ended it
  int signal = 0;                       // the signal that ended it, or 0
  long long peak_kib = 0;               // its peak resident set (ru_maxrss)
  bool contestant_outlived_it = false;  // the contestant still ran when the judge had ended
};

// Runs `judge` and `contestant` connected by two pipes (each one's stdout is the other's
// stdin); once the judge has ended, the contestant is killed if it still runs (it may be
// writing to a judge that is gone). The judge's stderr goes to `judge_stderr` when it is given;
// `judge_memory_mib` (not 0) caps its address space, as UOJ and Polygon cap an interactor's.
// `on_judge_started`, when given, is told the judge's process id as soon as it runs (a test
// watching what the judge does, e.g. in /proc, needs it while the pair plays).
JudgeExit run_pair(const std::vector<std::string>& judge,
                   const std::vector<std::string>& contestant,
                   const std::filesystem::path& judge_stderr = {}, long long judge_memory_mib = 0,
                   const std::function<void(pid_t)>& on_judge_started = {});

// CMS's wiring of a Communication task (cms/grading/tasktypes/Communication.py): FIFOs
// `dir`/u0_to_m and `dir`/m_to_u0, the manager started as `manager FROM_USER TO_USER` with
// `input` on stdin, its stdout and stderr into `dir`/manager.out and manager.err; the
// contestant's stdin and stdout on the FIFOs, opened stdin first as CMS's sandbox does.
JudgeExit run_cms(const std::filesystem::path& manager, const std::filesystem::path& input,
                  const std::vector<std::string>& contestant, const std::filesystem::path& dir);

}  // namespace entrapment::testing
