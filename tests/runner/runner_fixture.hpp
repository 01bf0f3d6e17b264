// Shared by the runner's tests: the test contestant, small limits, and a check that no process
// of a run is left.
#pragma once

#include <filesystem>
#include <string>

#include "runner/judge_tests.hpp"

namespace entrapment::testing {

std::filesystem::path bin_dir();
std::filesystem::path package_root();

// The test contestant in `mode` (see programs/player.cpp). Its command line carries a token
// unique to this call, so its processes can be found afterwards.
Submission player(const std::string& mode, std::string* token = nullptr);

// Limits small enough for tests: 1 s CPU, 1.5 s wall, 256 MiB, 64 processes.
Limits small_limits();

// How many processes have `token` in their command line.
int processes_with(const std::string& token);

// A board the contestant wins as the Trapper in 3 rounds (the first sample), and one it wins
// as the Runner.
TestCase trapper_board();
TestCase runner_board();

// Whether contestants can be contained here (root, or bwrap with its PID namespace).
bool can_contain_fork_bombs();

}  // namespace entrapment::testing
