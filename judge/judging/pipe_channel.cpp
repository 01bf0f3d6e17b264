#include "pipe_channel.hpp"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace entrapment {

namespace {

// How long a wait may last: to the deadline (as stretched so far), or to the next look at the
// CPU time.
int wait_millis(const ContestantProcess& process, Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::min(process.stretched(deadline), process.next_cpu_check()) - Clock::now());
  return left.count() <= 0 ? 0 : static_cast<int>(left.count()) + 1;
}

}  // namespace

bool PipeChannel::fill() {
  char chunk[1 << 16];
  for (;;) {
    ssize_t n = ::read(process_.stdout_fd(), chunk, sizeof chunk);
    if (n > 0) {
      buffer_.append(chunk, static_cast<std::size_t>(n));
      return true;
    }
    if (n < 0 && errno == EINTR) continue;
    // The end, a read error, or nothing left in the pipe of a main process that is gone.
    if (n == 0 || errno != EAGAIN || exited_) {
      eof_ = true;
      return true;
    }
    if (process_.deadline_passed(deadline_)) return false;
    if (process_.over_cpu_limit()) {
      cpu_exceeded_ = true;
      return false;
    }
    pollfd fds[3] = {{process_.stdout_fd(), POLLIN, 0},
                     {process_.stderr_fd(), POLLIN, 0},
                     {process_.exit_fd(), POLLIN, 0}};
    int timeout = wait_millis(process_, deadline_);
    if (process_.exit_fd() < 0) timeout = std::min(timeout, 10);
    ::poll(fds, 3, timeout);
    if (fds[1].revents) process_.drain_stderr();
    if (fds[2].revents & POLLIN) exited_ = true;
  }
}

LineRead PipeChannel::read_line() {
  // The unread bytes are buffer_[start_, end): lines are taken off by moving start_, and the
  // read part is dropped only before the next fill, so that a flood of short lines costs
  // linear time (erasing each line from the front would copy the buffer every time).
  LineRead result;
  for (;;) {
    const std::size_t newline = buffer_.find('\n', std::max(scanned_, start_));
    if (newline != std::string::npos && newline - start_ <= kMaxLineBytes) {
      result.status = LineRead::Status::Line;
      result.text.assign(buffer_, start_, newline - start_);
      start_ = scanned_ = newline + 1;
      return result;
    }
    scanned_ = buffer_.size();
    const std::size_t pending = buffer_.size() - start_;
    if (pending > kMaxLineBytes) {
      result.status = LineRead::Status::TooLong;
      result.text.assign(buffer_, start_, kMaxLineBytes);
      start_ = scanned_ = start_ + kMaxLineBytes;
      return result;
    }
    if (eof_) {
      output_ended_ = true;
      result.status = pending == 0 ? LineRead::Status::End : LineRead::Status::Line;
      result.text.assign(buffer_, start_, pending);
      buffer_.clear();
      start_ = scanned_ = 0;
      return result;
    }
    buffer_.erase(0, start_);
    scanned_ -= start_;
    start_ = 0;
    if (!fill()) {
      if (!cpu_exceeded_) timed_out_ = waiting_for_line_ = true;
      unended_bytes_ = buffer_.size() - start_;
      result.status = LineRead::Status::End;
      return result;
    }
  }
}

bool PipeChannel::write_line(const std::string& line) {
  if (process_.stdin_fd() < 0) return false;
  std::string data = line + '\n';
  std::size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(process_.stdin_fd(), data.data() + done, data.size() - done);
    if (n > 0) {
      done += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN && !process_.deadline_passed(deadline_) &&
        !process_.over_cpu_limit()) {
      pollfd fds[2] = {{process_.stdin_fd(), POLLOUT, 0}, {process_.stderr_fd(), POLLIN, 0}};
      ::poll(fds, 2, wait_millis(process_, deadline_));
      if (fds[1].revents) process_.drain_stderr();
      continue;
    }
    if (n < 0 && errno == EAGAIN && process_.over_cpu_limit())
      cpu_exceeded_ = true;  // it stopped reading, and spins
    else if (n < 0 && errno == EAGAIN)
      timed_out_ = true;  // it stopped reading and never exited
    else if (line != "-1")
      input_closed_ = true;  // EPIPE: it closed its input (the -1 after a verdict does not count)
    return false;
  }
  return true;
}

}  // namespace entrapment
