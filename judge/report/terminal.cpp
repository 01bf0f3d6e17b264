#include "terminal.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "text.hpp"
#include "transcript_text.hpp"

namespace entrapment::report {

namespace {

constexpr Verdict kVerdicts[] = {Verdict::AC,  Verdict::WA,  Verdict::TLE,
                                 Verdict::MLE, Verdict::RTE, Verdict::JE};
constexpr std::size_t kBarWidth = 24;
constexpr std::size_t kCharsPerLine = 60;
constexpr std::size_t kTailLines = 12;
constexpr std::size_t kMessageChars = 120;  // per-test lines; the summary shows all

const char* color_of(Verdict verdict) {
  switch (verdict) {
    case Verdict::AC:
      return "\033[32m";  // green
    case Verdict::WA:
      return "\033[31m";  // red
    case Verdict::TLE:
      return "\033[33m";  // yellow
    case Verdict::MLE:
      return "\033[35m";  // magenta
    case Verdict::RTE:
      return "\033[35m";  // magenta
    case Verdict::JE:
      return "\033[1;41;97m";  // white on red: our fault, not theirs
  }
  return "";
}

std::string paint(const std::string& text, const char* color, TerminalOptions options) {
  return options.color ? color + text + "\033[0m" : text;
}

std::string verdict_text(Verdict verdict, TerminalOptions options, bool padded = false) {
  std::string name = to_string(verdict);
  if (padded) name.resize(3, ' ');
  return paint(name, color_of(verdict), options);
}

char verdict_char(Verdict verdict) { return verdict == Verdict::AC ? '.' : to_string(verdict)[0]; }

std::string counts_text(const std::size_t (&counts)[6], TerminalOptions options) {
  std::string out;
  for (std::size_t i = 0; i < 6; ++i) {
    if (counts[i] == 0) continue;
    if (!out.empty()) out += ", ";
    out += std::to_string(counts[i]) + " " + verdict_text(kVerdicts[i], options);
  }
  return out;
}

}  // namespace

bool stdout_is_terminal() { return isatty(STDOUT_FILENO) == 1; }

std::string test_line(const TestResult& result, TerminalOptions options) {
  std::string line = verdict_text(result.verdict, options, true) + "  " + printable(result.name);
  line += "  cpu " + format_seconds(result.cpu_s) + "  wall " + format_seconds(result.wall_s) +
          "  mem " + format_kib(result.memory_kib);
  if (!result.message.empty()) line += "  " + shorten(result.message, kMessageChars);
  return line;
}

Progress::Progress(std::ostream& out, std::size_t total, TerminalOptions options)
    : out_(out), total_(total), options_(options) {
  std::lock_guard lock(mutex_);
  if (options_.live && !options_.verbose) draw_bar();
}

void Progress::test_done(const TestResult& result) {
  std::lock_guard lock(mutex_);
  ++done_;
  ++counts_[static_cast<std::size_t>(result.verdict)];
  if (options_.verbose) {
    const std::size_t width = std::to_string(total_).size();
    std::string index = std::to_string(done_);
    index.insert(0, width > index.size() ? width - index.size() : 0, ' ');
    out_ << '[' << index << '/' << total_ << "] " << test_line(result, options_) << '\n';
    out_.flush();
  } else if (options_.live) {
    draw_bar();
  } else {
    out_ << paint(std::string(1, verdict_char(result.verdict)), color_of(result.verdict), options_);
    line_open_ = true;
    if (done_ % kCharsPerLine == 0 || done_ == total_) {
      out_ << " [" << done_ << '/' << total_ << "]\n";
      line_open_ = false;
    }
    out_.flush();
  }
}

namespace {

// The terminal's width in columns, or 0 when standard output is not a terminal.
std::size_t terminal_columns() {
  winsize size{};
  return ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 ? size.ws_col : 0;
}

}  // namespace

void Progress::draw_bar() {
  const std::size_t filled = total_ == 0 ? kBarWidth : done_ * kBarWidth / total_;
  const auto elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_);
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.1f s", elapsed.count());
  // The text after the bar, cut to the terminal's width: a wrapped line could not be redrawn.
  std::string tail = "] " + std::to_string(done_) + '/' + std::to_string(total_) + "  " +
                     counts_text(counts_, TerminalOptions{}) + "  " + seconds;
  if (const std::size_t columns = terminal_columns(); columns > kBarWidth + 2)
    tail.resize(std::min(tail.size(), columns - kBarWidth - 2));
  // \033[K clears what a longer earlier bar left behind.
  out_ << "\r[" << paint(std::string(filled, '#'), "\033[32m", options_)
       << std::string(kBarWidth - filled, '.') << tail << "\033[K";
  out_.flush();
  line_open_ = true;
}

void Progress::finish() {
  std::lock_guard lock(mutex_);
  if (line_open_) {
    out_ << '\n';
    out_.flush();
    line_open_ = false;
  }
}

void print_summary(std::ostream& out, const RunResult& result, TerminalOptions options) {
  std::size_t counts[6] = {};
  for (const TestResult& test : result.tests) ++counts[static_cast<std::size_t>(test.verdict)];
  const std::string bold = options.color ? "\033[1m" : "";
  const std::string reset = options.color ? "\033[0m" : "";

  out << bold << "Summary" << reset;
  if (!result.submission.empty()) out << " of " << printable(result.submission);
  out << ": " << result.tests.size() << (result.tests.size() == 1 ? " test" : " tests");
  if (!result.tests.empty()) out << " (" << counts_text(counts, options) << ")";
  out << '\n';
  out << "Verdict: " << paint(to_string(result.verdict), color_of(result.verdict), options) << '\n';
  if (result.tests.empty()) return;

  const auto slowest = std::max_element(
      result.tests.begin(), result.tests.end(),
      [](const TestResult& a, const TestResult& b) { return a.wall_s < b.wall_s; });
  out << "Slowest: " << printable(slowest->name) << "  wall " << format_seconds(slowest->wall_s)
      << "  cpu " << format_seconds(slowest->cpu_s) << "  mem " << format_kib(slowest->memory_kib)
      << '\n';

  const auto failing = std::find_if(result.tests.begin(), result.tests.end(),
                                    [](const TestResult& t) { return t.verdict != Verdict::AC; });
  if (failing == result.tests.end()) {
    out << paint("All tests accepted.", color_of(Verdict::AC), options) << '\n';
    return;
  }
  out << "First failing test: " << printable(failing->name) << " ("
      << verdict_text(failing->verdict, options) << ")\n";
  out << "  " << (failing->message.empty() ? "(no message)" : printable(failing->message)) << '\n';
  const std::vector<std::string> tail = marked_tail(failing->transcript, kTailLines);
  if (tail.empty()) return;
  const std::size_t total = failing->transcript.lines.size();
  out << "  Transcript"
      << (tail.size() < total
              ? ", last " + std::to_string(tail.size()) + " of " + std::to_string(total) + " lines"
              : std::string())
      << " (< judge to contestant, > contestant to judge):\n";
  for (const std::string& line : tail) out << "    " << line << '\n';
}

}  // namespace entrapment::report
