#include "judge_tests.hpp"

#include <signal.h>
#include <string.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <mutex>
#include <stdexcept>

#include "containment/contestant_process.hpp"
#include "containment/staging.hpp"
#include "interaction/interaction.hpp"
#include "pipe_channel.hpp"
#include "support/files.hpp"
#include "support/parallel_for.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

// A contestant that closed its input must not kill the judge.
void ignore_sigpipe() {
  static std::once_flag once;
  std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

std::string seconds(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f s", s);
  return text;
}

// The last lines of what the contestant wrote to stderr, for the message.
std::string stderr_tail(const std::string& text) {
  constexpr std::size_t kTail = 400;
  return without_line_ends(text.size() > kTail ? "..." + text.substr(text.size() - kTail) : text);
}

std::string describe_exit(const ProcessUsage& usage) {
  if (usage.signaled) {
    const char* name = ::strsignal(usage.signal);
    return "killed by signal " + std::to_string(usage.signal) + " (" + (name ? name : "?") + ")";
  }
  return "exited with status " + std::to_string(usage.exit_code);
}

// The wall-clock guard stopped a program the judge was waiting on for a line, which had
// ended no line since its last and spent nine tenths of its time neither running nor waiting
// for a CPU: blocked, most likely reading the judge's next line while its own is still in its
// output buffer (C's and C++'s stdio and Python's print keep a pipe's output until the buffer
// fills or the program flushes). A program computing its answer uses CPU; one stuck in a
// loop meets the CPU limit first.
bool unflushed(const PipeChannel& channel, const ProcessUsage& usage) {
  const double off_cpu = usage.wall_s - usage.waited_for_cpu_s;
  return channel.waiting_for_line() && usage.cpu_s * 10 < off_cpu;
}

std::string unflushed_message(const PipeChannel& channel, std::string judge_says) {
  // "round 2: expected your proof ..., but the output ended": the output did not end; the
  // judge was still waiting for it.
  const std::string ended = ", but the output ended";
  if (judge_says.size() >= ended.size() &&
      judge_says.compare(judge_says.size() - ended.size(), ended.size(), ended) == 0)
    judge_says.resize(judge_says.size() - ended.size());
  // The question first: a table or a terminal that cuts the message keeps it.
  std::string text = "did you flush? The judge was waiting for a line (" + judge_says +
                     ") and the program, using almost no CPU, was waiting too";
  if (channel.unended_bytes() > 0)
    text += "; it had written " + std::to_string(channel.unended_bytes()) +
            " bytes of a line without its end";
  return text +
         ": its output is most likely still in its buffer (C++: std::endl or std::cout.flush(), "
         "C: fflush(stdout), Python: print(..., flush=True))";
}

TestResult judge_error(const std::string& name, const std::string& message) {
  TestResult result;
  result.name = name;
  result.verdict = Verdict::JE;
  result.message = message;
  return result;
}

}  // namespace

std::vector<fs::path> collect_tests(const std::vector<fs::path>& paths) {
  std::vector<fs::path> tests;
  for (const fs::path& path : paths) {
    if (fs::is_regular_file(path)) {
      tests.push_back(path);
    } else if (fs::is_directory(path)) {
      for (const auto& entry : fs::recursive_directory_iterator(path))
        if (entry.is_regular_file() && entry.path().extension() == ".in")
          tests.push_back(entry.path());
    } else {
      throw std::runtime_error(path.string() + ": no such test file or directory");
    }
  }
  std::sort(tests.begin(), tests.end());
  tests.erase(std::unique(tests.begin(), tests.end()), tests.end());
  return tests;
}

