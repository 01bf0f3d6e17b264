// The interactor under testlib conventions (Codeforces, Polygon, and the judges that copy
// them), built from the same core as the Kattis interactor; testlib itself is not used:
//
//   interactor_testlib INPUT OUTPUT [ANSWER [RESULT [-appes]]] [extra arguments ignored]
//
// The contestant's output arrives on stdin, the judge's lines go to stdout, as in testlib.
// OUTPUT receives the judge log (testlib's "tout"), which the checker (testlib_checker.cpp)
// reads afterwards. Exit codes are testlib's: 0 ok, 1 wrong answer, 3 judge failure. Exit 2
// (presentation error) is never used: the statement makes every protocol violation a Wrong
// Answer, exactly as the Kattis interactor's 43. RESULT, when given, receives the message (in
// testlib's XML form with -appes). `--testset X` / `--group Y` pairs and arguments past the
// fifth (some systems append a PID) are tolerated and ignored.
//
// The judge log (one message line; lines the judge sent start "< ", the contestant's "> "):
//
//   entrapment-log 2
//   verdict AC|WA|JE
//   message <why>
//   input <bytes> <FNV-1a 64 of them, 16 hex digits>   (the test file it played)
//   < 3 6
//   ...
//
// The checker knows no problem: it finds the log its test's by the input line.
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "../contract/the_problem.hpp"
#include "../protocol/tokens.hpp"
#include "guarded_main.hpp"
#include "test_file_io.hpp"

