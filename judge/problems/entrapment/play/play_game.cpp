#include "play_game.hpp"

#include <algorithm>
#include <sstream>
#include <vector>

#include "support/files.hpp"
#include "workflow/terminal_game.hpp"

namespace entrapment {

namespace {

std::vector<std::string> split_words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

// A TestCaseError's message without its "line N: " prefix (for a test we wrote ourselves,
// whose line numbers mean nothing to the user).
std::string without_line(const TestCaseError& e) {
  const std::string what = e.what();
  const std::string prefix = "line " + std::to_string(e.line()) + ": ";
  return what.rfind(prefix, 0) == 0 ? what.substr(prefix.size()) : what;
}

}  // namespace

TestCase test_from_file(const std::string& file) {
  const SmallFile read = read_small_file(file);
  if (!read.text) throw PlaySetupError("--test: " + file + ": " + read.why_not());
  try {
    return parse_testcase(*read.text);
  } catch (const TestCaseError& e) {
    throw PlaySetupError("--test: " + file + (e.line() > 0 ? ":" + std::to_string(e.line()) : "") +
                         ": " + without_line(e));
  }
}

TestCase test_from_board(const std::string& board, const std::string& adversary,
                         const std::string& seed) {
  const std::string option = "--board \"" + board + "\"";
  const std::vector<std::string> words = split_words(board);
  if (words.size() < 2)
    throw PlaySetupError(option +
                         ": expected \"R U [labels...]\": the rounds, the number of "
                         "unavailable squares, then their labels");
  const std::vector<std::string> labels(words.begin() + 2, words.end());
  const std::string& u = words[1];
  if (!labels.empty() && u == "0")
    throw PlaySetupError(option + ": U = 0 but " + std::to_string(labels.size()) +
                         " label(s) follow");
  if (labels.empty() && !u.empty() && u != "0" &&
      std::all_of(u.begin(), u.end(), [](char c) { return c >= '0' && c <= '9'; }))
    throw PlaySetupError(option + ": U = " + u + " but no labels follow");
  std::string text = words[0] + " " + u + "\n";
  if (!labels.empty()) {
    std::string line;
    for (const std::string& label : labels) line += (line.empty() ? "" : " ") + label;
    text += line + "\n";
  }
  const int adversary_line = labels.empty() ? 2 : 3;
  text += "adversary " + adversary + " " + seed + "\n";
  try {
    TestCase test = parse_testcase(text);
    // The canonical text must read back as the same game (the parser's round trip).
    parse_testcase(format_testcase(test));
    return test;
  } catch (const TestCaseError& e) {
    if (e.line() == adversary_line)
      throw PlaySetupError("--adversary " + adversary + " --seed " + seed + ": " + without_line(e));
    throw PlaySetupError(option + ": " + without_line(e));
  }
}

}  // namespace entrapment
