// The interaction core's Channel over a boxed program's pipes. The box enforces every limit: a
// program it stops at one ends its output, and the channel then reads the box's record to say
// why (the wall-clock guard, the CPU limit, memory). It also drains the program's stderr while
// it waits, so a program that writes much there never blocks, and it notices when the box has
// ended (a child the program left may still hold a pipe open: that does not keep the judge
// waiting).
#pragma once

#include <string>

#include "containment/box_process.hpp"
#include "contract/channel.hpp"

namespace entrapment {

class PipeChannel : public Channel {
 public:
  explicit PipeChannel(BoxedProcess& process) : process_(process) {}

  LineRead read_line() override;
  bool write_line(const std::string& line) override;

  bool output_ended() const { return output_ended_; }  // its output ended (exit, close, a stop)
  bool input_closed() const { return input_closed_; }  // it stopped reading its input
  // Its box stopped it at a limit while the judge waited for one of its lines, and how many
  // bytes it had written since its last complete line.
  bool stopped_while_awaited() const { return stopped_while_awaited_; }
  std::size_t unended_bytes() const { return unended_bytes_; }

 private:
  // Waits until stdout has data or ended (or the box has ended: then what is left in the pipe
  // is read and it is the end).
  void fill();
  // The box stopped the program at a limit (it has ended: the record says).
  bool stopped_at_limit();

  BoxedProcess& process_;
  std::string buffer_;
  std::size_t start_ = 0;    // where the unread bytes of buffer_ begin
  std::size_t scanned_ = 0;  // bytes of buffer_ known to hold no '\n'
  bool eof_ = false;
  bool output_ended_ = false;
  bool input_closed_ = false;
  bool stopped_while_awaited_ = false;
  std::size_t unended_bytes_ = 0;
};

}  // namespace entrapment
