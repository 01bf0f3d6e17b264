// The contest-system interactor (Kattis, problemtools, DOMjudge, BAPCtools):
//
//   interactor INPUT_FILE ANSWER_FILE FEEDBACK_DIR [ARGS...]
//
// INPUT_FILE and ANSWER_FILE are read by the problem's module (the_problem_module(),
// judge/contract/the_problem.hpp): Entrapment's INPUT_FILE is a test file, or it holds the
// board alone and ANSWER_FILE the judge's lines that follow it in a test file.
//
// The contestant's output arrives on stdin, the judge's lines go to stdout. Exit 42 when the
// contestant proved its claim, 43 when it did not (reason in FEEDBACK_DIR/judgemessage.txt);
// any other exit code means the judge itself failed (reason in judgeerror.txt and stderr).
// FEEDBACK_DIR/transcript.json receives the whole game.
//
// A wrong answer found at the end of the contestant's output waits (at most
// kContestantGoneWaitMs) until nobody reads the judge's output any more before the interactor
// exits: see await_contestant_gone().
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#if defined(__unix__) || defined(__APPLE__)
#include <poll.h>
#include <sys/stat.h>

#include <cerrno>
#endif

#include "../contract/the_problem.hpp"
#include "guarded_main.hpp"
#include "test_file_io.hpp"

namespace {

constexpr int kAccepted = 42;
constexpr int kWrongAnswer = 43;
constexpr int kJudgeError = 1;

// A contestant that crashes or is stopped at the time limit ends its output first, so the judge
// reads the end of it and decides; were it to exit at once, DOMjudge would see the validator
// exit first with a wrong answer, which overrides the contestant's RUN-ERROR or TIMELIMIT
// (judgedaemon.main.php, determineVerdict()), and every crash would show as WRONG-ANSWER. So,
// after the end of the contestant's output, the judge waits until the contestant's side is
// gone: the read end of its stdout closed, which poll() reports as POLLERR (or POLLHUP for a
// socket), once the contestant and whatever held its stdin (runguard) have exited. Bounded: a
// contestant may close its output and live on, and DOMjudge's runpipe, which copies the judge's
// output to the contestant (with -o, as the judgehost runs it), keeps that read end open until
// the judge exits, so there the bound is what lets runguard finish first. Only for a pipe or a
// socket: poll() on a file or a terminal would report nothing and always wait the whole bound.
constexpr int kContestantGoneWaitMs = 2000;

void await_contestant_gone(std::FILE* to_contestant) {
#if defined(__unix__) || defined(__APPLE__)
  const int fd = fileno(to_contestant);
  struct stat status;
  if (fd < 0 || fstat(fd, &status) != 0 || !(S_ISFIFO(status.st_mode) || S_ISSOCK(status.st_mode)))
    return;
  const std::chrono::steady_clock::time_point deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(kContestantGoneWaitMs);
  for (;;) {
    const long long left = std::chrono::duration_cast<std::chrono::milliseconds>(
                               deadline - std::chrono::steady_clock::now())
                               .count();
    if (left <= 0) return;
    // No event asked for: poll() reports POLLERR, POLLHUP and POLLNVAL whatever it is asked,
    // and asking for POLLOUT would return at once while the pipe has room.
    struct pollfd gone = {fd, 0, 0};
    const int ready = poll(&gone, 1, static_cast<int>(left));
    if (ready > 0) return;
    if (ready < 0 && errno != EINTR) return;
  }
#else
  (void)to_contestant;
#endif
}

int judge_error(const std::string& feedback_dir, const std::string& message) {
  std::fprintf(stderr, "interactor: %s\n", message.c_str());
  if (!feedback_dir.empty())
    entrapment::write_text_file(feedback_dir + "/judgeerror.txt", message + "\n");
  return kJudgeError;
}

// The last resort when the judge itself fails (an exception escaped, memory ran out): a judge
// error with a message, never an abort. No std::string: after std::bad_alloc nothing may
// allocate, so the message goes out through fixed buffers.
int crashed(const char* feedback_dir, const char* what) {
  std::fprintf(stderr, "interactor: judge error: %s\n", what);
  if (feedback_dir) {
    char path[4096];
    const int n = std::snprintf(path, sizeof path, "%s/judgeerror.txt", feedback_dir);
    if (n > 0 && static_cast<std::size_t>(n) < sizeof path)
      if (std::FILE* f = std::fopen(path, "w")) {
        std::fprintf(f, "judge error: %s\n", what);
        std::fclose(f);
      }
  }
  return kJudgeError;
}

int run(int argc, char** argv) {
  if (argc < 4)
    return judge_error("", "usage: interactor INPUT_FILE ANSWER_FILE FEEDBACK_DIR [ARGS...]");
  const std::string input_path = argv[1];
  const std::string answer_path = argv[2];
  const std::string feedback_dir = argv[3];

  // The module reads the test from both files (Entrapment's: the input file, or the board in
  // the input file and the judge's lines in the answer file, the legacy export's samples).
  std::string input, answer;
  const entrapment::ReadResult input_read = entrapment::read_test_file(input_path, input);
  if (input_read != entrapment::ReadResult::Read)
    return judge_error(feedback_dir,
                       entrapment::read_failure(input_read, "the test file " + input_path));
  const entrapment::ReadResult answer_read = entrapment::read_test_file(answer_path, answer);
  if (answer_read == entrapment::ReadResult::TooLarge)
    return judge_error(feedback_dir,
                       entrapment::read_failure(answer_read, "the answer file " + answer_path));

  const entrapment::ProblemModule& module = entrapment::the_problem_module();
  std::shared_ptr<const entrapment::PreparedTest> test;
  try {
    test = module.parse_test(input, answer);
  } catch (const entrapment::TestFileError& e) {
    if (e.file() == entrapment::TestFileError::File::Input)
      return judge_error(feedback_dir, input_path + ": " + e.what());
    if (answer_read != entrapment::ReadResult::Read)
      return judge_error(feedback_dir, "cannot read the answer file " + answer_path +
                                           ", which holds the judge's lines of this test");
    return judge_error(feedback_dir, answer_path + ": " + e.what());
  }

  entrapment::StreamChannel channel(stdin, stdout);
  entrapment::GameRecord record;
  const entrapment::Outcome outcome = module.play(*test, channel, record);
  entrapment::write_text_file(feedback_dir + "/transcript.json", record.to_json());
  if (outcome.result == entrapment::Outcome::Result::JudgeError)
    return judge_error(feedback_dir, outcome.message);
  if (!entrapment::write_text_file(feedback_dir + "/judgemessage.txt", outcome.message + "\n"))
    return judge_error(feedback_dir, "cannot write to the feedback directory " + feedback_dir);
  // Only a wrong answer found at the end of the contestant's output waits: DOMjudge reads the
  // program's own RUN-ERROR or TIMELIMIT whoever exits first unless the validator's verdict is a
  // wrong answer, and a wrong answer decided on a line the contestant wrote while it still ran
  // is the validator's, as the Kattis rules want. An accepted game never waits: under DOMjudge's
  // runpipe, which holds the read end of the judge's output, the wait would last the whole bound.
  if (!outcome.accepted() && std::feof(stdin)) await_contestant_gone(stdout);
  return outcome.accepted() ? kAccepted : kWrongAnswer;
}

}  // namespace

int main(int argc, char** argv) {
  return entrapment::guarded_main(argc, argv, run, [](int count, char** args, const char* what) {
    return crashed(count >= 4 ? args[3] : nullptr, what);
  });
}