TestResult judge_test(const Submission& submission, const TestCase& test, const std::string& name,
                      const Limits& limits, bool sandbox, const ChannelWrapper& wrap) {
  ignore_sigpipe();
  TestResult result;
  result.name = name;
  std::unique_ptr<ContestantProcess> process;
  // What cannot be started, staged or measured is the judge's failure, never the contestant's.
  try {
    process = std::make_unique<ContestantProcess>(submission.command, limits, sandbox);
  } catch (const StageError& e) {
    return judge_error(name, std::string("judge error: ") + e.what());
  } catch (const std::exception& e) {
    return judge_error(name, std::string("judge error: cannot start the submission: ") + e.what());
  }
  const Clock::time_point deadline =
      process->started() +
      std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limits.wall_s));
  PipeChannel channel(*process, deadline);
  const std::unique_ptr<Channel> wrapped = wrap ? wrap(channel, result.transcript) : nullptr;
  const Outcome outcome = interact(test, wrapped ? *wrapped : channel, result.transcript);

  // The judge decided while the contestant was still talking: nothing the contestant does
  // afterwards changes the verdict, so it is stopped at once.
  const bool judge_first = outcome.result == Outcome::Result::WrongAnswer && !channel.timed_out() &&
                           !channel.cpu_exceeded() && !channel.output_ended() &&
                           !channel.input_closed();
  bool timed_out = channel.timed_out();
  if (judge_first || timed_out || channel.cpu_exceeded() ||
      outcome.result == Outcome::Result::JudgeError) {
    process->kill();
  } else {
    process->close_stdin();
    if (!process->wait_until(deadline)) {
      timed_out = !process->over_cpu_limit();
      process->kill();
    }
  }
  const ProcessUsage usage = process->usage();
  result.cpu_s = usage.cpu_s;
  result.wall_s = usage.wall_s;
  result.waited_for_cpu_s = usage.waited_for_cpu_s;
  result.memory_kib = usage.memory_kib;
  const std::string judge_says = outcome.message;
  const bool failed = usage.signaled || usage.exit_code != 0;
  const bool cpu_exceeded = usage.cpu_limit_hit || usage.cpu_s > limits.cpu_s ||
                            (usage.signaled && usage.signal == SIGXCPU);
  // Its processes together passed the memory limit, seen by the judge's looks (rlimits: each
  // process's address space is limited by the kernel, the tree by the judge).
  const bool tree_memory_exceeded = usage.memory_limit_hit && !cpu_exceeded;
  // Out of memory: the control group's OOM killer fired; under rlimits, where an allocation
  // fails and the program dies in whatever way, it had used 80% of the limit.
  const bool memory_exhausted =
      failed &&
      (process->mechanism().cgroup ? usage.oom_killed
                                   : usage.memory_kib * 10 >= limits.memory_mib * 1024 * 8);

  if (!usage.not_started.empty()) {
    result.verdict = Verdict::JE;
    result.message = "judge error: cannot start the submission: " + usage.not_started;
    return result;
  }
  if (outcome.result == Outcome::Result::JudgeError) {
    result.verdict = Verdict::JE;
    result.message = judge_says;
  } else if (judge_first) {
    result.verdict = Verdict::WA;
    result.message = judge_says;
  } else if (tree_memory_exceeded) {
    result.verdict = Verdict::MLE;
    result.message = "its processes held more than " + std::to_string(limits.memory_mib) +
                     " MiB together (limit " + std::to_string(limits.memory_mib) +
                     " MiB): stopped by the judge";
  } else if (cpu_exceeded) {
    result.verdict = Verdict::TLE;
    result.message =
        "used " + seconds(usage.cpu_s) + " of CPU time (limit " + seconds(limits.cpu_s) + ")";
  } else if (timed_out) {
    result.verdict = Verdict::TLE;
    result.message = "still running after " + seconds(limits.wall_s) + " of wall-clock time";
    if (usage.waited_for_cpu_s >= 0.01)
      result.message += " plus " + seconds(usage.waited_for_cpu_s) + " it waited for a CPU";
    result.message += " (" + seconds(usage.cpu_s) + " of CPU time)";
    result.unflushed = unflushed(channel, usage);
    if (result.unflushed) result.message += ": " + unflushed_message(channel, judge_says);
  } else if (failed && memory_exhausted) {
    result.verdict = Verdict::MLE;
    const bool oom = usage.oom_killed && usage.signaled && usage.signal == SIGKILL;
    result.message = (oom ? std::string("killed by the OOM killer") : describe_exit(usage)) +
                     " after using " + std::to_string(usage.memory_kib / 1024) + " MiB (limit " +
                     std::to_string(limits.memory_mib) + " MiB)";
  } else if (failed) {
    result.verdict = Verdict::RTE;
    result.message = describe_exit(usage);
  } else {
    result.verdict = outcome.accepted() ? Verdict::AC : Verdict::WA;
    result.message = judge_says;
  }
  if (result.verdict != Verdict::WA && result.verdict != Verdict::AC &&
      result.verdict != Verdict::JE && !judge_says.empty() && !outcome.accepted() &&
      !result.unflushed)  // its message holds what the judge waited for; the output never ended
    result.message += "; the judge: " + judge_says;
  // After the judge's early verdict, what the contestant writes depends on when it was killed:
  // left out, so results stay deterministic.
  if (result.verdict != Verdict::AC && !judge_first && !process->stderr_text().empty())
    result.message += "; stderr: " + stderr_tail(process->stderr_text());
  return result;
}

RunResult judge_tests(const Submission& submission, const std::vector<fs::path>& tests,
                      const fs::path& base, const Limits& limits, const RunOptions& options) {
  RunResult run;
  run.submission = submission.name;
  run.tests.resize(tests.size());
  const std::size_t count = tests.size();
  std::atomic<std::size_t> first_failure{count};  // lowest index of a non-AC test so far
  // Lowest index of a test that stopped a program waiting, unflushed (TestResult::unflushed):
  // every test would wait as long, for nothing, so the run stops there whatever is expected.
  std::atomic<std::size_t> first_unflushed{count};
  const auto lower = [](std::atomic<std::size_t>& index, std::size_t i) {
    std::size_t seen = index.load();
    while (i < seen && !index.compare_exchange_weak(seen, i)) {
    }
  };
  const auto stop = [&] {
    return std::min(options.stop_at_first_failure ? first_failure.load() : count,
                    options.stop_at_unflushed ? first_unflushed.load() : count);
  };
  std::mutex report;
  parallel_for(count, options.jobs, [&](std::size_t i, int) {
    if (i > stop()) return;
    std::error_code ec;
    fs::path relative = fs::relative(fs::absolute(tests[i], ec), fs::absolute(base, ec), ec);
    const std::string name = (ec || relative.empty() || *relative.begin() == "..")
                                 ? tests[i].string()
                                 : relative.string();
    TestResult result;
    try {
      const SmallFile file = read_small_file(tests[i]);
      if (!file.text) throw std::runtime_error(file.why_not());
      result = judge_test(submission, parse_testcase(*file.text), name, limits, options.sandbox);
    } catch (const TestCaseError& e) {
      result =
          judge_error(name, tests[i].string() + ":" + std::to_string(e.line()) + ": " + e.what());
    } catch (const std::exception& e) {
      result = judge_error(name, tests[i].string() + ": " + e.what());
    }
    if (result.verdict != Verdict::AC) lower(first_failure, i);
    if (result.unflushed) lower(first_unflushed, i);
    result.index = i;
    std::lock_guard<std::mutex> lock(report);
    run.tests[i] = std::move(result);
    if (options.on_test_done) options.on_test_done(run.tests[i]);
  });
  if (stop() < count) run.tests.resize(stop() + 1);
  run.verdict = overall_verdict(run.tests);
  return run;
}

}  // namespace entrapment
