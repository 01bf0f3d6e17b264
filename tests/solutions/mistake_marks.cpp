#include "mistake_marks.hpp"

#include <algorithm>

#include "tests/support/text.hpp"

namespace entrapment::solutions_test {

namespace {

struct Line {
  int number;  // 1-based, in its file
  std::string text;
};

using testing::lines_of;
bool is_header_line(const std::string& line, const std::string& comment) {
  return line.empty() || line.rfind(comment, 0) == 0;
}

// The code after the header comment (the leading comment and blank lines), without blank
// lines.
std::vector<Line> body_of(const std::string& text, const std::string& comment) {
  const std::vector<std::string> lines = lines_of(text);
  std::size_t i = 0;
  while (i < lines.size() && is_header_line(lines[i], comment)) ++i;
  std::vector<Line> body;
  for (; i < lines.size(); ++i)  // blank lines are layout, not code: never compared
    if (lines[i].find_first_not_of(" \t\r") != std::string::npos)
      body.push_back({static_cast<int>(i) + 1, lines[i]});
  return body;
}

std::string trimmed(std::string text) {
  text.erase(0, text.find_first_not_of(" \t"));
  if (text.size() > 60) text = text.substr(0, 57) + "...";
  return text;
}

}  // namespace

std::optional<std::string> comment_of(const std::string& file_name) {
  for (const char* ext : {".cpp", ".cc", ".cxx", ".c"})
    if (file_name.size() > std::string(ext).size() &&
        file_name.compare(file_name.size() - std::string(ext).size(), std::string::npos, ext) == 0)
      return std::string("//");
  if (file_name.size() > 3 && file_name.compare(file_name.size() - 3, 3, ".py") == 0)
    return std::string("#");
  return std::nullopt;
}

std::optional<Base> base_of(const std::string& text, const std::string& comment) {
  const std::string tag = comment + " BASE: ";
  for (const std::string& line : lines_of(text)) {
    if (!is_header_line(line, comment)) break;
    if (line.rfind(tag, 0) != 0) continue;
    const std::string value = line.substr(tag.size());
    if (value.rfind("none", 0) == 0) {
      if (value.rfind("none (", 0) != 0 || value.size() <= 7 || value.back() != ')')
        return std::nullopt;
      return Base{"", value.substr(6, value.size() - 7)};
    }
    if (value.empty() || value.find(' ') != std::string::npos) return std::nullopt;
    return Base{value, ""};
  }
  return std::nullopt;
}

std::vector<std::string> unmarked_changes(const std::string& base_text, const std::string& text,
                                          const std::string& comment) {
  const std::vector<Line> base = body_of(base_text, comment), copy = body_of(text, comment);
  const std::string marker = comment + " MISTAKE:";
  // The longest common subsequence of the two bodies: lcs[i][j] for base[i..], copy[j..].
  const std::size_t n = base.size(), m = copy.size();
  std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1, 0));
  for (std::size_t i = n; i-- > 0;)
    for (std::size_t j = m; j-- > 0;)
      lcs[i][j] = base[i].text == copy[j].text ? lcs[i + 1][j + 1] + 1
                                               : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  std::vector<std::string> problems;
  int marked = 0;
  std::size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && base[i].text == copy[j].text) {
      ++i, ++j;
      continue;
    }
    // A run of changes up to the next common line: removed base lines, added lines.
    std::vector<const Line*> removed, added;
    while ((i < n || j < m) && !(i < n && j < m && base[i].text == copy[j].text)) {
      if (j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j]))
        added.push_back(&copy[j++]);
      else
        removed.push_back(&base[i++]);
    }
    for (const Line* line : added) {
      if (line->text.find(marker) != std::string::npos)
        ++marked;
      else
        problems.push_back(std::to_string(line->number) + ": not marked (" + marker +
                           "): " + trimmed(line->text));
    }
    if (added.empty())
      problems.push_back("base lines " + std::to_string(removed.front()->number) + "-" +
                         std::to_string(removed.back()->number) + " are removed with no " + marker +
                         " line in their place: " + trimmed(removed.front()->text));
  }
  if (marked == 0 && problems.empty())
    problems.push_back("no " + marker + " line: the copy does not differ from its base");
  return problems;
}

}  // namespace entrapment::solutions_test
