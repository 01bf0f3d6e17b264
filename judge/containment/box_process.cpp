#include "box_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "box/box.hpp"
#include "file_copy.hpp"
#include "interrupts.hpp"
#include "judge_temp.hpp"
#include "spawn.hpp"
#include "staging.hpp"
#include "support/files.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

struct Pipe {
  int read = -1, write = -1;
  Pipe() {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
      throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    read = fds[0];
    write = fds[1];
  }
};

}  // namespace

BoxedProcess::BoxedProcess(const std::vector<std::string>& command, const BoxLimits& limits,
                           const ProcessOptions& options)
    : limits_(limits) {
  try {
    start(command, limits, options);
  } catch (...) {
    release();  // the destructor does not run for an object that was never made
    throw;
  }
}

void BoxedProcess::start(const std::vector<std::string>& command_in, const BoxLimits& limits,
                         const ProcessOptions& options) {
  if (command_in.empty()) throw std::runtime_error("empty command");
  if (interrupted()) throw std::runtime_error("the judge was interrupted");
  isolation_ =
      options.require ? *options.require : isolation_for_run(options.origin, options.sandbox);
  dir_ = make_temp_subdir("run");
  meta_ = dir_;
  meta_ += ".record";
  // As root in a sandbox the program runs as a user id of its own (the box picks it), which cannot
  // reach what only root may: staging copies what it cannot read where it is.
  const bool own_user = isolation_ == Isolation::Bwrap && ::geteuid() == 0;
  StagedCommand staged;
  if (options.staged) {
    staged = stage_command(command_in, dir_, own_user);
  } else {
    staged.argv = command_in;
    staged.read_only = options.read_only;
  }
  const fs::path inputs = options.inputs_dir.empty() ? dir_ : dir_ / options.inputs_dir;
  if (!options.inputs_dir.empty() && ::mkdir(inputs.c_str(), 0755) != 0)
    throw std::runtime_error("cannot make " + inputs.string() + ": " + std::strerror(errno));
  for (const fs::path& input : options.inputs) {
    try {
      // By the name it was given (a symbolic link the user named is followed: Java needs the
      // file's own name, the link's).
      std::error_code ec;
      const fs::path real = fs::canonical(input, ec);
      copy_regular_file(ec ? input : real, inputs / input.filename(), 0644);
    } catch (const CopyError& e) {
      throw StageError(e.what());
    }
  }
  BoxRequest request;
  request.limits = limits;

  request.isolation = isolation_;
  request.dir = dir_;
  request.writable_dir = options.writable_dir;
  request.read_only = staged.read_only;
  request.meta = meta_;
  request.lifeline = 3;
  request.credit_waits_of = static_cast<pid_t>(::syscall(SYS_gettid));
  request.command = staged.argv;

  Pipe in, out, err;
  SpawnRequest spawning;
  spawning.argv = {box_program().string()};
  for (const std::string& arg : to_arguments(request)) spawning.argv.push_back(arg);
  spawning.in = in.read;
  spawning.out = options.stdout_into_stderr ? err.write : out.write;
  spawning.err = err.write;
  spawning.pass = {judge_lifeline()};
  spawning.new_process_group = true;         // Ctrl-C reaches the judge, which stops its boxes
  spawning.blocked_signals = box_signals();  // a stop asked at once is not lost
  std::string failure;
  started_ = Clock::now();
  try {
    // Started and registered under the clean-up's lock, which an interrupt's clean-up takes
    // before it lists the boxes: it waits for a box being started and stops it with the others.
    const std::shared_ptr<void> held = hold_off_interrupt_cleanup();
    box_ = spawn(spawning);
    register_box(box_);
  } catch (const std::exception& e) {  // a spawn that failed, or an interrupt that came first
    failure = e.what();
  }
  ::close(in.read);
  ::close(out.write);
  ::close(err.write);
  stdin_ = in.write;
  stdout_ = out.read;
  stderr_ = err.read;
  if (!failure.empty()) throw std::runtime_error(failure);
  for (int fd : {stdin_, stdout_, stderr_}) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  pidfd_ = static_cast<int>(::syscall(SYS_pidfd_open, box_, 0));
}

BoxedProcess::~BoxedProcess() { release(); }

