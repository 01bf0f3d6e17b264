// Where `judge run --json FILE` and `--html FILE` may write, checked before any judging, and
// how a report is written. An option whose FILE was forgotten takes the next word: `judge run
// --html solutions/accepted/reference.py` must not judge everything and then replace the
// submission. A report never replaces a submission or a test, nothing in the package but a
// report of ours, and no existing file that is not a report of ours; its directory must exist
// and be writable (found before the judging, not after it). It is written to a temporary file
// beside it and renamed into place, so a report is whole or absent.
#pragma once

#include <filesystem>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace entrapment::cli {

// Throws CommandFailure(kExitUsage) naming the option, the file and why it is refused.
// `inputs`: the submissions and tests this run names (files or directories).
void check_report_file(const std::string& option, const std::filesystem::path& file,
                       const std::filesystem::path& package_root,
                       const std::vector<std::filesystem::path>& inputs);

// Whether `file` holds a report `judge run` wrote (JSON or HTML).
bool is_our_report(const std::filesystem::path& file);

// Writes `write`'s output to `file` through a temporary file in its directory: "" when it did,
// else why not (what failed, on which file, and the system's reason), with nothing left behind.
std::string write_report_file(const std::filesystem::path& file,
                              const std::function<void(std::ostream&)>& write);

}  // namespace entrapment::cli
