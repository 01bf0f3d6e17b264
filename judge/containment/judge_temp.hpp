// The judge's temporary directory and its lifeline. Every directory the judge makes for a run,
// a compilation or a report is made inside one directory of its own, /tmp/entrapment-judge-
// <pid>-XXXXXX (mode 0700), which the judge holds under a shared lock (flock) for as long as it
// lives and removes when it exits. The judge also holds the write end of a pipe, its lifeline,
// that no child ever gets: its boxes and its sweeper hold the read end, which breaks when the
// judge is gone, however it went. Then each box stops its run and removes the run's directory,
// and the sweeper (`judge-box --sweep`, started here once) removes the judge's directory and,
// as it starts, whatever earlier judges and boxes killed with SIGKILL left (box/sweep.hpp).
#pragma once

#include <filesystem>
#include <string>

namespace entrapment {

// The directory, made (and the sweeper started) at the first call.
const std::filesystem::path& judge_temp_dir();

// A fresh directory inside it, mode 0700: `purpose`-XXXXXX. Throws std::runtime_error.
std::filesystem::path make_temp_subdir(const std::string& purpose);

// The lifeline's read end, for a box (the judge's own copy is close-on-exec).
int judge_lifeline();

// judge-box, beside the judge's own executable (or ENTRAPMENT_BOX); checked as the judge's own
// (support/ownership.hpp). Throws std::runtime_error naming what is wrong.
const std::filesystem::path& box_program();

// Removes the directory now (the judge's exit, an interrupt); later calls make a new one.
void remove_judge_temp_dir();

}  // namespace entrapment