void BoxedProcess::release() noexcept {
  if (box_ > 0 && !ended_) {
    try {
      stop();
    } catch (...) {
    }
  }
  close_fd(stdin_);
  close_fd(stdout_);
  close_fd(stderr_);
  close_fd(pidfd_);
  std::error_code ec;
  if (!dir_.empty()) fs::remove_all(dir_, ec);
  if (!meta_.empty()) fs::remove(meta_, ec);
}

void BoxedProcess::close_stdin() { close_fd(stdin_); }

void BoxedProcess::drain_stderr() {
  if (stderr_ < 0) return;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(stderr_, buffer, sizeof buffer);
    if (n > 0) {
      const std::size_t room =
          kKeptStderrBytes > stderr_text_.size() ? kKeptStderrBytes - stderr_text_.size() : 0;
      stderr_text_.append(buffer, std::min(room, static_cast<std::size_t>(n)));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) close_fd(stderr_);  // every writer is gone
    return;
  }
}

std::string BoxedProcess::stderr_tail(std::size_t keep) const {
  return without_line_ends(stderr_text_.size() > keep
                               ? "..." + stderr_text_.substr(stderr_text_.size() - keep)
                               : stderr_text_);
}

std::size_t BoxedProcess::read_output(char* buffer, std::size_t size) {
  bool box_ended = false;
  for (;;) {
    const ssize_t n = ::read(stdout_, buffer, size);
    if (n > 0) return static_cast<std::size_t>(n);
    if (n < 0 && errno == EINTR) continue;
    if (n == 0 || errno != EAGAIN || box_ended) return 0;
    pollfd fds[3] = {{stdout_, POLLIN, 0}, {stderr_, POLLIN, 0}, {pidfd_, POLLIN, 0}};
    // Without a pidfd (kernels before 5.3), look at the box again every 10 ms.
    ::poll(fds, 3, pidfd_ < 0 ? 10 : -1);
    if (fds[1].revents) drain_stderr();
    if ((fds[2].revents & POLLIN) || pidfd_ < 0) box_ended = ended();
  }
}

bool BoxedProcess::ended() {
  if (ended_ || box_ <= 0) return true;
  int status = 0;
  pid_t r;
  while ((r = ::waitpid(box_, &status, WNOHANG)) < 0 && errno == EINTR) {
  }
  if (r != box_) return false;
  collect(status);
  return true;
}

void BoxedProcess::collect(int status) {
  ended_ = true;
  forget_box(box_);
  drain_stderr();
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    try {
      const std::optional<std::string> text = read_file(meta_);
      if (!text) throw RecordError("the box wrote no record to " + meta_.string());
      record_ = parse_record(*text);
      return;
    } catch (const RecordError& e) {
      record_.message = e.what();
    }
  } else if (WIFSIGNALED(status)) {
    record_.message = "the box was killed by signal " + std::to_string(WTERMSIG(status));
  } else {
    record_.message = "the box failed (exit status " + std::to_string(WEXITSTATUS(status)) +
                      "): " + without_line_ends(stderr_text_);
  }
  record_.ending = BoxRecord::Ending::BoxError;
}

const BoxRecord& BoxedProcess::wait() {
  // The box ends its run by the wall clock, moved later by at most ten times it: beyond that
  // and half a minute more, the box itself is stuck.
  const Clock::time_point hard =
      started_ + std::chrono::duration_cast<Clock::duration>(
                     std::chrono::duration<double>(11 * limits_.wall_s + 30));
  bool killed = false;
  while (!ended()) {
    drain_stderr();
    const long long left =
        std::chrono::duration_cast<std::chrono::milliseconds>(hard - Clock::now()).count();
    if (left <= 0 && !killed) {
      ::kill(box_, SIGKILL);
      killed = true;
    }
    pollfd fds[2] = {{pidfd_, POLLIN, 0}, {stderr_, POLLIN, 0}};
    // Without a pidfd (kernels before 5.3), look again every 10 ms.
    const int wait = static_cast<int>(std::clamp<long long>(left, 1, pidfd_ < 0 ? 10 : 1000));
    ::poll(fds, 2, wait);
  }
  if (killed) {
    record_.ending = BoxRecord::Ending::BoxError;
    record_.message = "the box did not end its run in time and was killed";
  }
  return record_;
}

const BoxRecord& BoxedProcess::stop() {
  if (!ended()) ::kill(box_, SIGTERM);
  return wait();
}

}  // namespace entrapment
