// A submission ready to run: the argv that starts it. Sources are compiled the way contest
// systems compile them (see README, "Languages"); an executable is run as is.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace entrapment {

struct Submission {
  std::string name;                  // for reports: the file name, or the command
  std::vector<std::string> command;  // argv that runs it; command[0] is an absolute path
};

// Compiles a source (.cpp .cc .cxx .c .py .java) into work_dir, or wraps an executable; throws
// std::runtime_error with the compiler's message on a compile error, or naming the file when
// it is neither a known source nor an executable.
Submission prepare_submission(const std::filesystem::path& source_or_executable,
                              const std::filesystem::path& work_dir);

// Wraps `-- COMMAND ARGS...`: command[0] is looked up in PATH; throws when it is not found.
Submission command_submission(const std::vector<std::string>& command);

// The absolute path of `program`, looked up in PATH when it has no '/'; empty when not found.
std::filesystem::path find_program(const std::string& program);

}  // namespace entrapment
