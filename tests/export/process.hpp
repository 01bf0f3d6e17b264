// Running the exported programs the way contest systems do, for the export tests (POSIX).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace entrapment::export_test {

// `command` through /bin/sh; its exit code, or -1 when it did not exit normally.
int run_shell(const std::string& command);

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

// The repository and the build's bin/: $ENTRAPMENT_ROOT and $ENTRAPMENT_BIN when set (CTest sets
// them), else the source tree this test was built from and the directory of the test binary.
std::string repository_root();
std::string bin_dir();

// Quotes `text` for /bin/sh.
std::string shell_quote(const std::string& text);

// A file's bytes ("" when it cannot be read), and a file written whole, its directories made.
std::string read_file(const std::filesystem::path& path);
void write_file(const std::filesystem::path& path, const std::string& text);

}  // namespace entrapment::export_test
