#include "process.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace entrapment::export_test {

namespace {

int exit_code(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : -1; }

[[noreturn]] void exec(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  execvp(args[0], args.data());
  _exit(127);
}

pid_t spawn(const std::vector<std::string>& argv, int in, int out, const int (&close_fds)[4]) {
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(in, 0);
    dup2(out, 1);
    for (int fd : close_fds) close(fd);
    exec(argv);
  }
  return pid;
}

}  // namespace

int run_shell(const std::string& command) { return exit_code(std::system(command.c_str())); }

int run_pair(const std::vector<std::string>& judge, const std::vector<std::string>& contestant) {
  int to_judge[2], to_contestant[2];
  if (pipe(to_judge) != 0) return -1;
  if (pipe(to_contestant) != 0) return -1;
  const int all[4] = {to_judge[0], to_judge[1], to_contestant[0], to_contestant[1]};
  const pid_t judge_pid = spawn(judge, to_judge[0], to_contestant[1], all);
  const pid_t contestant_pid = spawn(contestant, to_contestant[0], to_judge[1], all);
  for (int fd : all) close(fd);
  int judge_status = 0, contestant_status = 0;
  waitpid(judge_pid, &judge_status, 0);
  waitpid(contestant_pid, &contestant_status, 0);
  return exit_code(judge_status);
}

std::string repository_root() {
  const char* env = std::getenv("ENTRAPMENT_ROOT");
  return env && *env ? env : ENTRAPMENT_SOURCE_DIR;
}

std::string bin_dir() {
  const char* env = std::getenv("ENTRAPMENT_BIN");
  if (env && *env) return env;
  char path[4096];
  const ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  if (n <= 0) return ".";
  std::string self(path, static_cast<std::size_t>(n));
  return self.substr(0, self.rfind('/'));
}

std::string shell_quote(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

}  // namespace entrapment::export_test
