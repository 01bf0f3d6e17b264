#include "judge_tests.hpp"

#include <signal.h>
#include <string.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <mutex>
#include <stdexcept>

#include "containment/box_process.hpp"
#include "containment/staging.hpp"
#include "cpu_pool.hpp"
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
// The wall-clock guard stopped a program the judge was waiting on for a line, which had
// ended no line since its last and spent nine tenths of its time neither running nor waiting
// for a CPU: blocked, most likely reading the judge's next line while its own is still in its
// output buffer (C's and C++'s stdio and Python's print keep a pipe's output until the buffer
// fills or the program flushes). A program computing its answer uses CPU; one stuck in a
// loop meets the CPU limit first.
bool unflushed(const PipeChannel& channel, const BoxRecord& record) {
  const double off_cpu = record.wall_s - record.waited_for_cpu_s;
  return channel.stopped_while_awaited() && record.stopped_by == BoxRecord::Stop::WallClock &&
         record.cpu_s * 10 < off_cpu;
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

BoxLimits limits_from(const ProblemConfig& problem) {
  BoxLimits limits;
  limits.cpu_s = problem.time_limit_s;
  limits.wall_s = wall_limit_for(problem.time_limit_s);
  limits.memory_mib = problem.memory_mib;
  return limits;
}

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

TestResult judge_test(const Submission& submission, const ProblemModule& module,
                      const PreparedTest& test, const std::string& name, const BoxLimits& limits,
                      bool sandbox, const ChannelWrapper& wrap) {
  ignore_sigpipe();
  TestResult result;
  result.name = name;
  std::unique_ptr<BoxedProcess> process;
  // What cannot be started, staged or measured is the judge's failure, never the contestant's.
  try {
    ProcessOptions options(sandbox);
    options.origin = submission.origin;
    BoxLimits run_limits = limits;
    run_limits.limit_address_space = limits.limit_address_space && submission.address_space_limit;
    process = std::make_unique<BoxedProcess>(run_command(submission, limits.memory_mib), run_limits,
                                             options);
  } catch (const StageError& e) {
    return judge_error(name, std::string("judge error: ") + e.what());
  } catch (const std::exception& e) {
    return judge_error(name, std::string("judge error: cannot start the submission: ") + e.what());
  }
  PipeChannel channel(*process);
  const std::unique_ptr<Channel> wrapped = wrap ? wrap(channel, result.game) : nullptr;
  const Outcome outcome = module.play(test, wrapped ? *wrapped : channel, result.game);

  // The judge decided while the contestant was still talking: nothing the contestant does
  // afterwards changes the verdict, so it is stopped at once.
  const bool judge_first = outcome.result == Outcome::Result::WrongAnswer &&
                           !channel.output_ended() && !channel.input_closed();
  if (judge_first || outcome.result == Outcome::Result::JudgeError) {
    process->stop();
  } else {
    process->close_stdin();
    process->wait();
  }
  const BoxRecord& record = process->wait();
  result.cpu_s = record.cpu_s;
  result.wall_s = record.wall_s;
  result.waited_for_cpu_s = record.waited_for_cpu_s;
  result.memory_kib = record.memory_kib;
  result.memory_best_effort = !record.memory_exact;
  const std::string judge_says = outcome.message;

  // (The judge's wrong answer came from the program's own lines: it ran, whatever the box
  // says of its stop.)
  if (!judge_first && (record.ending == BoxRecord::Ending::NotStarted ||
                       record.ending == BoxRecord::Ending::BoxError)) {
    result.verdict = Verdict::JE;
    result.message = "judge error: cannot start the submission: " + record.message;
    if (!process->stderr_text().empty()) result.message += " (" + process->stderr_tail(400) + ")";
    return result;
  }
  using Stop = BoxRecord::Stop;
  if (outcome.result == Outcome::Result::JudgeError) {
    result.verdict = Verdict::JE;
    result.message = judge_says;
  } else if (judge_first) {
    result.verdict = Verdict::WA;
    result.message = judge_says;
  } else if (record.stopped_by == Stop::Caller || record.stopped_by == Stop::CallerGone) {
    // Stopped by the judge, or by a signal to its box (an interrupt): not the program's doing
    // (red team: the runs Ctrl-C stopped were RTE, "killed by signal 9").
    result.verdict = Verdict::JE;
    result.message = "judge error: the run was stopped before it ended (" + record.message + ")";
    return result;
  } else if (record.stopped_by == Stop::MemoryLimit) {
    result.verdict = Verdict::MLE;
    result.message = "its processes held more than " + std::to_string(limits.memory_mib) +
                     " MiB, together or one at its peak (limit " +
                     std::to_string(limits.memory_mib) +
                     " MiB, counted on a best-effort basis): stopped by the judge";
  } else if (record.stopped_by == Stop::TimeLimit) {
    result.verdict = Verdict::TLE;
    result.message =
        "used " + seconds(record.cpu_s) + " of CPU time (limit " + seconds(limits.cpu_s) + ")";
  } else if (record.stopped_by == Stop::WallClock) {
    result.verdict = Verdict::TLE;
    result.message = "still running after " + seconds(limits.wall_s) + " of wall-clock time";
    if (record.waited_for_cpu_s >= 0.01)
      result.message += " plus " + seconds(record.waited_for_cpu_s) + " it waited for a CPU";
    result.message += " (" + seconds(record.cpu_s) + " of CPU time)";
    // Every line of the game came: what the judge then waits for is the end of the output.
    result.unflushed = !outcome.accepted() && unflushed(channel, record);
    if (result.unflushed)
      result.message += ": " + unflushed_message(channel, judge_says);
    else if (outcome.accepted())
      result.message += ": its game was over and right, but it did not exit";
  } else if (record.stopped_by == Stop::OutOfMemory) {
    result.verdict = Verdict::MLE;
    const bool oom = record.oom_killed && record.ending == BoxRecord::Ending::Signaled &&
                     record.signal == SIGKILL;
    result.message = (oom               ? std::string("killed by the OOM killer")
                      : record.failed() ? describe_ending(record)
                                        : std::string("one of its processes was killed by the OOM "
                                                      "killer")) +
                     " after using " + std::to_string(record.memory_kib / 1024) + " MiB (limit " +
                     std::to_string(limits.memory_mib) + " MiB)";
  } else if (record.failed()) {
    result.verdict = Verdict::RTE;
    result.message = describe_ending(record);
  } else {
    result.verdict = outcome.accepted() ? Verdict::AC : Verdict::WA;
    result.message = judge_says;
  }
  if (result.verdict != Verdict::WA && result.verdict != Verdict::AC &&
      result.verdict != Verdict::JE && !judge_says.empty() && !outcome.accepted() &&
      !result.unflushed)  // its message holds what the judge waited for; the output never ended
    result.message += "; the judge: " + judge_says;
  // After the judge's early verdict, what the contestant writes depends on when it was stopped:
  // left out, so results stay deterministic.
  if (result.verdict != Verdict::AC && !judge_first && !process->stderr_text().empty())
    result.message += "; stderr: " + process->stderr_tail(400);
  return result;
}

RunResult judge_tests(const Submission& submission, const ProblemModule& module,
                      const std::vector<fs::path>& tests, const fs::path& base,
                      const BoxLimits& limits, const RunOptions& options) {
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
  // As contest systems time runs: never more at once than the judge has CPUs, each pinned to a
  // CPU no other run of the judge holds meanwhile (cpu_pool.hpp). -j above the CPUs counts as
  // the CPUs (judge run -v says so); its other threads would only wait for a CPU. Compiles (in
  // compile_ahead.cpp, beside the tests) are not timed runs: no verdict depends on their time,
  // so they stay unpinned and take no CPU from the pool, and a compile is never held up behind
  // the tests (nor they behind it).
  CpuPool& cpus = CpuPool::shared();
  const int threads = std::min(thread_count(options.jobs), cpus.size());
  parallel_for(count, threads, [&](std::size_t i, int) {
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
      const std::shared_ptr<const PreparedTest> test = module.parse_test(*file.text, "");
      const CpuPool::Lease cpu = cpus.acquire();
      BoxLimits pinned = limits;
      pinned.cpu = cpu.cpu();
      result = judge_test(submission, module, *test, name, pinned, options.sandbox);
    } catch (const TestFileError& e) {
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
