// The interactor as UOJ runs it (uoj.ac = vfleaking/uoj, the community edition
// UniversalOJ/UOJ-System, and the judges derived from them such as QOJ), built from the same
// core as every other transport:
//
//   interactor INPUT CONTESTANT [ANSWER]
//
// UOJ's builtin judger starts it as `interactor INPUT /dev/stdin ANSWER` with the contestant's
// output on stdin and the judge's lines going to the contestant from stdout
// (run_simple_interaction in judger/uoj_judger/include/uoj_judger.h). CONTESTANT is read as
// the contestant's stream: "/dev/stdin" (or "-") is stdin itself, any other path is opened.
// INPUT and ANSWER are read by the problem's module (the_problem_module()): Entrapment's INPUT is
// a whole test file, or the board alone with the judge's lines in ANSWER.
//
// UOJ's sandbox lets the interactor write no file (a write anywhere but /dev/null ends it as
// "Dangerous Syscalls"), so this transport writes nothing but the game on stdout and its
// verdict on stderr, whose first word is what UOJ reads (RunCheckerResult::from_file): "ok"
// gives the test its points, anything else none.
//   ok <why>             the contestant proved its claim           exit 0
//   wrong answer <why>   it did not                                exit 1
//   FAIL <why>           the judge itself failed (a broken test)   exit 3
// The exit codes are testlib's; UOJ does not read them. SIGPIPE is ignored: a contestant that
// stops reading is a failed write, not a verdict.
#include <cstdio>
#include <memory>
#include <string>

#include "../contract/the_problem.hpp"
#include "guarded_main.hpp"
#include "test_file_io.hpp"

namespace entrapment {
namespace uoj_transport {

constexpr int kOk = 0;
constexpr int kWrongAnswer = 1;
constexpr int kFail = 3;

int finish(int code, const std::string& message) {
  const char* word = code == kOk ? "ok" : code == kWrongAnswer ? "wrong answer" : "FAIL";
  std::fprintf(stderr, "%s %s\n", word, one_line(message).c_str());
  return code;
}

int run(int argc, char** argv) {
  if (argc < 3) return finish(kFail, "usage: interactor INPUT CONTESTANT [ANSWER]");
  const std::string input_path = argv[1];
  const std::string contestant_path = argv[2];
  const std::string answer_path = argc > 3 ? argv[3] : "";

  std::string input, answer;
  const ReadResult input_read = read_test_file(input_path, input);
  if (input_read != ReadResult::Read)
    return finish(kFail, read_failure(input_read, "the test file " + input_path));
  const ReadResult answer_read =
      answer_path.empty() ? ReadResult::Missing : read_test_file(answer_path, answer);
  if (answer_read == ReadResult::TooLarge)
    return finish(kFail, read_failure(answer_read, "the answer file " + answer_path));

  const ProblemModule& module = the_problem_module();
  std::shared_ptr<const PreparedTest> test;
  try {
    test = module.parse_test(input, answer);
  } catch (const TestFileError& e) {
    if (e.file() == TestFileError::File::Input) return finish(kFail, input_path + ": " + e.what());
    if (answer_read != ReadResult::Read)
      return finish(kFail, "no readable answer file holds the judge's lines of " + input_path);
    return finish(kFail, answer_path + ": " + e.what());
  }

  std::FILE* contestant = stdin;
  if (contestant_path != "/dev/stdin" && contestant_path != "-") {
    contestant = std::fopen(contestant_path.c_str(), "rb");
    if (!contestant) return finish(kFail, "cannot open the contestant's output " + contestant_path);
  }
  StreamChannel channel(contestant, stdout);
  GameRecord record;  // kept in memory only: UOJ allows no file to write it to
  const Outcome outcome = module.play(*test, channel, record);
  switch (outcome.result) {
    case Outcome::Result::Accepted:
      return finish(kOk, outcome.message);
    case Outcome::Result::WrongAnswer:
      return finish(kWrongAnswer, outcome.message);
    case Outcome::Result::JudgeError:
      break;
  }
  return finish(kFail, outcome.message);
}

}  // namespace uoj_transport
}  // namespace entrapment

// Whatever the judge itself cannot survive (an exception, memory running out) is FAIL with a
// message, never an abort; no std::string here, since after std::bad_alloc nothing may allocate.
int main(int argc, char** argv) {
  return entrapment::guarded_main(argc, argv, entrapment::uoj_transport::run,
                                  [](int, char**, const char* what) {
                                    std::fprintf(stderr, "FAIL judge error: %s\n", what);
                                    return entrapment::uoj_transport::kFail;
                                  });
}
