// What `judge verify` prints: its lines, each written and flushed as soon as it is decided (a
// log fills as it runs), and the progress line on a terminal; and how many checks failed.
#pragma once

#include <iostream>
#include <mutex>
#include <string>
#include <vector>

#include "report/status_line.hpp"
#include "report/terminal.hpp"

namespace entrapment::cli {

class Tally {
 public:
  explicit Tally(bool color)
      : color_(color), status_(report::stderr_is_terminal() ? &std::cerr : nullptr) {}

  void section(const std::string& title) { line(title); }
  // One check: "  ok    name: detail" or "  FAIL  name: detail", then `details` below it.
  void step(const std::string& name, bool ok, const std::string& detail,
            const std::vector<std::string>& details = {}, bool judge_error = false) {
    line("  " + (ok ? paint("ok  ", "32") : paint("FAIL", "31")) + "  " + name +
         (detail.empty() ? "" : ": " + detail));
    for (const std::string& d : details) line("        " + d);
    if (!ok) ++failures_;
    if (!ok && judge_error) ++judge_errors_;
  }
  // Worth knowing, not a failure: "  warn  name: detail".
  void warn(const std::string& name, const std::string& detail) {
    line("  " + paint("warn", "33") + "  " + name + ": " + detail);
  }
  void note(const std::string& text) { line("        " + text); }
  void progress(const std::string& text) {
    std::lock_guard<std::mutex> lock(mutex_);
    status_.show(text);
  }
  int failures() const { return failures_; }
  int judge_errors() const { return judge_errors_; }

 private:
  std::string paint(const std::string& word, const char* sgr) const {
    return color_ ? "\x1b[" + std::string(sgr) + "m" + word + "\x1b[0m" : word;
  }
  void line(const std::string& text) {
    std::lock_guard<std::mutex> lock(mutex_);
    status_.clear();
    std::cout << text << std::endl;  // flushed: `judge verify > log` fills as it runs
  }

  bool color_;
  std::mutex mutex_;
  report::StatusLine status_;
  int failures_ = 0;
  int judge_errors_ = 0;
};

}  // namespace entrapment::cli
