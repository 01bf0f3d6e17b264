// The contest-system interactor (Kattis, problemtools, DOMjudge, BAPCtools):
//
//   interactor INPUT_FILE ANSWER_FILE FEEDBACK_DIR [ARGS...]
//
// INPUT_FILE is a test file (judge/testcase/testcase.hpp); or it holds the board alone and
// ANSWER_FILE the judge's lines that follow it in a test file (parse_test_files()).
//
// The contestant's output arrives on stdin, the judge's lines go to stdout. Exit 42 when the
// contestant proved its claim, 43 when it did not (reason in FEEDBACK_DIR/judgemessage.txt);
// any other exit code means the judge itself failed (reason in judgeerror.txt and stderr).
// FEEDBACK_DIR/transcript.json receives the whole game.
#include <cstdio>
#include <string>

#include "../interaction/interaction.hpp"
#include "guarded_main.hpp"
#include "test_file_io.hpp"

namespace {

constexpr int kAccepted = 42;
constexpr int kWrongAnswer = 43;
constexpr int kJudgeError = 1;

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

  // The test is the input file, or the board in the input file and the judge's lines in the
  // answer file (the legacy export's samples): see parse_test_files().
  std::string input, answer;
  const entrapment::ReadResult input_read = entrapment::read_test_file(input_path, input);
  if (input_read != entrapment::ReadResult::Read)
    return judge_error(feedback_dir,
                       entrapment::read_failure(input_read, "the test file " + input_path));
  const entrapment::ReadResult answer_read = entrapment::read_test_file(answer_path, answer);
  if (answer_read == entrapment::ReadResult::TooLarge)
    return judge_error(feedback_dir,
                       entrapment::read_failure(answer_read, "the answer file " + answer_path));

  entrapment::TestCase test;
  try {
    test = entrapment::parse_test_files(input, answer);
  } catch (const entrapment::TestCaseError& e) {
    if (e.file() == entrapment::TestCaseError::File::Input)
      return judge_error(feedback_dir, input_path + ": " + e.what());
    if (answer_read != entrapment::ReadResult::Read)
      return judge_error(feedback_dir, "cannot read the answer file " + answer_path +
                                           ", which holds the judge's lines of this test");
    return judge_error(feedback_dir, answer_path + ": " + e.what());
  }

  entrapment::StreamChannel channel(stdin, stdout);
  entrapment::Transcript transcript;
  const entrapment::Outcome outcome = entrapment::interact(test, channel, transcript);
  entrapment::write_text_file(feedback_dir + "/transcript.json", transcript.to_json());
  if (outcome.result == entrapment::Outcome::Result::JudgeError)
    return judge_error(feedback_dir, outcome.message);
  if (!entrapment::write_text_file(feedback_dir + "/judgemessage.txt", outcome.message + "\n"))
    return judge_error(feedback_dir, "cannot write to the feedback directory " + feedback_dir);
  return outcome.accepted() ? kAccepted : kWrongAnswer;
}

}  // namespace

int main(int argc, char** argv) {
  return entrapment::guarded_main(argc, argv, run, [](int count, char** args, const char* what) {
    return crashed(count >= 4 ? args[3] : nullptr, what);
  });
}