namespace entrapment {
namespace testlib_transport {

constexpr int kOk = 0;
constexpr int kWrongAnswer = 1;
constexpr int kFail = 3;

// What the command line said, once the tolerated extras are dropped.
struct Arguments {
  std::string input, output, answer, result;
  bool appes = false;
};

// "input <bytes> <hash>": the test file, as the checker names it again (testlib_checker.cpp
// computes the same: it ships alone, without this file).
std::string input_line(const std::string& input) {
  unsigned long long hash = 14695981039346656037ULL;
  for (unsigned char c : input) hash = (hash ^ c) * 1099511628211ULL;
  char text[64];
  std::snprintf(text, sizeof text, "input %zu %016llx\n", input.size(), hash);
  return text;
}

// The log of a game played on `input` (none when the test could not be read).
std::string log_text(const char* verdict, const std::string& message, const GameRecord* record,
                     const std::string* input = nullptr) {
  std::string text = "entrapment-log 2\nverdict ";
  text += verdict;
  text += "\nmessage " + one_line(message) + "\n";
  if (input) text += input_line(*input);
  if (record)
    for (const GameLine& line : record->lines)
      text += (line.from_contestant ? "> " : "< ") + one_line(line.text) + "\n";
  return text;
}

// Reports like testlib's quit(): the verdict word and the message on stderr, the message in
// RESULT, then the exit code.
int finish(const Arguments& args, int code, const std::string& message) {
  const char* word = code == kOk ? "ok" : code == kWrongAnswer ? "wrong answer" : "FAIL";
  const char* outcome = code == kOk ? "accepted" : code == kWrongAnswer ? "wrong-answer" : "fail";
  const std::string text = one_line(message);
  std::fprintf(stderr, "%s %s\n", word, text.c_str());
  if (!args.result.empty()) {
    std::string report = text;
    if (args.appes)
      report =
          std::string("<?xml version=\"1.0\" encoding=\"windows-1251\"?><result outcome = \"") +
          outcome + "\">" + xml_escape(text) + "</result>\n";
    if (!write_text_file(args.result, report)) {
      std::fprintf(stderr, "FAIL cannot write the result file %s\n", args.result.c_str());
      return kFail;
    }
  }
  return code;
}

// Whether `path` names a directory ("PATH/." opens only then), with the standard library only.
bool is_directory(const std::string& path) {
  if (path.empty()) return false;
  std::FILE* f = std::fopen((path + "/.").c_str(), "r");
  if (!f) return false;
  std::fclose(f);
  return true;
}

// Parses the command line; returns an error message, or "" when it is usable.
std::string parse_arguments(int argc, char** argv, Arguments& args) {
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if ((arg == "--testset" || arg == "--group") && i + 1 < argc) {
      ++i;
      continue;
    }
    positional.push_back(arg);
  }
  if (positional.size() < 2)
    return "usage: interactor_testlib INPUT OUTPUT [ANSWER [RESULT [-appes]]]";
  args.input = positional[0];
  args.output = positional[1];
  if (positional.size() > 2) args.answer = positional[2];
  if (positional.size() > 3) args.result = positional[3];
  if (positional.size() > 4) args.appes = positional[4] == "-appes" || positional[4] == "-APPES";
  return "";
}

int run(int argc, char** argv) {
  Arguments args;
  const std::string usage = parse_arguments(argc, argv, args);
  if (!usage.empty()) return finish(args, kFail, usage);
  // Started the Kattis way (DOMjudge, problemtools, BAPCtools: INPUT ANSWER FEEDBACK_DIR), this
  // program would take the answer file for its log and overwrite it: a judgehost's cached
  // answer. testlib never passes a directory there, so nothing is written and nothing judged.
  if (is_directory(args.answer)) {
    args.result.clear();
    return finish(args, kFail,
                  "called as INPUT ANSWER FEEDBACK_DIR (" + args.answer +
                      " is a directory): that is the Kattis convention (DOMjudge, problemtools, "
                      "BAPCtools), which interactor.cpp of the kattis, domjudge and 2025-09 "
                      "exports follows; this testlib interactor wrote nothing");
  }

  // The module reads the test from both files (Entrapment's: the input file, or the board there
  // and the judge's lines in the answer file); Polygon passes whole test files.
  std::string input, answer;
  const ReadResult input_read = read_test_file(args.input, input);
  if (input_read != ReadResult::Read) {
    const std::string why = read_failure(input_read, "the test file " + args.input);
    write_text_file(args.output, log_text("JE", why, nullptr));
    return finish(args, kFail, why);
  }
  const ReadResult answer_read =
      args.answer.empty() ? ReadResult::Missing : read_test_file(args.answer, answer);
  if (answer_read == ReadResult::TooLarge) {
    const std::string why = read_failure(answer_read, "the answer file " + args.answer);
    write_text_file(args.output, log_text("JE", why, nullptr));
    return finish(args, kFail, why);
  }

  const ProblemModule& module = the_problem_module();
  std::shared_ptr<const PreparedTest> test;
  try {
    test = module.parse_test(input, answer);
  } catch (const TestFileError& e) {
    std::string why = args.input + ": " + e.what();
    if (e.file() == TestFileError::File::Answer)
      why = answer_read == ReadResult::Read
                ? args.answer + ": " + e.what()
                : "no readable answer file holds the judge's lines of " + args.input;
    write_text_file(args.output, log_text("JE", why, nullptr));
    return finish(args, kFail, why);
  }

  StreamChannel channel(stdin, stdout);
  GameRecord record;
  const Outcome outcome = module.play(*test, channel, record);
  if (!write_text_file(args.output,
                       log_text(to_string(outcome.result), outcome.message, &record, &input)))
    return finish(args, kFail, "cannot write the judge log to " + args.output);
  switch (outcome.result) {
    case Outcome::Result::Accepted:
      return finish(args, kOk, outcome.message);
    case Outcome::Result::WrongAnswer:
      return finish(args, kWrongAnswer, outcome.message);
    case Outcome::Result::JudgeError:
      break;
  }
  return finish(args, kFail, outcome.message);
}

// The last resort when the judge itself fails (an exception escaped, memory ran out): testlib's
// FAIL with a message, never an abort. No std::string: after std::bad_alloc nothing may
// allocate, so the message goes out through fixed buffers, to stderr and to RESULT when given.
int crashed(int argc, char** argv, const char* what) {
  std::fprintf(stderr, "FAIL judge error: %s\n", what);
  const char* positional[5] = {nullptr, nullptr, nullptr, nullptr, nullptr};
  int count = 0;
  for (int i = 1; i < argc; ++i) {
    if ((std::strcmp(argv[i], "--testset") == 0 || std::strcmp(argv[i], "--group") == 0) &&
        i + 1 < argc) {
      ++i;
      continue;
    }
    if (count < 5) positional[count++] = argv[i];
  }
  if (!positional[3]) return kFail;
  std::FILE* f = std::fopen(positional[3], "w");
  if (!f) return kFail;
  const bool appes = positional[4] && (std::strcmp(positional[4], "-appes") == 0 ||
                                       std::strcmp(positional[4], "-APPES") == 0);
  if (appes)
    std::fputs("<?xml version=\"1.0\" encoding=\"windows-1251\"?><result outcome = \"fail\">", f);
  std::fputs("judge error: ", f);
  for (const char* c = what; *c; ++c) {  // xml_escape's rules, without allocating
    if (!appes) {
      std::fputc(*c == '\n' || *c == '\r' ? ' ' : *c, f);
    } else if (*c == '&') {
      std::fputs("&amp;", f);
    } else if (*c == '<') {
      std::fputs("&lt;", f);
    } else if (*c == '>') {
      std::fputs("&gt;", f);
    } else if (*c == '"') {
      std::fputs("&quot;", f);
    } else {
      std::fputc(*c >= 0 && *c < 0x20 ? '.' : *c, f);
    }
  }
  std::fputs(appes ? "</result>\n" : "\n", f);
  std::fclose(f);
  return kFail;
}

}  // namespace testlib_transport
}  // namespace entrapment

int main(int argc, char** argv) {
  using namespace entrapment::testlib_transport;
  return entrapment::guarded_main(argc, argv, run, crashed);
}
