// The manager of a CMS Communication task (one user process, its stdin and stdout redirected to
// FIFOs: cms/grading/tasktypes/Communication.py with num_processes 1, user_io std_io), built
// from the same core as every other transport:
//
//   manager FROM_USER TO_USER < input.txt
//
// FROM_USER is the FIFO the contestant's stdout writes into, TO_USER the one its stdin reads
// from; the test file arrives on stdin, read by the problem's module (the_problem_module()). CMS's
// sandbox opens the contestant's ends stdin first, then stdout, so the manager opens TO_USER (for
// writing) first and FROM_USER (for reading) second: the other order deadlocks, since opening a
// FIFO waits for its other end.
//
// The verdict, as CMS reads a manager (extract_outcome_and_text in cms/grading/steps/trusted.py):
//   stdout, first line   the outcome: 1.0 when the contestant proved its claim, 0.0 when not;
//   stderr, first line   what the contestant sees: CMS's stock "translate:success" or
//                        "translate:wrong";
//   stderr, second line  "ADMIN_MESSAGE: <why>", the judge's reason, shown to admins only.
// Exit 0 whenever a verdict was reached, wrong answers included; any other exit (the test file
// is broken, a FIFO cannot be opened) is the judge failing, which CMS reports to the admins as
// a failed evaluation instead of scoring it. CMS itself decides first when the contestant
// crashed or ran out of time (the outcome is then 0 whatever the manager says). SIGPIPE is
// ignored: a contestant that stops reading is a failed write, not a verdict.
#include <cstdio>
#include <memory>
#include <string>

#include "../contract/the_problem.hpp"
#include "guarded_main.hpp"
#include "test_file_io.hpp"

namespace entrapment {
namespace cms_transport {

constexpr int kVerdict = 0;
constexpr int kJudgeFailed = 1;

// CMS refuses a message line holding control characters or bytes 0x7f..0xbf (and then fails
// the evaluation): everything outside printable ASCII becomes '?'.
std::string printable(const std::string& text) {
  std::string out = text;
  for (char& c : out)
    if (c < 0x20 || c > 0x7e) c = '?';
  return out;
}

int judge_failed(const std::string& message) {
  std::fprintf(stderr, "judge error: %s\n", printable(message).c_str());
  return kJudgeFailed;
}

int run(int argc, char** argv) {
  if (argc < 3) return judge_failed("usage: manager FROM_USER TO_USER < input.txt");
  std::string input;
  const ReadResult read = read_test_stream(stdin, input);
  if (read != ReadResult::Read) return judge_failed(read_failure(read, "the test file on stdin"));
  const ProblemModule& module = the_problem_module();
  std::shared_ptr<const PreparedTest> test;
  try {
    test = module.parse_test(input, "");  // a whole test file: no answer file
  } catch (const TestFileError& e) {
    return judge_failed(std::string("the test file on stdin: ") + e.what());
  }

  // The order CMS's sandbox needs: the contestant's stdin end, then its stdout end.
  std::FILE* to_user = std::fopen(argv[2], "wb");
  if (!to_user)
    return judge_failed(std::string("cannot open the FIFO to the contestant ") + argv[2]);
  std::FILE* from_user = std::fopen(argv[1], "rb");
  if (!from_user)
    return judge_failed(std::string("cannot open the FIFO from the contestant ") + argv[1]);

  StreamChannel channel(from_user, to_user);
  GameRecord record;
  const Outcome outcome = module.play(*test, channel, record);
  std::fclose(to_user);  // the contestant reads the end of its input
  std::fclose(from_user);
  if (outcome.result == Outcome::Result::JudgeError) return judge_failed(outcome.message);
  std::printf("%s\n", outcome.accepted() ? "1.0" : "0.0");
  std::fprintf(stderr, "%s\nADMIN_MESSAGE: %s\n",
               outcome.accepted() ? "translate:success" : "translate:wrong",
               printable(one_line(outcome.message)).c_str());
  return std::fflush(stdout) == 0 ? kVerdict : kJudgeFailed;
}

}  // namespace cms_transport
}  // namespace entrapment

// Whatever the judge itself cannot survive (an exception, memory running out) is a judge
// failure with a message, never an abort; no std::string here, since after std::bad_alloc
// nothing may allocate.
int main(int argc, char** argv) {
  return entrapment::guarded_main(argc, argv, entrapment::cms_transport::run,
                                  [](int, char**, const char* what) {
                                    std::fprintf(stderr, "judge error: %s\n", what);
                                    return entrapment::cms_transport::kJudgeFailed;
                                  });
}
