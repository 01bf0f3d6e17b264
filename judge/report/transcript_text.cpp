#include "transcript_text.hpp"

#include "text.hpp"

namespace entrapment::report {

std::vector<std::string> marked_lines(const GameRecord& transcript) {
  std::vector<std::string> out;
  out.reserve(transcript.lines.size());
  for (const GameLine& line : transcript.lines)
    out.push_back(std::string(line.from_contestant ? "> " : "< ") + printable(line.text) +
                  (line.cut ? " [cut]" : ""));
  return out;
}

std::vector<std::string> marked_tail(const GameRecord& transcript, std::size_t count) {
  std::vector<std::string> all = marked_lines(transcript);
  if (all.size() > count) all.erase(all.begin(), all.end() - static_cast<std::ptrdiff_t>(count));
  return all;
}

}  // namespace entrapment::report
