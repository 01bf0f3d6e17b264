// Running the judge's own helper programs (the input validator) with a time limit: stdin from
// a file, stdout and stderr together into a file, in a session of their own, with no other
// descriptor of the judge (spawn.hpp). Not for contestants, nor for compilers (which run the
// contestant's source: box_process.hpp runs both in a box).
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace entrapment {

struct ToolRun {
  bool started = false;    // false: it could not be started (`error` says why)
  bool timed_out = false;  // killed (with its process group) at the time limit
  int exit_code = -1;      // when it exited
  int signal = 0;          // when a signal ended it
  std::string error;
};

// `argv[0]` is an absolute path. `input`: the file on its stdin (empty: /dev/null).
ToolRun run_tool(const std::vector<std::string>& argv, const std::filesystem::path& input,
                 const std::filesystem::path& output, std::chrono::milliseconds time_limit);

}  // namespace entrapment
