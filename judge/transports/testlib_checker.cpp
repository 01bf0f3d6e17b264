// The checker that goes with the testlib interactor (testlib_interactor.cpp): Polygon and
// Codeforces run it after an interaction that ended with exit 0, on the judge log the
// interactor wrote to its OUTPUT file. Self-contained, C++17 and the standard library only,
// so it is exported as one file and compiled alone; testlib itself is not used.
//
//   checker INPUT OUTPUT ANSWER [RESULT [-appes]] [extra arguments ignored]
//
// OUTPUT is the judge log. The checker accepts it (exit 0) only when it is well formed, belongs
// to INPUT (its input line names INPUT's size and hash) and its verdict is AC; a WA log gives
// exit 1; anything else (a JE log, a malformed log, a log of another test) is a judge failure,
// exit 3, since only the interactor writes that file. It knows no problem: every problem's
// testlib interactor writes this log.
#include <cstdio>
#include <exception>
#include <fstream>
#include <new>
#include <sstream>
#include <string>
#include <vector>

namespace entrapment_checker {

constexpr int kOk = 0;
constexpr int kWrongAnswer = 1;
constexpr int kFail = 3;

struct Arguments {
  std::string input, output, answer, result;
  bool appes = false;
};

bool read_file(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  return true;
}

// Lines without their '\n'; a last line without '\n' still counts.
std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  for (char c : text) {
    if (c == '\n') {
      lines.push_back(line);
      line.clear();
    } else {
      line += c;
    }
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

// The same escaping as xml_escape() in judge/protocol/tokens.hpp: this checker ships as a file
// of its own, without the core.
std::string xml_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '"')
      out += "&quot;";
    else if (c >= 0 && c <= 31)
      out += '.';
    else
      out += c;
  }
  return out;
}

int finish(const Arguments& args, int code, const std::string& message) {
  const char* word = code == kOk ? "ok" : code == kWrongAnswer ? "wrong answer" : "FAIL";
  const char* outcome = code == kOk ? "accepted" : code == kWrongAnswer ? "wrong-answer" : "fail";
  std::fprintf(stderr, "%s %s\n", word, message.c_str());
  if (!args.result.empty()) {
    std::ofstream out(args.result, std::ios::binary);
    if (args.appes)
      out << "<?xml version=\"1.0\" encoding=\"windows-1251\"?><result outcome = \"" << outcome
          << "\">" << xml_escape(message) << "</result>\n";
    else
      out << message;
    out.flush();
    if (!out) {
      std::fprintf(stderr, "FAIL cannot write the result file %s\n", args.result.c_str());
      return kFail;
    }
  }
  return code;
}

// "input <bytes> <hash>", as the interactor's log names the test file it played (the same
// FNV-1a 64 as input_line() in testlib_interactor.cpp).
std::string input_line(const std::string& input) {
  unsigned long long hash = 14695981039346656037ULL;
  for (unsigned char c : input) hash = (hash ^ c) * 1099511628211ULL;
  char text[64];
  std::snprintf(text, sizeof text, "input %zu %016llx", input.size(), hash);
  return text;
}

int check(const Arguments& args) {
  std::string input_text, log_text;
  if (!read_file(args.input, input_text))
    return finish(args, kFail, "cannot read the test file " + args.input);
  if (!read_file(args.output, log_text))
    return finish(args, kFail, "cannot read the judge log " + args.output);
  const std::vector<std::string> log = split_lines(log_text);
  const std::string where = "judge log " + args.output + ": ";
  if (log.empty() || log[0] != "entrapment-log 2")
    return finish(args, kFail, where + "line 1 is not 'entrapment-log 2'");
  if (log.size() < 3 || log[1].rfind("verdict ", 0) != 0 || log[2].rfind("message ", 0) != 0)
    return finish(args, kFail, where + "lines 2 and 3 must be 'verdict ...' and 'message ...'");
  const std::string verdict = log[1].substr(8);
  const std::string message = log[2].substr(8);
  if (verdict == "JE") return finish(args, kFail, "the interactor failed: " + message);
  if (verdict != "AC" && verdict != "WA")
    return finish(args, kFail, where + "unknown verdict '" + verdict + "'");
  if (log.size() < 4 || log[3].rfind("input ", 0) != 0)
    return finish(args, kFail, where + "line 4 is not 'input <bytes> <hash>'");
  for (std::size_t i = 4; i < log.size(); ++i)
    if (log[i].rfind("< ", 0) != 0 && log[i].rfind("> ", 0) != 0)
      return finish(args, kFail,
                    where + "line " + std::to_string(i + 1) + " starts with neither '< ' nor '> '");
  if (log[3] != input_line(input_text))
    return finish(args, kFail,
                  where + "the game was played on another test than " + args.input + " (" + log[3] +
                      ", the file is " + input_line(input_text) + ")");

  return finish(args, verdict == "AC" ? kOk : kWrongAnswer, message);
}

}  // namespace entrapment_checker

static int run_checker(int argc, char** argv) {
  using namespace entrapment_checker;
  Arguments args;
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if ((arg == "--testset" || arg == "--group") && i + 1 < argc) {
      ++i;
      continue;
    }
    positional.push_back(arg);
  }
  if (positional.size() > 3) args.result = positional[3];
  if (positional.size() > 4) args.appes = positional[4] == "-appes" || positional[4] == "-APPES";
  if (positional.size() < 3)
    return finish(args, kFail, "usage: checker INPUT OUTPUT ANSWER [RESULT [-appes]]");
  args.input = positional[0];
  args.output = positional[1];
  args.answer = positional[2];
  return check(args);
}

// Whatever goes wrong inside (memory runs out, an exception escapes) is a judge failure with a
// message, never an abort; no std::string here, since after std::bad_alloc nothing may allocate.
int main(int argc, char** argv) {
  try {
    return run_checker(argc, argv);
  } catch (const std::bad_alloc&) {
    std::fputs("FAIL judge error: out of memory (std::bad_alloc)\n", stderr);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "FAIL judge error: %s\n", e.what());
  } catch (...) {
    std::fputs("FAIL judge error: an unknown exception\n", stderr);
  }
  return entrapment_checker::kFail;
}
