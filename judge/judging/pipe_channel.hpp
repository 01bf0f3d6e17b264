// The interaction core's Channel over a spawned contestant's pipes, with the wall-clock
// deadline (stretched by the time the contestant waited for a CPU: ContestantProcess) and the
// CPU limit: a read or write that would wait past the deadline, or while the contestant's
// process tree passes its CPU limit (or under rlimits its memory limit), ends the
// contestant's output. It also drains the
// contestant's stderr while it waits, so a program that writes much there never blocks, and
// it notices when the contestant's main process has exited (a child it left behind may still
// hold the pipe open: that does not keep the judge waiting).
#pragma once

#include <string>

#include "containment/contestant_process.hpp"
#include "interaction/channel.hpp"

namespace entrapment {

class PipeChannel : public Channel {
 public:
  PipeChannel(ContestantProcess& process, Clock::time_point deadline)
      : process_(process), deadline_(deadline) {}

  LineRead read_line() override;
  bool write_line(const std::string& line) override;

  // What ended the game on the contestant's side, if anything.
  bool timed_out() const { return timed_out_; }  // it was still silent at the deadline
  // The deadline came while the judge waited for a line from it (not while it wrote to it),
  // and how many bytes it had written since its last complete line.
  bool waiting_for_line() const { return waiting_for_line_; }
  std::size_t unended_bytes() const { return unended_bytes_; }
  // Its CPU time passed the limit (or its tree's memory: ProcessUsage says which).
  bool cpu_exceeded() const { return cpu_exceeded_; }
  bool output_ended() const { return output_ended_; }  // its output ended (exit, close)
  bool input_closed() const { return input_closed_; }  // it stopped reading its input

 private:
  // Waits until stdout has data or ended, or the deadline; false at the deadline.
  bool fill();

  ContestantProcess& process_;
  Clock::time_point deadline_;
  std::string buffer_;
  std::size_t start_ = 0;    // where the unread bytes of buffer_ begin
  std::size_t scanned_ = 0;  // bytes of buffer_ known to hold no '\n'
  bool eof_ = false;
  bool exited_ = false;
  bool timed_out_ = false;
  bool waiting_for_line_ = false;
  std::size_t unended_bytes_ = 0;
  bool cpu_exceeded_ = false;
  bool output_ended_ = false;
  bool input_closed_ = false;
};

}  // namespace entrapment
