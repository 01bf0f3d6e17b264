#include "pipe_channel.hpp"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace entrapment {

void PipeChannel::fill() {
  char chunk[1 << 16];
  const std::size_t n = process_.read_output(chunk, sizeof chunk);
  if (n == 0) eof_ = true;
  buffer_.append(chunk, n);
}

bool PipeChannel::stopped_at_limit() {
  const BoxRecord::Stop stop = process_.wait().stopped_by;
  return stop == BoxRecord::Stop::WallClock || stop == BoxRecord::Stop::TimeLimit ||
         stop == BoxRecord::Stop::MemoryLimit;
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
      // Stopped at a limit, what it wrote of a line is no line: its output did not end, the box
      // ended it (an unflushed line stays in the program's buffer, or half of it is here).
      if (stopped_at_limit()) {
        stopped_while_awaited_ = true;
        unended_bytes_ = pending;
        result.status = LineRead::Status::End;
        return result;
      }
      result.status = pending == 0 ? LineRead::Status::End : LineRead::Status::Line;
      result.text.assign(buffer_, start_, pending);
      buffer_.clear();
      start_ = scanned_ = 0;
      return result;
    }
    buffer_.erase(0, start_);
    scanned_ -= start_;
    start_ = 0;
    fill();
  }
}

bool PipeChannel::write_line(const std::string& line) {
  if (process_.stdin_fd() < 0) return false;
  std::string data = line + '\n';
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(process_.stdin_fd(), data.data() + done, data.size() - done);
    if (n > 0) {
      done += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN && !process_.ended()) {
      // It reads no more for now: wait until it does, or its box ends the run.
      pollfd fds[3] = {{process_.stdin_fd(), POLLOUT, 0},
                       {process_.stderr_fd(), POLLIN, 0},
                       {process_.exit_fd(), POLLIN, 0}};
      ::poll(fds, 3, process_.exit_fd() < 0 ? 10 : -1);
      if (fds[1].revents) process_.drain_stderr();
      continue;
    }
    // EPIPE: it closed its input, or its box ended the run (the -1 after a verdict does not
    // count).
    if (line != "-1") input_closed_ = true;
    return false;
  }
  return true;
}

}  // namespace entrapment
