#include "terminal.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <string>

#include "text.hpp"
#include "transcript_text.hpp"

namespace entrapment::report {

namespace {

constexpr std::size_t kBarWidth = 24;
constexpr std::size_t kTailLines = 12;
constexpr std::size_t kMessageChars = 120;  // per-test lines; the summary shows all
constexpr std::size_t kCompilerLines = 30;  // of a compile error, in the summary

const char* color_of(Verdict verdict) {
  switch (verdict) {
    case Verdict::AC:
      return "\033[32m";  // green
    case Verdict::WA:
      return "\033[31m";  // red
    case Verdict::TLE:
      return "\033[33m";  // yellow
    case Verdict::MLE:
    case Verdict::RTE:
      return "\033[35m";  // magenta
    case Verdict::CE:
      return "\033[36m";  // cyan
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

std::string counts_text(const std::size_t (&counts)[kVerdictCount], TerminalOptions options) {
  std::string out;
  for (std::size_t i = 0; i < kVerdictCount; ++i) {
    if (counts[i] == 0) continue;
    if (!out.empty()) out += ", ";
    out += std::to_string(counts[i]) + " " + verdict_text(kAllVerdicts[i], options);
  }
  return out;
}

// The first `count` lines of `text`, and how many there were in all.
std::vector<std::string> head_lines(const std::string& text, std::size_t count,
                                    std::size_t& total) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  total = 0;
  for (std::string line; std::getline(in, line); ++total)
    if (lines.size() < count) lines.push_back(line);
  return lines;
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

Progress::Progress(std::ostream& lines, std::size_t total, TerminalOptions options,
                   std::ostream* bar, bool stop_at_first_failure, bool stop_at_unflushed)
    : lines_(lines),
      total_(total),
      options_(options),
      bar_(bar),
      stop_at_first_failure_(stop_at_first_failure),
      stop_at_unflushed_(stop_at_unflushed) {
  std::lock_guard lock(mutex_);
  draw_bar();
}

void Progress::test_done(const TestResult& result) {
  std::lock_guard lock(mutex_);
  ++done_;
  ++counts_[static_cast<std::size_t>(result.verdict)];
  if (result.index >= next_line_) waiting_.emplace(result.index, result);
  // Show every test whose predecessors are all decided.
  for (auto it = waiting_.begin(); !stopped_ && it != waiting_.end() && it->first == next_line_;
       it = waiting_.erase(it), ++next_line_) {
    const TestResult& test = it->second;
    const bool failed = test.verdict != Verdict::AC;
    if (options_.verbose || failed) {
      bar_.clear();
      const std::size_t width = std::to_string(total_).size();
      std::string index = std::to_string(test.index + 1);
      index.insert(0, width > index.size() ? width - index.size() : 0, ' ');
      lines_ << '[' << index << '/' << total_ << "] " << test_line(test, options_) << '\n';
      lines_.flush();
    }
    if ((failed && stop_at_first_failure_) || (test.unflushed && stop_at_unflushed_))
      stopped_ = true;
  }
  if (stopped_) waiting_.clear();
  draw_bar();
}

void Progress::draw_bar() {
  if (!bar_.enabled()) return;
  const std::size_t filled = total_ == 0 ? kBarWidth : std::min(done_, total_) * kBarWidth / total_;
  const auto elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_);
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.1f s", elapsed.count());
  bar_.show("[" + paint(std::string(filled, '#'), "\033[32m", options_) +
            std::string(kBarWidth - filled, '.') + "] " + std::to_string(done_) + '/' +
            std::to_string(total_) + "  " + counts_text(counts_, TerminalOptions{}) + "  " +
            seconds);
}

void Progress::finish() {
  std::lock_guard lock(mutex_);
  bar_.clear();
}

std::string expectation_text(const RunResult& result) {
  return "expected " + result.expected.text() + ", got " + to_string(result.verdict);
}

void print_summary(std::ostream& out, const RunResult& result, TerminalOptions options) {
  std::size_t counts[kVerdictCount] = {};
  for (const TestResult& test : result.tests) ++counts[static_cast<std::size_t>(test.verdict)];
  const std::string bold = options.color ? "\033[1m" : "";
  const std::string reset = options.color ? "\033[0m" : "";

  out << bold << "Summary" << reset;
  if (!result.submission.empty()) out << " of " << printable(result.submission);
  if (result.verdict == Verdict::CE && result.tests.empty()) {
    out << ": did not compile\n"
        << "Verdict: " << verdict_text(result.verdict, options) << " (" << expectation_text(result)
        << ")\n";
    std::size_t total = 0;
    for (const std::string& line : head_lines(result.message, kCompilerLines, total))
      out << "  " << printable(line) << '\n';
    if (total > kCompilerLines)
      out << "  ... " << total - kCompilerLines << " more lines of the compiler's message\n";
    return;
  }
  out << ": " << result.tests.size() << (result.tests.size() == 1 ? " test" : " tests");
  if (!result.tests.empty()) out << " (" << counts_text(counts, options) << ")";
  if (result.stopped_early && result.tests_planned > result.tests.size())
    out << (!result.tests.empty() && result.tests.back().unflushed
                ? ", stopped at the first that waited for a flushed line, of "
                : ", stopped at the first failure of ")
        << result.tests_planned;
  out << '\n';
  out << "Verdict: " << verdict_text(result.verdict, options) << '\n';
  out << (result.expected.matches(result.verdict) ? "As expected: " : "NOT as expected: ")
      << expectation_text(result) << '\n';
  if (result.tests.empty()) {
    if (!result.message.empty()) out << "  " << printable(result.message) << '\n';
    return;
  }

  const auto slowest = std::max_element(
      result.tests.begin(), result.tests.end(),
      [](const TestResult& a, const TestResult& b) { return a.wall_s < b.wall_s; });
  out << "Slowest: " << printable(slowest->name) << "  wall " << format_seconds(slowest->wall_s)
      << "  cpu " << format_seconds(slowest->cpu_s) << "  mem " << format_kib(slowest->memory_kib)
      << '\n';
  if (std::any_of(result.tests.begin(), result.tests.end(),
                  [](const TestResult& t) { return t.memory_best_effort; }))
    out << kBestEffortMemory << '\n';

  const auto failing = std::find_if(result.tests.begin(), result.tests.end(),
                                    [](const TestResult& t) { return t.verdict != Verdict::AC; });
  if (failing == result.tests.end()) {
    out << paint("All tests accepted.", color_of(Verdict::AC), options) << '\n';
    return;
  }
  out << "First failing test: " << printable(failing->name) << " ("
      << verdict_text(failing->verdict, options) << ")\n";
  out << "  " << (failing->message.empty() ? "(no message)" : printable(failing->message)) << '\n';
  const std::vector<std::string> tail = marked_tail(failing->game, kTailLines);
  if (tail.empty()) return;
  const std::size_t total = failing->game.lines.size();
  out << "  Transcript"
      << (tail.size() < total
              ? ", last " + std::to_string(tail.size()) + " of " + std::to_string(total) + " lines"
              : std::string())
      << " (< judge to contestant, > contestant to judge):\n";
  for (const std::string& line : tail) out << "    " << line << '\n';
}

void print_submission_table(std::ostream& out, const std::vector<RunResult>& results,
                            TerminalOptions options) {
  std::size_t width = 0, wrong = 0;
  for (const RunResult& r : results) width = std::max(width, printable(r.submission).size());
  out << "Submissions: " << results.size() << '\n';
  for (const RunResult& r : results) {
    const bool ok = r.expected.matches(r.verdict);
    if (!ok) ++wrong;
    std::string name = printable(r.submission);
    name.resize(std::max(width, name.size()), ' ');
    out << "  "
        << (ok ? paint("ok  ", color_of(Verdict::AC), options)
               : paint("FAIL", color_of(Verdict::WA), options))
        << "  " << name << "  expected " << r.expected.text() << ", got "
        << verdict_text(r.verdict, options) << "  (";
    if (r.verdict == Verdict::CE && r.tests.empty())
      out << "did not compile";
    else
      out << r.tests.size() << (r.tests.size() == 1 ? " test" : " tests")
          << (r.stopped_early && r.tests_planned > r.tests.size()
                  ? " of " + std::to_string(r.tests_planned)
                  : std::string());
    out << ")\n";
  }
  out << (wrong == 0 ? "All " + std::to_string(results.size()) + " submissions as expected.\n"
                     : std::to_string(wrong) + " of " + std::to_string(results.size()) +
                           " submissions NOT as expected.\n");
}

}  // namespace entrapment::report
