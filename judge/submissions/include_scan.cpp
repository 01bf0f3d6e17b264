#include "include_scan.hpp"

#include <cctype>

namespace entrapment {

namespace {

bool blank(char c) { return c == ' ' || c == '\t'; }

// A system header named plainly: letters, digits, '_', '-', '.', '+' and '/' between names,
// never "..", never from "/".
bool plain_system_header(const std::string& name) {
  if (name.empty() || name.front() == '/' || name.find("..") != std::string::npos) return false;
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' ||
          c == '+' || c == '/'))
      return false;
  return true;
}

}  // namespace

bool includes_only_inputs(const std::string& text, const std::set<std::string>& inputs) {
  // Spellings the scan below does not follow: any of them and the source is not cached.
  for (const char* unread : {"%:", "?\?=", "incbin"})
    if (text.find(unread) != std::string::npos) return false;
  for (std::size_t at = text.find('#'); at != std::string::npos; at = text.find('#', at + 1)) {
    std::size_t i = at + 1;
    while (i < text.size() && blank(text[i])) ++i;
    // A comment or a continued line before the directive's name.
    if (i < text.size() && (text[i] == '/' || text[i] == '\\')) return false;
    if (text.compare(i, 5, "embed") == 0) return false;
    if (text.compare(i, 7, "include") != 0) continue;
    i += 7;
    while (i < text.size() && blank(text[i])) ++i;
    const char open = i < text.size() ? text[i] : '\0';
    if (open != '<' && open != '"') return false;
    const std::size_t end = text.find(open == '<' ? '>' : '"', i + 1);
    if (end == std::string::npos) return false;
    const std::string name = text.substr(i + 1, end - i - 1);
    if (name.find('\\') != std::string::npos || name.find('\n') != std::string::npos) return false;
    if (open == '<' ? !plain_system_header(name) : !inputs.count(name)) return false;
  }
  return true;
}

}  // namespace entrapment
