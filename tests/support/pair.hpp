// Two programs talking, wired the way contest systems wire an interactor and a contestant, for
// the export tests (POSIX).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace entrapment::testing {

// Runs `judge` and `contestant` connected by two pipes (each one's stdout is the other's
// stdin) and returns the judge's exit code (-1: killed by a signal). The judge's stderr goes to
// `judge_stderr` when it is given.
int run_pair(const std::vector<std::string>& judge, const std::vector<std::string>& contestant,
             const std::filesystem::path& judge_stderr = {});

// CMS's wiring of a Communication task (cms/grading/tasktypes/Communication.py): FIFOs
// `dir`/u0_to_m and `dir`/m_to_u0, the manager started as `manager FROM_USER TO_USER` with
// `input` on stdin, its stdout and stderr into `dir`/manager.out and manager.err; the
// contestant's stdin and stdout on the FIFOs, opened stdin first as CMS's sandbox does.
// Returns the manager's exit code.
int run_cms(const std::filesystem::path& manager, const std::filesystem::path& input,
            const std::vector<std::string>& contestant, const std::filesystem::path& dir);

}  // namespace entrapment::testing
