// One line of progress on a terminal, redrawn in place: what a person watching wants and a log
// must never get. It is written to stderr and only when stderr is a terminal, so `judge run >
// log` and `judge verify 2> /dev/null` keep clean lines. Other output to the same terminal
// must clear() it first.
#pragma once

#include <ostream>
#include <string>

namespace entrapment::report {

// Whether standard error is a terminal (a status line makes sense there).
bool stderr_is_terminal();

class StatusLine {
 public:
  // `out`: where to draw (stderr), or nullptr for no status line at all. `columns_fd`: the
  // terminal whose width cuts the line.
  explicit StatusLine(std::ostream* out, int columns_fd = 2);
  StatusLine(const StatusLine&) = delete;
  StatusLine& operator=(const StatusLine&) = delete;

  // Redraws the line as `text` (cut to the terminal's width: a wrapped line could not be
  // redrawn).
  void show(const std::string& text);
  // Erases the line, if one is shown.
  void clear();
  bool enabled() const { return out_ != nullptr; }

 private:
  std::ostream* out_;
  int columns_fd_;
  bool shown_ = false;
};

}  // namespace entrapment::report
