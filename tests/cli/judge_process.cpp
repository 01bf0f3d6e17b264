#include "judge_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <thread>

namespace entrapment::testing {

namespace fs = std::filesystem;

namespace {

// In the child, after fork: the working directory and the environment, then exec.
[[noreturn]] void exec_judge(const std::vector<std::string>& args, const JudgeOptions& options) {
  if (!options.cwd.empty() && ::chdir(options.cwd.c_str()) != 0) ::_exit(126);
  ::unsetenv("ENTRAPMENT_ROOT");
  for (const auto& [name, value] : options.env) {
    if (value)
      ::setenv(name.c_str(), value, 1);
    else
      ::unsetenv(name.c_str());
  }
  const std::string binary = judge_binary().string();
  std::vector<char*> argv = {const_cast<char*>(binary.c_str())};
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  ::execv(argv[0], argv.data());
  ::_exit(127);
}

int status_of(int raw) { return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1; }

fs::path fresh_dir(const std::string& name) {
  std::string dir = (fs::temp_directory_path() / (name + "-XXXXXX")).string();
  if (!::mkdtemp(dir.data())) throw std::runtime_error("mkdtemp failed");
  return dir;
}

}  // namespace

fs::path judge_binary() {
  const char* bin = std::getenv("ENTRAPMENT_BIN");
  return fs::path(bin && *bin ? bin : ENTRAPMENT_BUILD_BIN) / "judge";
}

fs::path checkout_root() {
  const char* root = std::getenv("ENTRAPMENT_ROOT");
  return fs::path(root && *root ? root : ENTRAPMENT_SOURCE_DIR);
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void write_text(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

StartedJudge start_judge(const std::vector<std::string>& args, const JudgeOptions& options,
                         const fs::path& output_dir) {
  StartedJudge started;
  started.out = output_dir / "stdout";
  started.err = output_dir / "stderr";
  const fs::path input = output_dir / "stdin";
  write_text(input, options.input);
  started.pid = ::fork();
  if (started.pid < 0) throw std::runtime_error("fork failed");
  if (started.pid == 0) {
    const int in = ::open(input.c_str(), O_RDONLY);
    const int out = ::open(started.out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open(started.err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0 || err < 0) ::_exit(125);
    ::dup2(in, 0);
    ::dup2(out, 1);
    ::dup2(err, 2);
    exec_judge(args, options);
  }
  return started;
}

int StartedJudge::wait() {
  while (!exited_ && ::waitpid(pid, &raw_status_, 0) < 0 && errno == EINTR) {
  }
  exited_ = true;
  return status_of(raw_status_);
}

bool StartedJudge::running() {
  if (exited_) return false;
  if (::waitpid(pid, &raw_status_, WNOHANG) == pid) exited_ = true;
  return !exited_;
}

JudgeRun run_judge(const std::vector<std::string>& args, const JudgeOptions& options) {
  const fs::path dir = fresh_dir("entrapment-cli-run");
  StartedJudge started = start_judge(args, options, dir);
  JudgeRun run;
  run.status = started.wait();
  run.out = read_text(started.out);
  run.err = read_text(started.err);
  fs::remove_all(dir);
  return run;
}

JudgeRun run_judge_on_terminal(const std::vector<std::string>& args, const JudgeOptions& options) {
  int master = -1;
  winsize size{};
  size.ws_row = 40;
  size.ws_col = 200;
  const pid_t pid = ::forkpty(&master, nullptr, nullptr, &size);
  if (pid < 0) throw std::runtime_error("forkpty failed");
  if (pid == 0) exec_judge(args, options);
  // Typed all at once: the terminal keeps the lines until the judge reads them.
  std::size_t written = 0;
  while (written < options.input.size()) {
    const ssize_t n =
        ::write(master, options.input.data() + written, options.input.size() - written);
    if (n <= 0) break;
    written += static_cast<std::size_t>(n);
  }
  JudgeRun run;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  char buffer[4096];
  for (;;) {
    pollfd fd{master, POLLIN, 0};
    if (::poll(&fd, 1, 100) > 0) {
      const ssize_t n = ::read(master, buffer, sizeof buffer);
      if (n <= 0) break;  // EIO: the judge is gone and nothing is left
      run.out.append(buffer, static_cast<std::size_t>(n));
    } else if (std::chrono::steady_clock::now() > deadline) {
      ::kill(pid, SIGKILL);
      break;
    }
  }
  ::close(master);
  int raw = 0;
  while (::waitpid(pid, &raw, 0) < 0 && errno == EINTR) {
  }
  run.status = status_of(raw);
  // The terminal turns "\n" into "\r\n".
  run.out.erase(std::remove(run.out.begin(), run.out.end(), '\r'), run.out.end());
  return run;
}

ScratchPackage::ScratchPackage(int secret_tests) {
  parent_ = fresh_dir("entrapment cli test");
  ::chmod(parent_.c_str(), 0700);  // a private home directory
  root_ = parent_ / "my package";
  outside_ = parent_ / "elsewhere";
  fs::create_directories(outside_);
  const fs::path checkout = checkout_root();
  fs::create_directories(root_ / "testdata" / "secret");
  fs::create_directories(root_ / "solutions");
  fs::copy_file(checkout / "problem.yaml", root_ / "problem.yaml");
  fs::copy(checkout / "testdata" / "sample", root_ / "testdata" / "sample",
           fs::copy_options::recursive);
  std::vector<fs::path> boards;
  for (const auto& entry : fs::directory_iterator(checkout / "testdata" / "exhaustive" / "boards"))
    if (entry.path().extension() == ".in") boards.push_back(entry.path());
  std::sort(boards.begin(), boards.end());
  fs::create_directories(root_ / "testdata" / "invalid_input");
  int invalid = 0;
  for (const auto& entry : fs::directory_iterator(checkout / "testdata" / "invalid_input"))
    if (entry.path().extension() == ".in" && invalid++ < 2)
      fs::copy_file(entry.path(), root_ / "testdata" / "invalid_input" / entry.path().filename());
  for (int i = 0; i < secret_tests && i < static_cast<int>(boards.size()); ++i) {
    fs::copy_file(boards[i], root_ / "testdata" / "secret" / boards[i].filename());
    fs::path answer = boards[i];
    answer.replace_extension(".ans");
    if (fs::exists(answer))
      fs::copy_file(answer, root_ / "testdata" / "secret" / answer.filename());
  }
}

ScratchPackage::~ScratchPackage() {
  std::error_code ignored;
  fs::remove_all(parent_, ignored);
}

fs::path ScratchPackage::write(const std::string& relative, const std::string& text) const {
  const fs::path path = root_ / relative;
  write_text(path, text);
  return path;
}

const char* const kClaimsRunnerAndStops = "print('Runner', flush=True)\n";

std::string sleepy_claim(double seconds) {
  return "import time\ntime.sleep(" + std::to_string(seconds) + ")\nprint('Runner', flush=True)\n";
}

std::string reference_python() {
  return read_text(checkout_root() / "solutions" / "accepted" / "reference.py");
}

}  // namespace entrapment::testing
