#include "play_lines.hpp"

#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>

#include "command.hpp"
#include "containment/containment.hpp"
#include "enforcement.hpp"
#include "judging/cpu_pool.hpp"
#include "judging/judge_tests.hpp"
#include "report/text.hpp"
#include "submissions/work_dir.hpp"

namespace entrapment::cli {

namespace {

// Shows each line as it passes: the judge's before it is written, the contestant's once read.
class ShownChannel : public Channel {
 public:
  ShownChannel(Channel& inner, bool show_contestant)
      : inner_(inner), show_contestant_(show_contestant) {}

  LineRead read_line() override {
    LineRead read = inner_.read_line();
    if (show_contestant_ && read.status != LineRead::Status::End)
      std::cout << "> " << report::printable(read.text)
                << (read.status == LineRead::Status::TooLong ? " [cut]" : "") << std::endl;
    return read;
  }
  bool write_line(const std::string& line) override {
    std::cout << "< " << report::printable(line) << std::endl;
    return inner_.write_line(line);
  }

 private:
  Channel& inner_;
  bool show_contestant_;
};

// The person at the terminal: each line typed is the contestant's; the judge's lines reach
// them through ShownChannel alone.
class TypedChannel : public Channel {
 public:
  explicit TypedChannel(bool terminal) : terminal_(terminal) {}
  LineRead read_line() override {
    if (terminal_) std::cerr << "your line> " << std::flush;
    return stdin_.read_line();
  }
  bool write_line(const std::string&) override { return true; }

 private:
  bool terminal_;
  StreamChannel stdin_{stdin, stdout};  // only read from
};

std::string play_seconds(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f s", s);
  return text;
}

int exit_status(Verdict verdict) {
  if (verdict == Verdict::JE) return kExitJudgeError;
  return verdict == Verdict::AC ? kExitOk : kExitNotExpected;
}

// A program's game as its lines.
class ShownLines : public ShownGame {
 public:
  std::unique_ptr<Channel> wrap(Channel& contestant, const GameRecord&) override {
    return std::make_unique<ShownChannel>(contestant, /*show_contestant=*/true);
  }
  void finish(const GameRecord&) override {}
  void after_verdict(const TestResult&) override {}
};

void print_program_result(const TestResult& result) {
  std::cout << "verdict: " << to_string(result.verdict) << "\n"
            << "judge: " << report::printable(result.message) << "\n"
            << "contestant: " << play_seconds(result.cpu_s) << " CPU, "
            << play_seconds(result.wall_s) << " wall, " << (result.memory_kib + 512) / 1024
            << " MiB peak memory\n";
}

}  // namespace

// The submission to play, compiled (or the command); nothing when it could not be, with the
// exit status in `status` (a compile error is the contestant's, CE, and printed).
std::optional<Submission> prepare_for_play(const std::vector<std::string>& words,
                                           const std::vector<std::string>& command, bool sandbox,
                                           std::optional<WorkDir>& work, int& status) {
  // Refused before it is compiled where nothing would isolate it: a usage error (main says so).
  isolation_for_run(command.empty() ? origin_of_source(words[0]) : origin_of_command(command),
                    sandbox);
  Submission submission;
  try {
    work.emplace("play");
    submission =
        command.empty() ? prepare_submission(words[0], work->path()) : command_submission(command);
  } catch (const SubmissionError& e) {
    throw PlaySetupError(e.what());
  } catch (const CompileError& e) {
    std::cout << "verdict: CE\n";
    std::istringstream message(e.what());  // the compiler quotes the contestant's source
    for (std::string line; std::getline(message, line);)
      std::cout << report::printable(line) << "\n";
    status = kExitNotExpected;
    return std::nullopt;
  } catch (const std::exception& e) {
    std::cerr << "judge play: cannot prepare the submission: " << e.what() << "\n";
    status = kExitJudgeError;
    return std::nullopt;
  }
  if (sandbox && !sandbox_support().usable)
    std::cerr << "judge play: running without the sandbox: " << sandbox_support().reason << "\n";
  return submission;
}

int play_lines_person(const ProblemModule& module, const PreparedTest& test) {
  const bool terminal = ::isatty(STDIN_FILENO);
  if (terminal) std::cerr << "You are the contestant: type your lines (Ctrl-D ends your output).\n";
  std::cout << "lines: < judge to contestant, > contestant to judge\n";
  TypedChannel person(terminal);
  // What a person types shows on the terminal already; from a pipe it is shown here.
  ShownChannel shown(person, !(terminal && ::isatty(STDOUT_FILENO)));
  GameRecord record;
  const Outcome outcome = module.play(test, shown, record);
  print_outcome(outcome);
  return exit_status_of(outcome);
}

int play_lines_program(const ProblemModule& module, const PreparedTest& test,
                       const Submission& submission, const BoxLimits& limits, bool sandbox) {
  std::cout << "lines: < judge to contestant, > contestant to judge\n";
  ShownLines shown;
  return play_shown_program(module, test, submission, limits, sandbox, shown);
}

int play_shown_program(const ProblemModule& module, const PreparedTest& test,
                       const Submission& submission, const BoxLimits& limits, bool sandbox,
                       ShownGame& shown) {
  const ChannelWrapper wrap = [&shown](Channel& pipe, const GameRecord& record) {
    return shown.wrap(pipe, record);
  };
  // Timed as `judge run` times each test: on a CPU of its own (judging/cpu_pool.hpp).
  const CpuPool::Lease cpu = CpuPool::shared().acquire();
  BoxLimits pinned = limits;
  pinned.cpu = cpu.cpu();
  const TestResult result =
      judge_test(submission, module, test, submission.name, pinned, sandbox, wrap);
  shown.finish(result.game);
  print_program_result(result);
  shown.after_verdict(result);
  return exit_status(result.verdict);
}

int exit_status_of(const Outcome& outcome) {
  if (outcome.result == Outcome::Result::JudgeError) return kExitJudgeError;
  return outcome.accepted() ? kExitOk : kExitNotExpected;
}

}  // namespace entrapment::cli
