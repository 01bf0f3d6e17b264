#include "status_line.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

namespace entrapment::report {

bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) == 1; }

StatusLine::StatusLine(std::ostream* out, int columns_fd) : out_(out), columns_fd_(columns_fd) {}

void StatusLine::show(const std::string& text) {
  if (!out_) return;
  std::string line = text;
  winsize size{};
  if (::ioctl(columns_fd_, TIOCGWINSZ, &size) == 0 && size.ws_col > 1 &&
      line.size() >= size.ws_col) {
    // Cut by bytes, but never inside an escape sequence's or a character's bytes: the text
    // is ASCII apart from colour codes, which are kept whole by cutting only plain text.
    std::size_t visible = 0, cut = 0;
    for (bool escape = false; cut < line.size(); ++cut) {
      const char c = line[cut];
      if (c == '\033') escape = true;
      if (!escape && (static_cast<unsigned char>(c) & 0xC0) != 0x80 && ++visible >= size.ws_col)
        break;
      if (escape && c == 'm') escape = false;
    }
    line = line.substr(0, cut) + "\033[0m";
  }
  // \033[K clears what a longer earlier line left behind.
  *out_ << '\r' << line << "\033[K" << std::flush;
  shown_ = true;
}

void StatusLine::clear() {
  if (!out_ || !shown_) return;
  *out_ << "\r\033[K" << std::flush;
  shown_ = false;
}

}  // namespace entrapment::report
