// Runs a program of the build with given stdin bytes and collects its exit status and output:
// what the validator and `judge generate` tests need. POSIX only (tests run on Linux).
#pragma once

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/support/files.hpp"
#include "tests/support/repository.hpp"

extern char** environ;

namespace entrapment::testing {

struct ProgramRun {
  int exit_code = -1;  // -1: killed by a signal
  std::string out;
  std::string err;
};

// Runs `argv` with stdin read from the file `stdin_path` (/dev/zero, say) when it is not empty,
// else from `input`.
inline ProgramRun run_program(const std::vector<std::string>& argv, const std::string& input,
                              const std::string& stdin_path = "") {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("entrapment-run-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string out = (dir / "stdout").string(), err = (dir / "stderr").string();
  std::string in = stdin_path;
  if (in.empty()) {
    in = (dir / "stdin").string();
    std::ofstream(in, std::ios::binary) << input;
  }

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, in.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) throw std::runtime_error("cannot run " + argv[0]);
  int status = 0;
  waitpid(pid, &status, 0);

  ProgramRun run;
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.out = read_text(out);
  run.err = read_text(err);
  std::filesystem::remove_all(dir);
  return run;
}

}  // namespace entrapment::testing
